// stage(): analyse the photo, fit the room type's template to the measured floor, build the
// style's furniture, render it lit like the photo and composite it over the original.
import type { RawImage, StageRequest, Staged } from '#server/engines/types.ts';
import { analyze, type RoomAnalysis } from './analysis/analyze.ts';
import { floorPoint, project, roomToWorld, worldToRoom } from './geometry/camera.ts';
import { clamp } from './geometry/vec.ts';
import { fitLayout, type LayoutRoom, type PlacedItem } from './layout/fit.ts';
import type { Rect } from './layout/geometry.ts';
import { templateFor, type TemplateGroup } from './layout/templates.ts';
import { composite } from './render/compositor.ts';
import { rasterize } from './render/rasterizer.ts';
import { buildScene } from './render/scene.ts';
import { shade, type Lighting } from './render/shading.ts';
import { floorShading } from './render/shadows.ts';
import { createRng, hashString } from './rng.ts';
import { srgbToLinear } from './styles/materials.ts';
import { STYLE_SPECS } from './styles/styles.ts';

export interface StageOptions {
  /** Cap on render pixels (before 2x2 supersampling); larger photos are rendered smaller and upsampled. */
  maxRenderPixels?: number;
  /** Receives the duration of each phase in milliseconds (for the benchmark). */
  onPhase?: (phase: 'analysis' | 'layout' | 'render' | 'composite', ms: number) => void;
}

export type StageInput = Omit<StageRequest, 'signal'> & { signal?: AbortSignal };

export async function stageImage(img: RawImage, req: StageInput, opts: StageOptions = {}): Promise<Staged> {
  // Yielding between phases lets timers (a request timeout) fire and abort the signal.
  const check = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (req.signal?.aborted) throw req.signal.reason ?? new Error('Staging aborted');
  };
  await check();
  let t0 = performance.now();
  const phase = (name: 'analysis' | 'layout' | 'render' | 'composite') => {
    const t = performance.now();
    opts.onPhase?.(name, t - t0);
    t0 = t;
  };
  let analysis = analyze(img);
  phase('analysis');
  await check();
  const spec = STYLE_SPECS[req.style];
  const seed = hashString(`${pixelHash(img)}:${req.style}:${req.roomType}:${req.variant}`);
  const rng = createRng(seed);
  const groups = withExtras(templateFor(req.roomType, rng.chance(0.5) ? 0 : Math.PI / 2), spec.extraPlants);
  const layoutOpts = { seed, variant: req.variant, minimal: spec.minimal };
  let plan = planLayout(analysis, groups, layoutOpts);
  // Kitchen units stand on the floor and a room box ignores them, so kitchens keep the colour floor.
  if ((plan.simplified || !mainPieces(plan.items)) && req.roomType !== 'kitchen') {
    // The colour-based floor left too little to furnish (a floor darkening down a corridor,
    // glossy tiles, sun patches): measure the floor as a room box and keep whichever furnishes more.
    const boxed = analyze(img, { boxFloor: true });
    const retry = planLayout(boxed, groups, layoutOpts);
    const better =
      mainPieces(retry.items) > mainPieces(plan.items) ||
      (mainPieces(retry.items) === mainPieces(plan.items) &&
        frameShare(boxed, retry.items) > frameShare(analysis, plan.items) * 1.2);
    if (better) {
      analysis = boxed;
      plan = retry;
    }
  }
  const { items } = plan;
  const notes: string[] = [];
  if (plan.simplified) notes.push('Little free floor was found; the layout was simplified.');
  if (analysis.fallbackCamera) notes.push('Room geometry was unclear; a default camera was assumed.');
  phase('layout');
  await check();

  const renderScale = Math.min(1, Math.sqrt((opts.maxRenderPixels ?? 1_200_000) / (img.width * img.height)));
  const rw = Math.max(1, Math.round(img.width * renderScale));
  const rh = Math.max(1, Math.round(img.height * renderScale));
  const scene = buildScene(items, spec, rng, analysis.camera, renderScale);
  const vis = rasterize(scene, rw, rh, 2);
  await check();
  const layers = shade(scene, vis, lighting(analysis));
  const shadeMap = floorShading(scene, items, {
    cam: analysis.camera,
    renderScale,
    width: rw,
    height: rh,
    light: analysis.lightDir,
    strength: analysis.openings.length ? 0.42 : 0.3,
    floorRow: floorRows(analysis, rw, renderScale),
  });
  phase('render');
  await check();
  const out = composite(img, layers, shadeMap, analysis.tone.noise, seed);
  phase('composite');
  const core = groups[0]!.items.filter((it) => !it.optional).length;
  const placedCore = mainPieces(items);
  const engineConfidence = clamp(
    analysis.confidence * (0.5 + 0.5 * Math.min(1, placedCore / Math.max(1, core - 1))),
    0,
    1,
  );
  return { image: out.image, furnitureMask: out.mask, engineConfidence, notes };
}

