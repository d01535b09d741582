// Floor two independent estimates agree on. The colour floor follows the floor's own colour and
// texture; the room box follows wall bases found from the camera's geometry. Where they disagree
// one of them is wrong (a wall the colour runs up, a counter front the box ignores, a reflection,
// the strip of wall above a sliver of floor), and a piece standing there is a guess. Pieces stand
// only where both see floor: precision before coverage (docs/decisions/0100-trusted-placement.md).
import type { Pt } from './geometry.ts';

/**
 * Share of a base that may lie past a floor outline: the outlines are sampled every few columns
 * and a piece against a wall touches its base line.
 */
export const MAX_OFF_FLOOR = 0.12;
const SAMPLES = 8;

/**
 * The floor outline's top row at column `u` (image pixels), from an outline as analyze() gives it:
 * bottom-left corner, the boundary left to right, then the right and bottom-right corners.
 */
export function floorRowAt(outline: readonly Pt[], u: number): number {
  // The boundary points are the outline without its first and last points (the bottom corners).
  const pts = outline.slice(1, -1);
  if (!pts.length) return Infinity;
  if (u <= pts[0]![0]) return pts[0]![1];
  for (let i = 1; i < pts.length; i++) {
    const [u1, v1] = pts[i]!;
    if (u <= u1) {
      const [u0, v0] = pts[i - 1]!;
      return u1 === u0 ? Math.max(v0, v1) : v0 + ((v1 - v0) * (u - u0)) / (u1 - u0);
    }
  }
  return pts[pts.length - 1]![1];
}

/**
 * The outline with its boundary replaced by its convex envelope (the highest convex line not
 * below it). A room's floor is a rectangle, and a rectangle seen through a lens is a convex
 * polygon: dips in the colour floor's boundary inside that polygon are reflections, sun patches
 * or things standing on the floor (which the detector and the upright edges judge), not walls.
 */
export function convexFloor(outline: readonly Pt[]): Pt[] {
  const pts = outline.slice(1, -1);
  const hull: Pt[] = [];
  for (const p of pts) {
    // Monotone chain, keeping the upper image side (smaller rows) convex.
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2]!;
      const [bx, by] = hull[hull.length - 1]!;
      if ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) <= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  return [outline[0]!, ...hull, outline[outline.length - 1]!];
}

/** Points spread evenly over a quad whose corners are in order around it. */
export function quadPoints(q: readonly Pt[], n = SAMPLES): Pt[] {
  const [a, b, c, d] = q as [Pt, Pt, Pt, Pt];
  const out: Pt[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const s = (i + 0.5) / n;
      const t = (j + 0.5) / n;
      const x0 = a[0] + (b[0] - a[0]) * s;
      const y0 = a[1] + (b[1] - a[1]) * s;
      const x1 = d[0] + (c[0] - d[0]) * s;
      const y1 = d[1] + (c[1] - d[1]) * s;
      out.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t]);
    }
  return out;
}

/**
 * The row where floor every outline agrees on begins, per image column: the lowest of the outlines'
 * rows. Built once per layout, so judging a candidate costs a lookup per sample.
 */
export function agreedFloorRows(outlines: readonly (readonly Pt[])[], width: number): Float32Array {
  return combinedRows(outlines, width, 1);
}

/** The row where the floor begins for the most generous outline, per column: the highest of their rows. */
export function loosestFloorRows(outlines: readonly (readonly Pt[])[], width: number): Float32Array {
  return combinedRows(outlines, width, -1);
}

/** Per column the outlines' lowest row (`sign` 1) or highest (`sign` -1). */
function combinedRows(outlines: readonly (readonly Pt[])[], width: number, sign: 1 | -1): Float32Array {
  const rows = new Float32Array(Math.max(1, Math.ceil(width))).fill(-Infinity * sign);
  for (const o of outlines) {
    const line = outlineRows(o, rows.length);
    for (let u = 0; u < rows.length; u++) if ((line[u]! - rows[u]!) * sign > 0) rows[u] = line[u]!;
  }
  return rows;
}

/**
 * floorRowAt at every column centre, in one walk along the outline (columns rise, so the segment
 * that holds a column never lies before the previous one's): linear instead of columns x points.
 */
function outlineRows(outline: readonly Pt[], n: number): Float64Array {
  const pts = outline.slice(1, -1);
  const rows = new Float64Array(n);
  if (!pts.length) return rows.fill(Infinity);
  let i = 1;
  for (let c = 0; c < n; c++) {
    const u = c + 0.5;
    if (u <= pts[0]![0]) {
      rows[c] = pts[0]![1];
      continue;
    }
    while (i < pts.length && u > pts[i]![0]) i++;
    if (i >= pts.length) {
      rows[c] = pts[pts.length - 1]![1];
      continue;
    }
    const [u0, v0] = pts[i - 1]!;
    const [u1, v1] = pts[i]!;
    rows[c] = u1 === u0 ? Math.max(v0, v1) : v0 + ((v1 - v0) * (u - u0)) / (u1 - u0);
  }
  return rows;
}

/**
 * True when the base (four image points) stands on agreed floor (`rows`, from agreedFloorRows).
 * Points below the frame count as floor (the camera stands on it); points beside it are not judged.
 * `maxOff` is the share of samples allowed past the outline (0 for a base grown by a margin).
 */
export function onAgreedFloor(
  quad: readonly Pt[],
  rows: Float32Array,
  height: number,
  maxOff = MAX_OFF_FLOOR,
): boolean {
  const pts = quadPoints(quad).filter(([u]) => u >= 0 && u < rows.length);
  if (!pts.length) return false;
  let off = 0;
  for (const [u, v] of pts) if (v < height && v < rows[Math.floor(u)]!) off++;
  return off / pts.length <= maxOff;
}
