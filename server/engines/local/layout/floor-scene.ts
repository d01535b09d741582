// The floor rule every base obeys, the engine's own layout and a piece the agent drags alike: where the
// floor estimates agree there is floor (closed at frames), off detected objects and uprights, with margins
// in metres (keep-clear.ts), tall pieces clear of windows and doors (decisions 0100, 0140, 0141, 0157).
import type { RoomAnalysis } from '../analysis/analyze.ts';
import type { Opening } from '../analysis/openings.ts';
import { horizonRow, type Camera } from '../geometry/camera.ts';
import type { Box } from '#server/lib/images/index.ts';
import { rectOf, type PlacedItem } from './fit.ts';
import { fronts, standsInFront, type Front } from './faces.ts';
import { footprintBox, footprintQuad, projectedBox } from './footprint.ts';
import { doorsFromHeads, type DoorZone, type Line } from './door-heads.ts';
import { closeFrames } from './frames.ts';
import { polygonsMeet, rectsOverlap, type Pt, type Rect } from './geometry.ts';
import {
  blocksTallEdge,
  grownBase,
  hidesOpening,
  nearObject,
  OBJECT_MARGIN,
  objectZones,
  SECONDARY_MARGIN,
  TALL,
  tallFeet,
  uprightInside,
  wholeInFrame,
} from './keep-clear.ts';
import { clearOfObstacles } from './occupancy.ts';
import { agreedFloorRows, loosestFloorRows, onAgreedFloor } from './trusted-floor.ts';
import { certainFloorRows } from './disputed-floor.ts';
import { standsOnUpright, uprights, type Upright } from './uprights.ts';

/**
 * What the floor rule reads besides the piece: built once per layout from the analysis, or from a
 * staging's stored room so a piece the agent drags is judged by the same rule (issue 31).
 */
export interface FloorScene {
  camera: Camera;
  width: number;
  height: number;
  /** Rows where the floor estimates agree there is floor, closed at frames (trusted-floor.ts, frames.ts). */
  agreed: Float32Array | null;
  /** The same with the colour floor as seen (dips kept), for optional pieces; null to skip. */
  seen: Float32Array | null;
  /** The agreed rows less the estimates' disagreement, for optional pieces and companions (disputed-floor.ts). */
  certain: Float32Array | null;
  uprights: readonly Upright[];
  fronts: readonly Front[];
  obstacles: readonly Box[];
  /** Detected objects as floor rectangles, and the feet of door-height edges (keep-clear.ts). */
  zones: readonly Rect[];
  feet: ReturnType<typeof tallFeet>;
  openings: readonly Pick<Opening, 'x0' | 'y0' | 'x1' | 'y1'>[];
  /** Doors found from one jamb and its head (door-heads.ts): their swing stays clear. */
  doors: readonly DoorZone[];
}

/** Why a base may not stand where it is. */
export type FloorProblem = 'off-floor' | 'on-object' | 'blocks-door' | 'hides-opening';

/** The scene from its measured parts (the editor rebuilds it from a stored room). */
export function sceneFrom(
  camera: Camera,
  width: number,
  height: number,
  m: {
    floors: readonly (readonly Pt[])[];
    seenFloor?: readonly Pt[] | undefined;
    uprights: readonly Upright[];
    fronts: readonly Front[];
    obstacles: readonly Box[];
    openings: FloorScene['openings'];
    /** Segments for the door-head rule (a measured room)... */
    segments?: readonly Line[] | undefined;
    /** ...or the doors it found, as a stored room keeps them (it has no segments). */
    doors?: readonly DoorZone[] | undefined;
  },
): FloorScene {
  // The floor ends where a frame stands (a mirror, glass, a doorway: frames.ts).
  const rows = (fs: readonly (readonly Pt[])[]) =>
    closeFrames(agreedFloorRows(fs, width), m.uprights, camera);
  const agreed = m.floors.length ? rows(m.floors) : null;
  const loose = agreed && closeFrames(loosestFloorRows(m.floors, width), m.uprights, camera);
  const doors =
    m.doors ?? (agreed && m.segments ? doorsFromHeads(camera, m.uprights, m.segments, agreed) : []);
  return {
    camera,
    width,
    height,
    agreed,
    seen: m.seenFloor ? rows([m.seenFloor, ...m.floors]) : null,
    certain: agreed && loose && certainFloorRows(camera, agreed, loose),
    uprights: m.uprights,
    fronts: m.fronts,
    obstacles: m.obstacles,
    zones: objectZones(camera, m.obstacles),
    feet: tallFeet(camera, m.uprights),
    openings: [...m.openings, ...doors.map((d) => d.box)],
    doors,
  };
}

