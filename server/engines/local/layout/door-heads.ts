// Doors the opening detector misses (docs/decisions/0201-door-from-one-jamb-and-its-head.md). A door
// is an opening people walk through, so it reaches the floor; its frame is two jambs and a head. A
// white casing on a white wall, a wooden leaf or a glazed door onto foliage is neither bright nor a
// closed frame (analysis/openings.ts, framed-openings.ts), and often only one jamb is a segment. One
// jamb is enough evidence when it stands at the floor's far edge, rises to door height, and a
// world-horizontal head leaves its top: the door lies on the side the head goes, as wide as the head.
// Its leaf swings about its width into the room, so that floor stays clear of furniture (a bed, a
// sofa group, a dining group standing there blocks the door), and no tall piece stands in front of it.
// People reach the door over the floor in front of it, between it and the camera (the photographer
// stood in the room): that approach is measured in the image with the door as its own ruler, since a
// wide lens makes the camera's metres unreliable (decision 0250).
import { floorPoint, horizonRow, worldToRoom, type Camera } from '../geometry/camera.ts';
import type { Pt, Rect } from './geometry.ts';
import { OBJECT_MARGIN } from './keep-clear.ts';
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
/** Tallest step a threshold or sill makes under a jamb's foot, metres (decision 0230). */
const SILL = 0.1;
/** A door's real height, metres (2.0-2.1 m): its jamb's image length is the ruler at the door. */
export const DOOR_HEIGHT = 2.05;

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
  /** The floor people cross to reach the door, image pixels (`approachOf`); empty in rooms stored before it. */
  approach: Pt[];
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
  const level = (g: Line) => Math.abs(g.y2 - g.y1) <= HEAD_SLOPE * Math.abs(g.x2 - g.x1);
  const heads = segments.filter((g) => level(g) && Math.max(g.y1, g.y2) < horizon);
  const sills = segments.filter((g) => level(g) && Math.min(g.y1, g.y2) > horizon);
  const out: DoorZone[] = [];
  for (const j of jambs) {
    if (j.height < JAMB_MIN || j.height > JAMB_MAX || j.foot >= cam.height) continue;
    const col = Math.max(0, Math.min(floorRows.length - 1, Math.round(j.u)));
    const edge = floorRows[col]!;
    const edgeAt = Number.isFinite(edge) ? floorPoint(cam, j.u, Math.max(edge, horizon + 1)) : null;
    const tol = MEET * (j.foot - j.top);
    // The floor meets the door at its threshold: the jamb's foot, or the level edge of a sill it stands on.
    const onFloor = (row: number) => {
      const p = floorPoint(cam, j.u, row);
      return !!p && !!edgeAt && Math.hypot(p[0] - edgeAt[0], p[2] - edgeAt[2]) <= FLOOR_GAP;
    };
    const sill = sillUnder(j, sills, tol, (SILL * (j.foot - j.top)) / j.height);
    if (!onFloor(j.foot) && !(sill !== null && onFloor(sill))) continue;
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

/**
 * The row of the lowest level line crossing the jamb's column from its foot down to a sill's height
 * below it (`sillPx`, image pixels at the jamb's distance): the threshold's own edge, where a glazed
 * door's frame stands on a step above the floor. Null when there is none.
 */
function sillUnder(j: DoorJamb, sills: readonly Line[], tol: number, sillPx: number): number | null {
  let best: number | null = null;
  for (const g of sills) {
    if (Math.min(g.x1, g.x2) > j.u + tol || Math.max(g.x1, g.x2) < j.u - tol) continue;
    const t = g.x2 === g.x1 ? 0 : Math.max(0, Math.min(1, (j.u - g.x1) / (g.x2 - g.x1)));
    const row = g.y1 + t * (g.y2 - g.y1);
    if (row >= j.foot - tol && row <= j.foot + sillPx && (best === null || row > best)) best = row;
  }
  return best;
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
    approach: approachOf(j, [fx, otherFoot]),
  };
}

/**
 * The floor in front of a door that people cross to reach it, in image pixels: the threshold (jamb's
 * foot to `otherFoot`) widened on both sides by OBJECT_MARGIN (0.3 m: a person passes, as round the swing),
 * at the door's own scale (its jamb's image length is a door's height), and carried straight down the
 * image as far as the door is wide in it. Floor lines toward the camera's foot run nearly straight
 * down the image, so this band lies between the door and where the photographer stood; in floor
 * metres it reaches w / (eye + w) of the way to the camera (about 40 % for a 0.9 m door), whatever
 * the lens, where the camera's metric swing can be a third short (a wide lens, decision 0250).
 */
export function approachOf(j: DoorJamb, otherFoot: Pt): Pt[] {
  const [fx, fy] = otherFoot;
  const deep = Math.abs(fx - j.u);
  const side = (OBJECT_MARGIN * (j.foot - j.top)) / DOOR_HEIGHT;
  const dir = Math.sign(fx - j.u) || 1;
  const x0 = j.u - dir * side;
  const x1 = fx + dir * side;
  return [
    [x0, j.foot],
    [x1, fy],
    [x1, fy + deep],
    [x0, j.foot + deep],
  ];
}
