// A staging's layout as plain data (shared/schemas/layout.ts): the room as the engine measured it and
// the pieces it placed, so the agent can arrange them and the engine re-render without analysing the
// photo again (issue 31, decision 0157). Conversions both ways between the engine's PlacedItem and the
// stored Piece, and the floor rule's inputs rebuilt from the stored room.
import { MODEL_VARIANTS, type PieceType } from '#shared/constants/layout.ts';
import { STYLES } from '#shared/constants/staging.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { project, roomToWorld } from '../geometry/camera.ts';
import type { PlacedItem } from '../layout/fit.ts';
import type { ItemKind } from '../layout/templates.ts';
import { floorSceneOf, sceneFrom, type FloorScene } from '../plan-layout.ts';
import type { StagingPlan } from '../plan-staging.ts';
import { hashString } from '../rng.ts';
import { schemeFor } from '../styles/colour-schemes.ts';
import { STYLE_SPECS, type StyleSpec } from '../styles/styles.ts';

// The shared piece types and the engine's item kinds are one list: a compile error here means a
// model was added on one side only.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKinds: Same<PieceType, ItemKind> = true;
void sameKinds;

const plainPt = (p: readonly number[]): [number, number] => [p[0]!, p[1]!];

/**
 * The room of a staging plan, as stored, with the colour scheme drawn from its seed or from the
 * listing's furniture set (`set`), like the pieces' variants.
 */
export function roomModelOf(
  plan: Pick<StagingPlan, 'analysis' | 'obstacles' | 'floors' | 'seed' | 'spec'>,
  set?: number,
): RoomModel {
  const a = plan.analysis;
  const scene = floorSceneOf(a, plan.obstacles, plan.floors);
  const cam = a.camera;
  // A floor-outline corner is a wall base when it projects inside the frame (not the photo's edge).
  const isWall = ([x, z]: [number, number]) => {
    const [u, v] = project(cam, roomToWorld(cam, x, z));
    return u > a.width * 0.015 && u < a.width * 0.985 && v < a.height * 0.985;
  };
  const floor = a.floorRoom.map(plainPt);
  const walls = floor
    .map((p, i) => ({ from: p, to: floor[(i + 1) % floor.length]! }))
    .filter((w) => isWall(w.from) && isWall(w.to));
  return {
    width: a.width,
    height: a.height,
    camera: {
      width: cam.width,
      height: cam.height,
      f: cam.f,
      cx: cam.cx,
      cy: cam.cy,
      pitch: cam.pitch,
      eye: cam.eye,
      yaw: cam.yaw,
    },
    fallbackCamera: a.fallbackCamera,
    floor,
    floorImage: a.floorImage.map(plainPt),
    walls,
    backWall: a.backWall,
    openings: a.openings.map((o) => ({ ...o })),
    light: {
      dir: [a.lightDir[0], a.lightDir[1], a.lightDir[2]],
      floorColor: [a.floorColor[0], a.floorColor[1], a.floorColor[2]],
      tone: { p50: a.tone.p50, p95: a.tone.p95, wallTint: [...a.tone.wallTint], noise: a.tone.noise },
    },
    constraint: {
      floors: plan.floors.map((f) => f.map(plainPt)),
      obstacles: plan.obstacles.map((b) => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 })),
      uprights: scene.uprights.map((g) => ({ u: g.u, foot: g.foot, top: g.top, height: g.height })),
      fronts: scene.fronts.map((f) => ({ u0: f.u0, u1: f.u1, foot0: f.foot0, foot1: f.foot1 })),
      // The segments the door rule reads are not stored, so the doors it found are (decision 0230).
      doors: scene.doors.map((d) => ({
        swing: { ...d.swing },
        box: { ...d.box },
        approach: d.approach.map(plainPt),
      })),
    },
    seed: plan.seed >>> 0,
    modelSeeds: 'style',
    colours: schemeFor(plan.spec, plan.seed, set),
  };
}

