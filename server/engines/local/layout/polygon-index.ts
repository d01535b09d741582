// A floor outline prepared for the many inside tests of one layout search (decision 0265). The
// fitter asks whether thousands of candidate points and rectangles lie inside one ~100-vertex
// floor; pointInPolygon and rectInPolygon (geometry.ts) walk every edge for each. Here each answer
// is theirs: the same edges in the same direction with the same arithmetic, skipping only edges
// that cannot change it (an edge not spanning the point's height toggles nothing; an edge whose
// box is apart from the rectangle's cannot cross one of its sides).
import { corners, segmentsCross, type Pt, type Rect } from './geometry.ts';

export interface PolygonIndex {
  readonly poly: readonly Pt[];
  readonly minY: number;
  readonly maxY: number;
  readonly binH: number;
  /** Per horizontal band, the edges (by their end index i; the start is i - 1) spanning it. */
  readonly bins: readonly Int32Array[];
  /** Per edge i: min x, max x, min y, max y. */
  readonly boxes: Float64Array;
}

export function indexPolygon(poly: readonly Pt[]): PolygonIndex {
  const n = poly.length;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of poly) {
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  const count = Math.max(1, n >> 1);
  const binH = (maxY - minY) / count;
  const lists: number[][] = Array.from({ length: count }, () => []);
  const boxes = new Float64Array(n * 4);
  // The band index only grows with y (a subtraction and a division by a positive constant are
  // monotonic in floating point), so a point's band lies between its edge's end bands.
  const band = (y: number) => Math.min(count - 1, Math.floor((y - minY) / binH));
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    boxes.set([Math.min(xi, xj), Math.max(xi, xj), Math.min(yi, yj), Math.max(yi, yj)], i * 4);
    if (yi === yj || !(binH > 0)) continue;
    for (let k = band(Math.min(yi, yj)); k <= band(Math.max(yi, yj)); k++) lists[k]!.push(i);
  }
  return { poly, minY, maxY, binH, bins: lists.map((l) => Int32Array.from(l)), boxes };
}

/** pointInPolygon(p, idx.poly), edge for edge. */
export function pointInIndexed(p: Pt, idx: PolygonIndex): boolean {
  const px = p[0];
  const py = p[1];
  // Only edges with one end above py and one at or below it toggle: none outside [minY, maxY).
  if (!(py >= idx.minY && py < idx.maxY)) return false;
  const { poly, bins } = idx;
  const n = poly.length;
  const edges = bins[Math.min(bins.length - 1, Math.floor((py - idx.minY) / idx.binH))]!;
  let inside = false;
  for (let e = 0; e < edges.length; e++) {
    const i = edges[e]!;
    const pi = poly[i]!;
    const pj = poly[i === 0 ? n - 1 : i - 1]!;
    const xi = pi[0];
    const yi = pi[1];
    const xj = pj[0];
    const yj = pj[1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** rectInPolygon(r, idx.poly): corners inside, and no edge near the rectangle crossing a side. */
export function rectInIndexed(r: Rect, idx: PolygonIndex): boolean {
  const cs = corners(r);
  for (const c of cs) if (!pointInIndexed(c, idx)) return false;
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of cs) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const { poly, boxes } = idx;
  const n = poly.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const q = i * 4;
    if (boxes[q + 1]! < x0 || boxes[q]! > x1 || boxes[q + 3]! < y0 || boxes[q + 2]! > y1) continue;
    for (let k = 0; k < 4; k++) if (segmentsCross(poly[j]!, poly[i]!, cs[k]!, cs[(k + 1) % 4]!)) return false;
  }
  return true;
}
