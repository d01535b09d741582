// A wall base inside the floor (docs/decisions/0172). Where the colour floor found no far edge it runs
// to the analysis' depth limit, and in a photo that is mostly wall (a floor strip at the bottom, the
// floor colour taken from a wall) that "floor" is the lower wall. A strong level line inside it there
// (a skirting, a window sill, a wall's base against the real floor) is something built on a wall: a
// floor's own lines (boards, tile joints, shadows) are faint, and a floor seen to 12 m has a far edge the
// colour floor would have found. Below the horizon such a line lies on a wall no nearer than where the
// floor ends, so the floor in its columns starts below it. Columns where the colour floor ends at a real
// edge short of the limit are left alone: there the edge is the floor's end and lines inside are on it;
// so is the whole photo when the colour floor found its far edge across most of it (MIN_AT_LIMIT).
import { MAX_DEPTH } from '../analysis/analyze.ts';
import { horizonRow, type Camera } from '../geometry/camera.ts';
import type { Pt } from './geometry.ts';
import type { LevelLine } from './wall-height.ts';

/** Lines this close to level in the image (radians): a wall seen square-on or a little aside. */
const MAX_SLOPE = (30 * Math.PI) / 180;
/**
 * Shortest line that counts, share of the image width: a skirting or sill across a wall (13-18 % on the
 * tune split's dining wall); a stool's foot rail (6 %) is not a wall.
 */
const MIN_LINE = 0.1;
/**
 * Weakest contrast that counts (mean gradient magnitude along the line, analysis copy). Board joints,
 * tile joints and soft shadows on the tune split's floors measure 3-10; a skirting against a wall or a
 * window sill 14-40.
 */
export const MIN_STRENGTH = 12;
/** The colour floor is "at the limit" within this share of the height of the limit's row. */
const AT_LIMIT = 0.05;
/**
 * The rule holds only when the colour floor ran to the limit in at least this share of the columns.
 * Where it found a far edge across most of the photo its colour is the floor's, and strong lines inside
 * it are on the floor (sunlit patches on the tune split's loft, a rug's edge); where it found one almost
 * nowhere (the tune split's dining wall: 96 %) its colour is suspect.
 */
export const MIN_AT_LIMIT = 0.5;

export interface BaseLine extends LevelLine {
  strength: number;
}

/** Row of the colour floor's depth limit (analyze.ts: floor no deeper than MAX_DEPTH), image pixels. */
export const depthLimitRow = (cam: Camera) => horizonRow(cam) + (cam.f * cam.eye) / MAX_DEPTH;

/** Per column, the row of the outline's top edge (the highest outline point over it); NaN outside. */
export function outlineTop(outline: readonly Pt[], width: number): Float32Array {
  const out = new Float32Array(width).fill(NaN);
  for (let i = 0; i < outline.length; i++) {
    const [ua, va] = outline[i]!;
    const [ub, vb] = outline[(i + 1) % outline.length]!;
    const [x0, x1] = ua <= ub ? [ua, ub] : [ub, ua];
    for (let u = Math.max(0, Math.ceil(x0)); u <= Math.min(width - 1, Math.floor(x1)); u++) {
      const v = ub === ua ? Math.min(va, vb) : va + ((vb - va) * (u - ua)) / (ub - ua);
      if (Number.isNaN(out[u]!) || v < out[u]!) out[u] = v;
    }
  }
  return out;
}

/**
 * Per image column, the highest row the floor may reach because a strong level line lies inside the
 * colour floor where that floor ran to the depth limit: the lowest such line's row. Once one wall base
 * is found, the colour floor's match at the limit is known to be a wall's colour, so every other column
 * where it ran to the limit is cut at the lowest wall base found (a skirting hidden by the frame's edge
 * or lost in shadow is not seen; precision first). NaN elsewhere.
 */
export function wallBaseRows(
  segments: readonly BaseLine[],
  colourFloor: readonly Pt[],
  cam: Camera,
): Float32Array {
  const W = Math.round(cam.width);
  const out = new Float32Array(W).fill(NaN);
  const top = outlineTop(colourFloor, W);
  const limit = depthLimitRow(cam) + cam.height * AT_LIMIT;
  const horizon = horizonRow(cam);
  let atLimit = 0;
  for (const t of top) if (t <= limit) atLimit++;
  if (atLimit < W * MIN_AT_LIMIT) return out;
  for (const g of segments) {
    if (g.strength < MIN_STRENGTH || g.length < cam.width * MIN_LINE) continue;
    if (Math.abs(g.angle) > MAX_SLOPE || Math.min(g.y1, g.y2) <= horizon) continue;
    const [xa, ya, xb, yb] = g.x1 <= g.x2 ? [g.x1, g.y1, g.x2, g.y2] : [g.x2, g.y2, g.x1, g.y1];
    for (let u = Math.max(0, Math.ceil(xa)); u <= Math.min(W - 1, Math.floor(xb)); u++) {
      const t = top[u]!;
      if (Number.isNaN(t) || t > limit) continue;
      const row = xb === xa ? Math.max(ya, yb) : ya + ((yb - ya) * (u - xa)) / (xb - xa);
      if (row <= t) continue;
      if (Number.isNaN(out[u]!) || row > out[u]!) out[u] = row;
    }
  }
  let lowest = NaN;
  for (const v of out) if (!Number.isNaN(v) && !(v <= lowest)) lowest = v;
  if (Number.isNaN(lowest)) return out;
  for (let u = 0; u < W; u++) {
    const t = top[u]!;
    if (Number.isNaN(out[u]!) && !Number.isNaN(t) && t <= limit) out[u] = lowest;
  }
  return out;
}

/** The larger (lower) of two per-column limits, NaN meaning no limit. */
export function lowerOf(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, i) => {
    const w = b[i]!;
    return Number.isNaN(v) ? w : Number.isNaN(w) ? v : Math.max(v, w);
  });
}