/**
 * Fits the groups to the measured floor. Deep rooms (or a horizon measured low) leave furniture
 * tiny in the distance, so the groups are brought forward until they fill a plausible share of the
 * frame; a tight or unclear floor relaxes walkways, door zones and the window rule, then the
 * framing rule too, rather than return an empty room (`simplified`).
 */
function planLayout(
  analysis: RoomAnalysis,
  groups: TemplateGroup[],
  o: { seed: number; variant: number; minimal: boolean },
): { items: PlacedItem[]; simplified: boolean } {
  let items: PlacedItem[] = [];
  for (const maxDepth of [6.5, 4.8, 3.6]) {
    items = fitLayout(layoutRoom(analysis, maxDepth), groups, {
      rng: createRng(o.seed ^ 0x9e37),
      variant: o.variant,
      minimal: o.minimal,
    });
    if (frameShare(analysis, items) >= 0.1) break;
  }
  if (frameShare(analysis, items) >= 0.09) return { items, simplified: false };
  const room = layoutRoom(analysis);
  const loose = (it: PlacedItem) => fitsFrame(analysis, projectedBox(analysis, it), 0.7);
  for (const allows of [loose, undefined]) {
    items = fitLayout({ ...room, keepOut: [], allows }, groups, {
      rng: createRng(o.seed ^ 0x7f4a),
      variant: o.variant,
      minimal: true,
      walkway: 0.3,
    });
    if (frameShare(analysis, items) >= 0.09) break;
  }
  return { items, simplified: true };
}

/** Pieces of the main group (the sofa set, the bed...) standing on the floor. */
const mainPieces = (items: PlacedItem[]) =>
  items.filter((it) => it.group === 0 && !it.covering && !it.onWall).length;

/** Cheap content hash: enough to seed layouts per photo. */
function pixelHash(img: RawImage): string {
  let h = 0x811c9dc5;
  const step = Math.max(1, Math.floor(img.data.length / 65536));
  for (let i = 0; i < img.data.length; i += step) h = Math.imul(h ^ img.data[i]!, 0x01000193);
  return `${img.width}x${img.height}:${h >>> 0}`;
}

function withExtras(groups: TemplateGroup[], extraPlants: number): TemplateGroup[] {
  const plant = groups.find((g) => g.name === 'plant');
  if (!plant || !extraPlants) return groups;
  return [...groups, ...Array.from({ length: extraPlants }, () => plant)];
}

/** Rough share of the frame the pieces will cover, from their projected boxes. */
function frameShare(a: RoomAnalysis, items: PlacedItem[]): number {
  let area = 0;
  for (const it of items) {
    if (it.onWall) continue;
    const b = projectedBox(a, it);
    const w = Math.max(0, Math.min(b.x1, a.width) - Math.max(b.x0, 0));
    const h = Math.max(0, Math.min(b.y1, a.height) - Math.max(b.y0, 0));
    area += w * h * (it.covering ? 0.8 : 0.6);
  }
  return area / (a.width * a.height);
}

