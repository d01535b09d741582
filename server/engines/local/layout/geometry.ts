// Floor-plan geometry in room coordinates (metres): oriented rectangles and polygons. Pure
// functions, used by the layout fitter and its property tests.
export type Pt = [number, number];

export interface Rect {
  /** Centre. */
  a: number;
  b: number;
  /** Width along the rotated a axis and depth along the rotated b axis. */
  w: number;
  d: number;
  /** Rotation in radians. */
  rot: number;
}

export function corners(r: Rect, grow = 0): Pt[] {
  const c = Math.cos(r.rot);
  const s = Math.sin(r.rot);
  const hw = r.w / 2 + grow;
  const hd = r.d / 2 + grow;
  return (
    [
      [-hw, -hd],
      [hw, -hd],
      [hw, hd],
      [-hw, hd],
    ] as Pt[]
  ).map(([x, z]) => [r.a + x * c - z * s, r.b + x * s + z * c]);
}

export function pointInPolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The rectangle lies inside the (simple) polygon: its corners are inside and no polygon edge
 * crosses one of its sides, so notches of any width are caught, not only those wider than a
 * sampling step.
 */
export function rectInPolygon(r: Rect, poly: readonly Pt[]): boolean {
  const cs = corners(r);
  for (const c of cs) if (!pointInPolygon(c, poly)) return false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    for (let k = 0; k < 4; k++) if (segmentsCross(poly[j]!, poly[i]!, cs[k]!, cs[(k + 1) % 4]!)) return false;
  return true;
}

/** Two simple polygons share some area or touch across an edge (a corner inside the other, or edges crossing); false when either is empty. */
export function polygonsMeet(p: readonly Pt[], q: readonly Pt[]): boolean {
  if (p.length < 3 || q.length < 3) return false;
  if (p.some((c) => pointInPolygon(c, q)) || q.some((c) => pointInPolygon(c, p))) return true;
  for (let i = 0; i < p.length; i++)
    for (let k = 0; k < q.length; k++)
      if (segmentsCross(p[i]!, p[(i + 1) % p.length]!, q[k]!, q[(k + 1) % q.length]!)) return true;
  return false;
}

/** Proper crossing of segments pq and rs (touching or collinear overlap does not count). */
export function segmentsCross(p: Pt, q: Pt, r: Pt, s: Pt): boolean {
  const o1 = orient(p, q, r);
  const o2 = orient(p, q, s);
  const o3 = orient(r, s, p);
  const o4 = orient(r, s, q);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

const orient = (a: Pt, b: Pt, c: Pt) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

/** Separating-axis test for two oriented rectangles, the first grown by `gap` on every side. */
export function rectsOverlap(a: Rect, b: Rect, gap = 0): boolean {
  const pa = corners(a, gap);
  const pb = corners(b);
  return !separatedAlong(pa, pa, pb) && !separatedAlong(pb, pa, pb);
}

/**
 * Some edge normal of `poly` separates the projections of pa and pb. Written without temporary
 * arrays (the layout search calls it some hundred thousand times per photo); Math.max and Math.min
 * over the four projections, as spreading them did, so a NaN still separates nothing.
 */
function separatedAlong(poly: readonly Pt[], pa: readonly Pt[], pb: readonly Pt[]): boolean {
  for (let i = 0; i < 4; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % 4]!;
    const nx = -(q[1] - p[1]);
    const ny = q[0] - p[0];
    const a0 = pa[0]![0] * nx + pa[0]![1] * ny;
    const a1 = pa[1]![0] * nx + pa[1]![1] * ny;
    const a2 = pa[2]![0] * nx + pa[2]![1] * ny;
    const a3 = pa[3]![0] * nx + pa[3]![1] * ny;
    const b0 = pb[0]![0] * nx + pb[0]![1] * ny;
    const b1 = pb[1]![0] * nx + pb[1]![1] * ny;
    const b2 = pb[2]![0] * nx + pb[2]![1] * ny;
    const b3 = pb[3]![0] * nx + pb[3]![1] * ny;
    if (
      Math.max(a0, a1, a2, a3) < Math.min(b0, b1, b2, b3) ||
      Math.max(b0, b1, b2, b3) < Math.min(a0, a1, a2, a3)
    )
      return true;
  }
  return false;
}

/** Shortest distance between two oriented rectangles (0 when they touch or overlap). */
export function rectDistance(a: Rect, b: Rect): number {
  if (rectsOverlap(a, b)) return 0;
  const pa = corners(a);
  const pb = corners(b);
  let best = Infinity;
  for (const [pts, poly] of [
    [pa, pb],
    [pb, pa],
  ] as const)
    for (const p of pts)
      for (let i = 0; i < 4; i++) best = Math.min(best, pointSegment(p, poly[i]!, poly[(i + 1) % 4]!));
  return best;
}

function pointSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Local (x along the wall, z into the room) -> room coordinates, for a group facing `facing`. */
export function toRoom(origin: Pt, facing: number, x: number, z: number): Pt {
  const fa = Math.sin(facing);
  const fb = -Math.cos(facing);
  return [origin[0] + x * -fb + z * fa, origin[1] + x * fa + z * fb];
}