/** The floor rule's inputs from a stored room (the agreed-floor rows are rebuilt, they are cheap). */
export function floorSceneOfModel(room: RoomModel): FloorScene {
  const c = room.constraint;
  return sceneFrom(room.camera, room.width, room.height, {
    floors: c.floors,
    uprights: c.uprights,
    fronts: c.fronts,
    obstacles: c.obstacles,
    openings: room.openings,
    // A room stored before its doors were (decision 0230) has none; one stored before their
    // approach (decision 0250) keeps only the swing.
    doors: (c.doors ?? []).map((d) => ({ ...d, approach: d.approach ?? [] })),
  });
}

/** What the renderer reads, from a stored room. */
export function renderRoomOf(room: RoomModel): RenderRoom {
  return {
    width: room.width,
    height: room.height,
    camera: room.camera,
    floorImage: room.floorImage,
    floorRoom: room.floor,
    backWall: room.backWall,
    openings: room.openings,
    lightDir: room.light.dir,
    floorColor: room.light.floorColor,
    tone: room.light.tone,
  };
}

/** Angle in (-pi, pi]. */
const wrap = (r: number) => Math.atan2(Math.sin(r), Math.cos(r));

/**
 * Pieces that come as a matched set in a real room (a pair of nightstands, dining chairs, two
 * armchairs): every piece of such a kind in one staging takes the same model. Plants, art and the
 * rest vary piece by piece (two identical plants would look copied).
 */
const MATCHED = new Set<PieceType>(['nightstand', 'chair', 'armchair', 'office-chair']);

/**
 * The engine's placed items as stored pieces; each gets a model variant from the staging's seed
 * (the photo, style, room type and regeneration: chosen per photo), or, when a listing asks for one
 * furniture set (`set`), from that set's seed by piece type alone, so every photo staged with the
 * same set shows the same sofa, bed and armchair.
 */
export function piecesOf(items: readonly PlacedItem[], seed: number, set?: number): Piece[] {
  return items.map((it, i) => ({
    id: `${it.kind}-${i}`,
    type: it.kind,
    variant:
      hashString(
        set !== undefined
          ? `set:${set}:${it.kind}`
          : MATCHED.has(it.kind)
            ? `${seed}:${it.kind}`
            : `${seed}:${i}`,
      ) % MODEL_VARIANTS,
    x: it.a,
    z: it.b,
    rotation: wrap(it.facing),
    scale: 1,
    size: { w: it.w, d: it.d, h: it.h },
    elevation: it.elevation,
    group: it.group,
  }));
}

/** A stored piece as the engine's placed item. */
export function itemOf(p: Piece): PlacedItem {
  return {
    kind: p.type,
    group: p.group,
    a: p.x,
    b: p.z,
    facing: p.rotation,
    w: p.size.w * p.scale,
    d: p.size.d * p.scale,
    h: p.size.h * p.scale,
    elevation: p.elevation,
    onWall: p.type === 'art',
    covering: p.type === 'rug',
  };
}

/**
 * The seed of a piece's model: its type, variant and style, so a swap changes the model and nothing
 * else. The style is in it so that variant k of a modern bed and of a Scandinavian one are drawn
 * apart: without it the two shared every random draw (the same headboard kind, pillow count and
 * throw), and the catalogue held six beds for all soft styles together (0255). A room stored before
 * that (`byStyle` false) keeps the seeds, and so the designs, its staging was drawn with.
 */
export const modelSeed = (p: Pick<Piece, 'type' | 'variant'>, spec: StyleSpec, byStyle = true) =>
  hashString(byStyle ? `model:${p.type}:${p.variant}:${styleKey(spec)}` : `model:${p.type}:${p.variant}`);

const styleKeys = new WeakMap<StyleSpec, string>();
/**
 * A style's identity for seeding: its name when the spec is (a copy of) a named style's, so tuning a
 * style's colours later does not redraw every stored room's designs; otherwise its content's hash.
 */
function styleKey(spec: StyleSpec): string {
  let k = styleKeys.get(spec);
  if (k === undefined) {
    const json = JSON.stringify(spec);
    k = STYLES.find((s) => JSON.stringify(STYLE_SPECS[s]) === json) ?? String(hashString(json));
    styleKeys.set(spec, k);
  }
  return k;
}