/** The scene of a measured room. */
export function floorSceneOf(
  a: Pick<RoomAnalysis, 'camera' | 'width' | 'height' | 'segments' | 'vanishingPoints' | 'openings'>,
  obstacles: readonly Box[],
  floors: readonly (readonly Pt[])[],
  seenFloor?: readonly Pt[],
): FloorScene {
  // Units, bookcases and posts the detector does not box still show world-vertical edges rising
  // from where they stand; a piece may not stand behind one (see uprights.ts).
  const ups = uprights(
    a.segments,
    a.camera,
    a.vanishingPoints.filter((v) => v.finite).map((v): [number, number] => [v.x, v.y]),
  );
  return sceneFrom(a.camera, a.width, a.height, {
    floors,
    seenFloor,
    uprights: ups,
    fronts: fronts(a.segments, ups, a.width, horizonRow(a.camera)),
    obstacles,
    openings: a.openings,
    segments: a.segments,
  });
}

/** Whether a base stands on something other than open floor (`maxOff`: share allowed past the floor line). */
function standsOnSomething(s: FloorScene, it: PlacedItem, maxOff?: number): FloorProblem | null {
  const a = { camera: s.camera };
  const quad = footprintQuad(a, it);
  // Every base (rugs too) stands where the floor estimates agree there is floor.
  if (s.agreed && !onAgreedFloor(quad, s.agreed, s.height, maxOff)) return 'off-floor';
  const foot = footprintBox(a, it);
  // Rugs lie flat: only their footprint counts, nothing can hide them, and an upright in front of
  // one hides a strip of it rather than showing it stands on something.
  if (it.covering) return clearOfObstacles(foot, foot, s.obstacles, true) ? null : 'on-object';
  const blocked =
    standsOnUpright(quad, s.uprights, s.height) ||
    standsInFront(quad, s.fronts, s.height) ||
    !clearOfObstacles(foot, projectedBox(a, it), s.obstacles, false);
  return blocked ? 'on-object' : null;
}

/** The floor rule, with margins in metres around the evidence, never relaxed (keep-clear.ts). */
export function occupiedFloor(s: FloorScene, it: PlacedItem): FloorProblem | null {
  if (it.onWall) return null;
  const a = { camera: s.camera };
  if (!it.covering && nearObject(rectOf(it), s.zones)) return 'on-object';
  if (!it.covering && blocksTallEdge(rectOf(it), footprintQuad(a, it), s.feet)) return 'on-object';
  if (s.doors.some((d) => rectsOverlap(rectOf(it), d.swing, OBJECT_MARGIN))) return 'blocks-door';
  // The approach is judged in the image, where the door is its own ruler (door-heads.ts, decision 0250).
  if (s.doors.some((d) => polygonsMeet(footprintQuad(a, it), d.approach))) return 'blocks-door';
  if (it.h >= TALL && hidesOpening(projectedBox(a, it), s.openings)) return 'hides-opening';
  // Nothing may rise from inside a rug (a stool's or a desk's legs, a unit's corner).
  if (it.covering && uprightInside(footprintQuad(a, it), s.uprights)) return 'on-object';
  if (it.optional || it.companion) {
    // An optional piece (and a companion, companions.ts) needs the floor seen around it: its grown
    // base on the floor's own colour too (no filled dips: a radiator, a kneehole) and nothing rising
    // from it.
    const grown = grownBase(it, SECONDARY_MARGIN);
    const quad = footprintQuad(a, grown);
    if (!it.covering && !wholeInFrame(quad, s.width, s.height)) return 'off-floor';
    if (s.seen && !onAgreedFloor(quad, s.seen, s.height, 0)) return 'off-floor';
    // Where the estimates disagree about the floor's end, the disagreement is a standing piece's
    // margin (a rug lies flat: it may run under a counter's overhang or a bed's end).
    if (!it.covering && s.certain && !onAgreedFloor(footprintQuad(a, it), s.certain, s.height, 0))
      return 'off-floor';
    if (uprightInside(quad, s.uprights)) return 'on-object';
    const around = standsOnSomething(s, grown, 0);
    if (around) return around;
  }
  // The main piece decides whether the room is staged at all: its whole base on agreed floor.
  return standsOnSomething(s, it, it.main ? 0 : undefined);
}
