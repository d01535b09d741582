// Doors the opening detector misses (docs/decisions/0201-door-from-one-jamb-and-its-head.md). A door
// is an opening people walk through, so it reaches the floor; its frame is two jambs and a head. A
// white casing on a white wall, a wooden leaf or a glazed door onto foliage is neither bright nor a
// closed frame (analysis/openings.ts, framed-openings.ts), and often only one jamb is a segment. One
// jamb is enough evidence when it stands at the floor's far edge, rises to door height, and a
// world-horizontal head leaves its top: the door lies on the side the head goes, as wide as the head.
// Its leaf swings about its width into the room, so that floor stays clear of furniture (a bed, a
// sofa group, a dining group standing there blocks the door), and no tall piece stands in front of it.
import { floorPoint, horizonRow, worldToRoom, type Camera } from '../geometry/camera.ts';
import type { Pt, Rect } from './geometry.ts';
import type { Segment } from '../analysis/segments.ts';

/** Jamb heights, metres from its foot at the camera's measured scale: a door is 2.0-2.1 m, the scale can be a third off. */
const JAMB_MIN = 1.8;
const JAMB_MAX = 3.0;
/** A door leaf or a pair of leaves, floor metres between the jamb's foot and the head's far end. */
const DOOR_MIN = 0.6;
const DOOR_MAX = 1.9;
/** How far (floor metres) the jamb's foot may stand from the agreed floor's far edge in its column. */
const FLOOR_GAP = 0.25;
/** The head meets the jamb's top within this share of the jamb's image length. */
const MEET = 0.05;
/** Steepest image slope of a head (a world-horizontal line above eye level, seen obliquely). */
const HEAD_SLOPE = 0.6;

/** A segment's ends: the analysis' Segment carries them with more the rule does not read. */
export type Line = Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2'>;

export interface DoorJamb {
  u: number;
  foot: number;
  top: number;
  height: number;
}

export interface DoorZone {
  /** The floor the leaf sweeps, room metres. */
  swing: Rect;
  /** The door's image box (head to threshold), for the tall-piece rule. */
  box: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Doors found from one door-height jamb standing on the floor's far edge (`floorRows`: first agreed
 * floor row per column, -Infinity where none) and a head segment leaving its top to one side.
 */
export function doorsFromHeads(
  cam: Camera,
  jambs: readonly DoorJamb[],
  segments: readonly Line[],
  floorRows: Float32Array,
): DoorZone[] {
  const horizon = horizonRow(cam);
  const heads = segments.filter(
    (g) => Math.abs(g.y2 - g.y1) <= HEAD_SLOPE * Math.abs(g.x2 - g.x1) && Math.max(g.y1, g.y2) < horizon,
  );
  const out: DoorZone[] = [];
  for (const j of jambs) {
    if (j.height < JAMB_MIN || j.height > JAMB_MAX || j.foot >= cam.height) continue;
    const col = Math.max(0, Math.min(floorRows.length - 1, Math.round(j.u)));
    const edge = floorRows[col]!;
    const foot = floorPoint(cam, j.u, j.foot);
    const edgeAt = Number.isFinite(edge) ? floorPoint(cam, j.u, Math.max(edge, horizon + 1)) : null;
    if (!foot || !edgeAt || Math.hypot(foot[0] - edgeAt[0], foot[2] - edgeAt[2]) > FLOOR_GAP) continue;
    const tol = MEET * (j.foot - j.top);
    for (const g of heads) {
      const near = meets(g, j, tol);
      if (!near) continue;
      const zone = zoneFor(cam, j, near.far, horizon);
      if (zone) {
        out.push(zone);
        break;
      }
    }
  }
  return out;
}

/** The head's far end when one of its ends meets the jamb's top. */
function meets(g: Line, j: DoorJamb, tol: number): { far: Pt } | null {
  if (Math.abs(g.x1 - j.u) <= tol && Math.abs(g.y1 - j.top) <= tol) return { far: [g.x2, g.y2] };
  if (Math.abs(g.x2 - j.u) <= tol && Math.abs(g.y2 - j.top) <= tol) return { far: [g.x1, g.y1] };
  return null;
}

/**
 * The threshold runs from the jamb's foot toward the head's vanishing point (both are world-horizontal
 * lines of the same wall), to the head's far column; the swing is a rectangle on the room's side of it,
 * as deep as the door is wide.
 */
function zoneFor(cam: Camera, j: DoorJamb, far: Pt, horizon: number): DoorZone | null {
  const [fx, fy] = far;
  const slope = (fy - j.top) / (fx - j.u || 1e-6);
  // Where the head meets the horizon: the wall's vanishing point (far away for a wall facing the camera).
  const vx = Math.abs(slope) > 1e-3 ? j.u + (horizon - j.top) / slope : Infinity;
  const baseSlope = Number.isFinite(vx) && Math.abs(vx - j.u) > 1 ? (horizon - j.foot) / (vx - j.u) : slope;
  const otherFoot = j.foot + baseSlope * (fx - j.u);
  const p = floorPoint(cam, j.u, j.foot);
  const q = floorPoint(cam, fx, Math.min(otherFoot, cam.height - 1));
  if (!p || !q) return null;
  const [pa, pb] = worldToRoom(cam, p);
  const [qa, qb] = worldToRoom(cam, q);
  const width = Math.hypot(qa - pa, qb - pb);
  if (width < DOOR_MIN || width > DOOR_MAX) return null;
  const rot = Math.atan2(qb - pb, qa - pa);
  // The rectangle's depth axis (-sin, cos); the swing lies on the camera's side (the room origin).
  let nx = -Math.sin(rot);
  let nz = Math.cos(rot);
  const [ma, mb] = [(pa + qa) / 2, (pb + qb) / 2];
  if (nx * -ma + nz * -mb < 0) [nx, nz] = [-nx, -nz];
  return {
    swing: { a: ma + (nx * width) / 2, b: mb + (nz * width) / 2, w: width, d: width, rot },
    box: {
      x0: Math.min(j.u, fx),
      y0: Math.min(j.top, fy),
      x1: Math.max(j.u, fx),
      y1: Math.max(j.foot, otherFoot),
    },
  };
}
