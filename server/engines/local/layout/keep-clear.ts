// Margins in metres that make a placement trustworthy rather than merely possible
// (docs/decisions/0140-placement-margins.md). The floor outlines, the detector's boxes and the
// upright edges are each a little wrong at their edges, and a piece that just fits between them is
// exactly the piece that stands on a wall base, a counter's foot or the end of a bed. The camera model
// turns image evidence into floor metres, so one margin means the same clearance near and far:
// - every standing piece keeps OBJECT_MARGIN of floor from what already stands there;
// - an optional piece (plant, side table, lamp, extra chair, sideboard...) needs its base grown by
//   SECONDARY_MARGIN to lie wholly on agreed floor, wholly inside the frame (the floor under it is
//   seen, not assumed) and clear of every upright and object; otherwise it is dropped, since the
//   room is staged without it;
// - a tall piece never hides any part of a window or door.
import type { Box } from '#server/lib/images/index.ts';
import { floorPoint, worldToRoom, type Camera } from '../geometry/camera.ts';
import type { Opening } from '../analysis/openings.ts';
import { FRAME_HEIGHT } from './frames.ts';
import { pointInPolygon, rectsOverlap, type Pt, type Rect } from './geometry.ts';

/** Floor a standing piece keeps clear around a detected object's contact (a person passes), metres. */
export const OBJECT_MARGIN = 0.3;
/** Verified floor an optional piece needs on every side of its base, metres. */
export const SECONDARY_MARGIN = 0.2;
/** Pieces this tall (metres) hide what stands behind them: plants, floor lamps, bookcases. */
export const TALL = 1.2;
/** Depth range assumed behind an object's front edge, metres: its box shows width, not depth. */
const MIN_DEPTH = 0.6;
const MAX_DEPTH = 2.0;

/**
 * Each detected object's floor area as a rectangle in room metres: its box's bottom edge is the
 * front of its contact with the floor (nearest the camera); it reaches back by about its width
 * (a sofa seen from the front is shallower, a bed seen from its foot deeper), clamped. Boxes whose
 * bottom lies above the horizon have no floor contact in view and are left to the image rules.
 */
export function objectZones(cam: Camera, obstacles: readonly Box[]): Rect[] {
  const zones: Rect[] = [];
  for (const o of obstacles) {
    const v = Math.min(o.y1, cam.height - 1);
    const p = floorPoint(cam, o.x0, v);
    const q = floorPoint(cam, o.x1, v);
    if (!p || !q) continue;
    const [a0, b0] = worldToRoom(cam, p);
    const [a1, b1] = worldToRoom(cam, q);
    const w = Math.hypot(a1 - a0, b1 - b0);
    const rot = Math.atan2(b1 - b0, a1 - a0);
    const depth = Math.min(MAX_DEPTH, Math.max(MIN_DEPTH, w));
    // The normal (-sin, cos) of a left-to-right edge points away from the camera.
    zones.push({
      a: (a0 + a1) / 2 - (Math.sin(rot) * depth) / 2,
      b: (b0 + b1) / 2 + (Math.cos(rot) * depth) / 2,
      w,
      d: depth,
      rot,
    });
  }
  return zones;
}

/** True when the base (room rectangle) comes within `margin` metres of any object's floor area. */
export function nearObject(base: Rect, zones: readonly Rect[], margin = OBJECT_MARGIN): boolean {
  return zones.some((z) => rectsOverlap(base, z, margin));
}

/** The base grown by `m` metres on every side (the same centre and turn). */
export function grownBase<T extends { w: number; d: number }>(it: T, m: number): T {
  return { ...it, w: it.w + 2 * m, d: it.d + 2 * m };
}

/** Every corner of the image quad lies inside the frame. */
export function wholeInFrame(quad: readonly Pt[], width: number, height: number): boolean {
  return quad.every(([u, v]) => u >= 0 && u < width && v >= 0 && v < height);
}

/** A tall piece's image box overlaps no window or door at all (it would stand in front of it). */
export function hidesOpening(
  box: { x0: number; y0: number; x1: number; y1: number },
  openings: readonly Pick<Opening, 'x0' | 'y0' | 'x1' | 'y1'>[],
): boolean {
  return openings.some(
    (o) => Math.min(box.x1, o.x1) > Math.max(box.x0, o.x0) && Math.min(box.y1, o.y1) > Math.max(box.y0, o.y0),
  );
}

/**
 * True when a world-vertical edge rises from inside the base (its foot within the quad): something
 * stands there, a stool's leg, a desk's side, a unit's corner. Wall corners and door jambs stand at
 * the floor's edge, behind a base that keeps its margin from the wall.
 */
export function uprightInside(quad: readonly Pt[], ups: readonly { u: number; foot: number }[]): boolean {
  return ups.some((g) => pointInPolygon([g.u, g.foot], quad));
}

/** Pieces at least this wide (metres) are the ones that block a door: beds, sofas, tables, sideboards. */
export const WIDE = 0.9;
/** Clear floor (metres) between a wide piece's base and the foot of a door-height edge. */
export const DOOR_REACH = 0.5;

export interface TallFoot {
  /** Image column of the edge. */
  u: number;
  /** Its foot on the floor, room metres. */
  at: Pt;
}

/**
 * Frame edges (layout/frames.ts: door jambs, wardrobe and mirror frames, floor-length window frames,
 * posts) with their foot on the floor in room metres: a wide piece pushed against one blocks what it
 * belongs to. Feet above the horizon are dropped.
 */
export function tallFeet(
  cam: Camera,
  ups: readonly { u: number; foot: number; height: number }[],
): TallFoot[] {
  const out: TallFoot[] = [];
  for (const g of ups) {
    if (g.height < FRAME_HEIGHT) continue;
    const p = floorPoint(cam, g.u, Math.min(g.foot, cam.height - 1));
    if (p) out.push({ u: g.u, at: worldToRoom(cam, p) });
  }
  return out;
}

/**
 * True when a wide piece stands within DOOR_REACH of a door-height edge's foot that rises behind
 * its middle (inside its image columns less a fifth at each side, so the room's corners beside a
 * piece against a wall do not count).
 */
export function blocksTallEdge(base: Rect, quad: readonly Pt[], feet: readonly TallFoot[]): boolean {
  if (Math.max(base.w, base.d) < WIDE) return false;
  const xs = quad.map((p) => p[0]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const side = (x1 - x0) * 0.2;
  return feet.some(
    (f) =>
      f.u > x0 + side &&
      f.u < x1 - side &&
      rectsOverlap(base, { a: f.at[0], b: f.at[1], w: 0.01, d: 0.01, rot: 0 }, DOOR_REACH),
  );
}