export function layoutRoom(a: RoomAnalysis, maxDepth = 6.5): LayoutRoom {
  const cam = a.camera;
  const keepOut: Rect[] = [];
  for (const o of a.openings) {
    if (o.kind !== 'door') continue;
    const p = floorPoint(cam, o.x0, Math.min(o.y1, a.height - 1));
    const q = floorPoint(cam, o.x1, Math.min(o.y1, a.height - 1));
    if (!p || !q) continue;
    const [a0, b0] = worldToRoom(cam, p);
    const [a1, b1] = worldToRoom(cam, q);
    // A door needs about a metre of clear floor in front of it.
    keepOut.push({ a: (a0 + a1) / 2, b: (b0 + b1) / 2 - 0.5, w: Math.abs(a1 - a0) + 0.4, d: 1.4, rot: 0 });
  }
  const openings = a.openings.map((o) => ({ ...o, area: (o.x1 - o.x0) * (o.y1 - o.y0) }));
  const allows = (it: PlacedItem) => {
    const box = projectedBox(a, it);
    if (!fitsFrame(a, box)) return false;
    return openings.every((o) => {
      const ix = Math.max(0, Math.min(box.x1, o.x1) - Math.max(box.x0, o.x0));
      const iy = Math.max(0, Math.min(box.y1, o.y1) - Math.max(box.y0, o.y0));
      // Wall art must hang on solid wall; furniture may overlap a window's lower edge a little.
      const limit = it.onWall ? 0 : o.kind === 'door' ? 0.08 : 0.12;
      return (ix * iy) / o.area <= limit;
    });
  };
  const isWall = ([pa, pb]: [number, number]) => {
    const [u, v] = project(cam, roomToWorld(cam, pa, pb));
    return u > a.width * 0.015 && u < a.width * 0.985 && v < a.height * 0.985;
  };
  return { floor: a.floorRoom, keepOut, allows, isWall, maxDepth };
}

/** Mostly in frame (pieces may be cut by the bottom edge) and not looming over the camera. */
function fitsFrame(
  a: RoomAnalysis,
  box: { x0: number; y0: number; x1: number; y1: number },
  maxTall = 0.55,
): boolean {
  if (box.x0 < -a.width * 0.02 || box.x1 > a.width * 1.02) return false;
  const tall = box.y1 - box.y0;
  return (Math.min(box.y1, a.height) - box.y0) / tall >= 0.5 && tall <= a.height * maxTall;
}

/** Image-space bounding box of a placed item's 3-D box. */
export function projectedBox(a: RoomAnalysis, it: PlacedItem) {
  const c = Math.cos(it.facing);
  const s = Math.sin(it.facing);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const dx of [-1, 1])
    for (const dz of [-1, 1])
      for (const y of [it.elevation, it.elevation + it.h]) {
        const lx = (dx * it.w) / 2;
        const lz = (dz * it.d) / 2;
        const [u, v] = project(
          a.camera,
          roomToWorld(a.camera, it.a + lx * c - lz * s, it.b + lx * s + lz * c, y),
        );
        [x0, y0, x1, y1] = [Math.min(x0, u), Math.min(y0, v), Math.max(x1, u), Math.max(y1, v)];
      }
  return { x0, y0, x1, y1 };
}

function lighting(a: RoomAnalysis): Lighting {
  const lin = (v: number) => srgbToLinear(clamp(v, 0, 255));
  const floor = a.floorColor.map(lin);
  const fmax = Math.max(...floor, 1e-3);
  const target = lin(a.tone.p95 * 0.92);
  const key = a.openings.length ? 0.85 : 0.65;
  return {
    dir: a.lightDir,
    key,
    ambient: 0.6,
    sky: [1, 1, 1],
    ground: floor.map((v) => 0.35 + (0.4 * v) / fmax) as [number, number, number],
    exposure: clamp(target / (0.83 * (key * 0.6 + 0.45)), 0.3, 1.4),
    tint: a.tone.wallTint,
    eye: [0, a.camera.eye, 0],
  };
}

function floorRows(a: RoomAnalysis, rw: number, scale: number): Float32Array {
  const rows = new Float32Array(rw);
  const pts = a.floorImage.slice(1, -1);
  let j = 0;
  for (let x = 0; x < rw; x++) {
    const u = (x + 0.5) / scale;
    while (j < pts.length - 2 && pts[j + 1]![0] < u) j++;
    const [u0, v0] = pts[j]!;
    const [u1, v1] = pts[Math.min(pts.length - 1, j + 1)]!;
    const t = u1 > u0 ? clamp((u - u0) / (u1 - u0), 0, 1) : 0;
    rows[x] = (v0 + (v1 - v0) * t) * scale;
  }
  return rows;
}
