// A doorway stands in a wall, so its threshold is a point of that wall's base. A room is, near the
// floor, a convex box: its whole floor lies on the camera's side of every wall's base line. So the
// line through a doorway's threshold, along its wall, bounds the floor across the whole frame, not
// only in the doorway's columns. The colour floor cannot know this: a light wall beside a door can
// look like the floor (a bright patterned floor matches almost anything), and the floor search then
// climbs the wall to mid-frame. The room box, too, can take a line of shelves for the back wall.
import { floorPoint, worldToRoom, type Camera } from '../geometry/camera.ts';
import type { Segment } from './segments.ts';

/** A doorway in analysis pixels: its columns, its head row and its threshold row. */
export interface Doorway {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

type HalfPlane = (a: number, b: number) => boolean;
type H3 = [number, number, number];

/** Sine of the angle within which a segment runs towards a wall direction's vanishing point. */
const ALONG = 0.04;

/**
 * Per analysis column, the highest row (analysis pixels) the floor may reach given the doorways'
 * walls; `null` when no doorway's wall is known. A doorway's wall is the one its own lines (head,
 * transom, threshold, frame rails) run along: the room's back walls (b constant) or its side walls
 * (a constant). A doorway with no such lines bounds nothing.
 * `segments` are in analysis pixels; `cam` is in full-resolution pixels.
 */
export function doorWallRows(
  doors: readonly Doorway[],
  segments: readonly Segment[],
  cam: Camera,
  scale: number,
  width: number,
  height: number,
): Float32Array | null {
  let out: Float32Array | null = null;
  for (const d of doors) {
    const wall = wallOf(d, segments, cam, scale);
    if (!wall) continue;
    // The threshold's lower end in the image is its nearer end, on row y1: seen at a slant, the other
    // end lies higher. The floor points of both bottom corners at row y1 are that near end and a point
    // in front of the wall, so the wall passes through whichever of the two is farther from the camera.
    const corners = [d.x0, d.x1].map((x) => floorPoint(cam, x / scale, d.y1 / scale));
    if (!corners[0] || !corners[1]) continue;
    const [c0, c1] = corners.map((p) => worldToRoom(cam, p!)) as [[number, number], [number, number]];
    const far = wall === 'back' ? (c0[1] > c1[1] ? c0 : c1) : Math.abs(c0[0]) > Math.abs(c1[0]) ? c0 : c1;
    const [at, bt] = far;
    // The camera stands inside the room, so the floor is on its side (a = b = 0) of the wall.
    const inside: HalfPlane = wall === 'back' ? (_a, b) => b <= bt : (a) => (at < 0 ? -a : a) <= Math.abs(at);
    const rows = limitRows(inside, cam, scale, width, height);
    out ??= new Float32Array(width);
    for (let x = 0; x < width; x++) out[x] = Math.max(out[x]!, rows[x]!);
  }
  return out;
}

/**
 * Which walls a doorway is in, from the non-vertical lines around it: a back wall's lines run
 * along the room's a axis, a side wall's along its b axis. Lines are taken from the doorway's
 * columns (half its width either side) and from a little above its head to its threshold.
 */
export function wallOf(
  d: Doorway,
  segments: readonly Segment[],
  cam: Camera,
  scale: number,
): 'back' | 'side' | null {
  const wd = d.x1 - d.x0;
  const hd = d.y1 - d.y0;
  // The two wall directions in camera coordinates and their vanishing points (homogeneous).
  const sy = Math.sin(cam.yaw);
  const cy = Math.cos(cam.yaw);
  const vps = [vpOf(cam, [cy, 0, -sy]), vpOf(cam, [sy, 0, cy])];
  const along = [0, 0];
  for (const g of segments) {
    if (Math.abs(Math.abs(g.angle) - Math.PI / 2) < 0.3) continue;
    const mx = (g.x1 + g.x2) / 2;
    const my = (g.y1 + g.y2) / 2;
    if (mx < d.x0 - wd / 2 || mx > d.x1 + wd / 2 || my < d.y0 - hd * 0.3 || my > d.y1 + hd * 0.05) continue;
    vps.forEach((vp, k) => {
      if (towards(g, vp, scale) < ALONG) along[k]! += g.length;
    });
  }
  if (along[0] === along[1]) return null;
  return along[0]! > along[1]! ? 'back' : 'side';
}

/** Vanishing point (homogeneous, full-resolution pixels) of a world direction (x right, z ahead). */
function vpOf(cam: Camera, [x, , z]: H3): H3 {
  // Camera pitched down by `pitch` about its x axis; image y grows downwards.
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  const yc = z * s;
  const zc = z * c;
  return [cam.f * x + cam.cx * zc, -cam.f * yc + cam.cy * zc, zc];
}

/** Sine of the angle between a segment (analysis pixels) and the line from its middle to a vanishing point. */
function towards(g: { x1: number; y1: number; x2: number; y2: number }, vp: H3, scale: number): number {
  const mx = (g.x1 + g.x2) / 2 / scale;
  const my = (g.y1 + g.y2) / 2 / scale;
  // Direction from the middle to the point, valid for points at infinity too (vp[2] = 0).
  const tx = vp[0] - mx * vp[2];
  const ty = vp[1] - my * vp[2];
  const dx = g.x2 - g.x1;
  const dy = g.y2 - g.y1;
  return Math.abs(tx * dy - ty * dx) / (Math.hypot(tx, ty) * Math.hypot(dx, dy) || 1);
}

/**
 * First row per column whose floor point lies inside the half-plane; 0 where the whole column is.
 * Along one image column the floor points run along a straight line on the floor, so the test
 * changes at most once: a bisection between the horizon and the bottom row finds it. A column whose
 * bottom row is already outside has no floor (height).
 */
export function limitRows(
  inside: HalfPlane,
  cam: Camera,
  scale: number,
  width: number,
  height: number,
): Float32Array {
  const out = new Float32Array(width);
  const horizon = Math.max(0, (cam.cy - cam.f * Math.tan(cam.pitch)) * scale);
  const ok = (x: number, y: number) => {
    const p = floorPoint(cam, (x + 0.5) / scale, (y + 0.5) / scale);
    if (!p) return false;
    const [a, b] = worldToRoom(cam, p);
    return inside(a, b);
  };
  for (let x = 0; x < width; x++) {
    let hi = height - 1;
    if (!ok(x, hi)) {
      out[x] = height;
      continue;
    }
    let lo = Math.min(hi, Math.floor(horizon) + 1);
    if (ok(x, lo)) continue;
    // ok(hi) and not ok(lo): the first inside row lies in (lo, hi].
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (ok(x, mid)) hi = mid;
      else lo = mid;
    }
    out[x] = hi;
  }
  return out;
}
