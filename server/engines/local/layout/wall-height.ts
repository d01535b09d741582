// Floor slivers: a floor estimate that runs up the lower part of a wall (docs/decisions/0171). Both
// floor estimates can agree on a wall when its colour matches the floor seen at the bottom of the
// photo, so the check here uses neither colour nor the floor outline: it uses the camera and the
// height of rooms.
//
// In the vertical plane through the camera and an image column, the room's floor ends at a wall
// (horizontal distance D_w) that rises to the ceiling (height C). A level line seen on that wall
// above the horizon (the wall's top, a window head, a rail, a frame) at row r obeys
//   (horizon - r) / f = (y - eye) / D_w,  with y <= C,
// so the wall, and with it the end of the floor, is no further than D_w <= f (C - eye) / (horizon - r),
// and the floor's far edge lies no higher than horizon + f eye / D_w. The lowest such line above the
// horizon gives the weakest bound, the one that holds whatever the line is (a sill, a picture's top);
// ceiling lines closer than the wall lie above the wall's top in the image and are never the lowest.
// A piece standing on "floor" above that row would stand inside the wall.
import type { Segment } from '../analysis/segments.ts';
import { horizonRow, type Camera } from '../geometry/camera.ts';
import type { Pt } from './geometry.ts';

/**
 * Highest ceiling a room is taken to have, metres, with the camera at its assumed eye height
 * (DEFAULT_EYE_HEIGHT, 1.45 m): homes are 2.4-2.7 m, tall rooms 3 m. Scale-free, what counts is
 * (C - eye) / eye: a taller ceiling shot from a lower camera reads the same.
 */
export const MAX_CEILING = 3.0;
/** Lines this close to level in the image (radians) are read as level lines on a wall. */
const MAX_SLOPE = (30 * Math.PI) / 180;
/** Shortest line that counts, share of the image width: a wall's top, a rail, a window head. */
const MIN_LINE = 0.04;
/**
 * A column takes the lowest line within this share of the width on either side: a wall's top is broken
 * at corners and fixtures, and where it is missed a ceiling line above would be the lowest. The lower
 * line only weakens the bound, so the widening never refuses more floor.
 */
const NEIGHBOURS = 0.03;

/** The fields of the analysis' segments these rules read (tests build them by hand). */
export type LevelLine = Pick<Segment, 'x1' | 'y1' | 'x2' | 'y2' | 'length' | 'angle'>;

/**
 * Per image column (full-resolution pixels, one entry per column), the lowest row above the horizon
 * of a level line crossing it; NaN where none is seen.
 */
export function lowestLevelLines(segments: readonly LevelLine[], cam: Camera): Float32Array {
  const W = Math.round(cam.width);
  const out = new Float32Array(W).fill(NaN);
  const horizon = horizonRow(cam);
  for (const g of segments) {
    if (g.length < cam.width * MIN_LINE || Math.abs(g.angle) > MAX_SLOPE) continue;
    const [xa, ya, xb, yb] = g.x1 <= g.x2 ? [g.x1, g.y1, g.x2, g.y2] : [g.x2, g.y2, g.x1, g.y1];
    if (Math.max(ya, yb) >= horizon) continue;
    const u0 = Math.max(0, Math.ceil(xa));
    const u1 = Math.min(W - 1, Math.floor(xb));
    for (let u = u0; u <= u1; u++) {
      const row = xb === xa ? Math.max(ya, yb) : ya + ((yb - ya) * (u - xa)) / (xb - xa);
      const seen = out[u]!;
      if (Number.isNaN(seen) || row > seen) out[u] = row;
    }
  }
  return widen(out, Math.round(cam.width * NEIGHBOURS));
}

/** Each column that has a line takes the lowest one within `r` columns (NaN columns stay NaN). */
function widen(rows: Float32Array, r: number): Float32Array {
  const out = Float32Array.from(rows);
  for (let u = 0; u < rows.length; u++) {
    if (Number.isNaN(rows[u]!)) continue;
    for (let k = Math.max(0, u - r); k <= Math.min(rows.length - 1, u + r); k++) {
      const v = rows[k]!;
      if (v > out[u]!) out[u] = v;
    }
  }
  return out;
}

/**
 * Highest row (full-resolution pixels) the floor can reach in each column, given the lowest level line
 * above the horizon there and a ceiling no higher than `maxCeiling`; NaN where no line bounds it.
 */
export function floorLimitRows(lines: Float32Array, cam: Camera, maxCeiling = MAX_CEILING): Float32Array {
  const horizon = horizonRow(cam);
  const rise = maxCeiling - cam.eye;
  const out = new Float32Array(lines.length).fill(NaN);
  if (!(rise > 0)) return out;
  for (let u = 0; u < lines.length; u++) {
    const r = lines[u]!;
    if (Number.isNaN(r)) continue;
    // Furthest the wall can stand: D_w = f rise / (horizon - r); its base row: horizon + f eye / D_w.
    out[u] = horizon + ((horizon - r) * cam.eye) / rise;
  }
  return out;
}

/** Largest column step between outline points: a limit between two far-apart corners must still bite. */
const STEP = 8;

/** The outline with points added along its edges, no more than STEP columns apart. */
export function densify(outline: readonly Pt[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < outline.length; i++) {
    const [ua, va] = outline[i]!;
    out.push([ua, va]);
    if (i === outline.length - 1) break;
    const [ub, vb] = outline[i + 1]!;
    const n = Math.floor(Math.abs(ub - ua) / STEP);
    for (let k = 1; k < n; k++) out.push([ua + ((ub - ua) * k) / n, va + ((vb - va) * k) / n]);
  }
  return out;
}

/**
 * The floor outline (image pixels, bottom corners included) lowered to the rows the room's height
 * allows: a point above its column's limit moves down to it. Returns a new outline.
 */
export function clipToWallHeight(outline: readonly Pt[], limits: Float32Array): Pt[] {
  return densify(outline).map(([u, v]): Pt => {
    const col = Math.min(limits.length - 1, Math.max(0, Math.round(u)));
    const lim = limits[col]!;
    return Number.isNaN(lim) || lim <= v ? [u, v] : [u, lim];
  });
}
