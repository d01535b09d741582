// The span of one raster row inside a triangle. Barycentric coordinates are linear in x: along a row
// each is e + d * (x - minX), so the row is clipped to where all three are non-negative and the
// samples outside the triangle are never visited. Shared by the rasterizer and the shadow caster.
// Plain functions of numbers (no closure, no returned object) so V8 inlines them into the row loops.

const FLAT = 1e-12;
const SLACK = 1e-6;

/** First x of the row (from minX) where the barycentric e + d * (x - minX) is non-negative. */
function startOf(minX: number, e: number, d: number): number {
  if (Math.abs(d) < FLAT) return e < -1e-9 ? Infinity : minX;
  return d > 0 ? minX + Math.ceil(-e / d - SLACK) : minX;
}

/** Last x of the row (up to maxX) where the barycentric e + d * (x - minX) is non-negative. */
function endOf(minX: number, maxX: number, e: number, d: number): number {
  if (Math.abs(d) < FLAT || d > 0) return maxX;
  return Math.min(maxX, minX + Math.floor(-e / d + SLACK));
}

/**
 * First x of the row inside the triangle, given the three barycentrics at minX (e0, e1 and
 * 1 - e0 - e1) and their steps per pixel (d0, d1 and -d0 - d1); Infinity when the row misses it.
 */
export function spanStart(minX: number, e0: number, d0: number, e1: number, d1: number): number {
  return Math.max(minX, startOf(minX, e0, d0), startOf(minX, e1, d1), startOf(minX, 1 - e0 - e1, -d0 - d1));
}

/** Last x of the row inside the triangle (see spanStart), at most maxX. */
export function spanEnd(minX: number, maxX: number, e0: number, d0: number, e1: number, d1: number): number {
  return Math.min(
    endOf(minX, maxX, e0, d0),
    endOf(minX, maxX, e1, d1),
    endOf(minX, maxX, 1 - e0 - e1, -d0 - d1),
  );
}
