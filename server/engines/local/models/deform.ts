// Hand-made irregularity: bends and turns the vertices a model just added to a part.
import type { Vec3 } from '../geometry/vec.ts';
import type { Part } from './mesh.ts';

/** Vertex count of a part, to deform() only what was added after it. */
export const mark = (p: Part): number => p.pos.length / 3;

/** (a, b) turned by the angle whose cosine and sine are c and s, in the plane the two axes span. */
const turn = (a: number, b: number, c: number, s: number): [number, number] => [
  a * c + b * s,
  -a * s + b * c,
];

/**
 * Made-by-hand irregularity for a soft piece added to `p` since vertex `from`, centred at c with
 * half sizes hs: the top sags by `sag` metres in the middle (filled cushions settle), the piece
 * turns `yaw` radians about its vertical axis and leans `tilt` radians back (about x).
 */
export function deform(p: Part, from: number, c: Vec3, hs: Vec3, sag: number, yaw = 0, tilt = 0): void {
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  for (let v = from; v < p.pos.length / 3; v++) {
    let x = p.pos[v * 3]! - c[0];
    let y = p.pos[v * 3 + 1]! - c[1];
    let z = p.pos[v * 3 + 2]! - c[2];
    let nx = p.nrm[v * 3]!;
    let ny = p.nrm[v * 3 + 1]!;
    let nz = p.nrm[v * 3 + 2]!;
    if (sag && y > 0) {
      // A dome-shaped dip, deepest at the centre, zero at the edges; the normal tilts with it.
      const u = Math.min(1, Math.abs(x / hs[0]));
      const w = Math.min(1, Math.abs(z / hs[2]));
      const k = (y / hs[1]) * sag;
      y -= k * (1 - u * u) * (1 - w * w);
      nx += ny * k * ((-2 * x) / (hs[0] * hs[0])) * (1 - w * w);
      nz += ny * k * ((-2 * z) / (hs[2] * hs[2])) * (1 - u * u);
    }
    // Lean back (about x), then turn (about y); the normal turns with the point.
    [y, z] = turn(y, z, ct, st);
    [ny, nz] = turn(ny, nz, ct, st);
    [x, z] = turn(x, z, cy, sy);
    [nx, nz] = turn(nx, nz, cy, sy);
    const l = Math.hypot(nx, ny, nz) || 1;
    p.pos[v * 3] = x + c[0];
    p.pos[v * 3 + 1] = y + c[1];
    p.pos[v * 3 + 2] = z + c[2];
    p.nrm[v * 3] = nx / l;
    p.nrm[v * 3 + 1] = ny / l;
    p.nrm[v * 3 + 2] = nz / l;
  }
}

/**
 * A filled cushion's outline (0255): judges of 0238 named the straight, hard silhouettes of the
 * soft goods. Applied to the axis-aligned box just added to `p` (from vertex `from`, centred at c,
 * half sizes hs), before deform() turns it. `fill` 0..1 is how pillow-like it is (1: a throw
 * pillow, thin at its seam and full in the middle; ~0.4: a boxed seat cushion with a crown):
 * - the thin axis pinches towards the edges, so the middle crowns and the seam line is thin;
 * - the sides bow out in the middle and the corners stay (dog-eared pillows);
 * - a smooth, seeded waviness of a few millimetres to a centimetre moves the outline and the faces,
 *   so no edge is a straight line.
 * Normals are left to recomputeNormals().
 */
export function puff(p: Part, from: number, c: Vec3, hs: Vec3, fill: number, draw: () => number): void {
  const t = hs[0] <= hs[1] && hs[0] <= hs[2] ? 0 : hs[1] <= hs[2] ? 1 : 2;
  const a = t === 0 ? 1 : 0;
  const b = t === 2 ? 1 : 2;
  const pinch = 0.5 * fill;
  const bow = 0.02 + 0.05 * fill;
  const wave = 0.012 + 0.018 * fill;
  // Phases and frequencies of the waviness, one set per cushion.
  const f = [draw(), draw(), draw(), draw(), draw(), draw()];
  const q: Vec3 = [0, 0, 0];
  for (let v = from; v < p.pos.length / 3; v++) {
    for (let i = 0; i < 3; i++) q[i] = p.pos[v * 3 + i]! - c[i]!;
    const ua = Math.max(-1, Math.min(1, q[a] / hs[a]));
    const ub = Math.max(-1, Math.min(1, q[b] / hs[b]));
    const ut = Math.max(-1, Math.min(1, q[t] / hs[t]));
    const full = (1 - ua * ua) * (1 - ub * ub);
    // Thin at the seam, full in the middle; the sides bow most at mid-height of the thin axis.
    const thin = q[t] * (1 - pinch + pinch * Math.sqrt(Math.max(0, full)));
    const side = 1 - ut * ut;
    let qa = q[a] * (1 + bow * (1 - ub * ub) * side);
    let qb = q[b] * (1 + bow * (1 - ua * ua) * side);
    qa += wave * hs[a] * ua * Math.sin(Math.PI * (ub * (1 + f[0]!) + 2 * f[1]!));
    qb += wave * hs[b] * ub * Math.sin(Math.PI * (ua * (1 + f[2]!) + 2 * f[3]!));
    const lump = wave * 0.6 * hs[t] * ut * Math.sin(Math.PI * (ua * (1.5 + f[4]!) + ub * (1 + f[5]!)));
    q[a] = qa;
    q[b] = qb;
    q[t] = thin + lump;
    for (let i = 0; i < 3; i++) p.pos[v * 3 + i] = q[i]! + c[i]!;
  }
}

/**
 * Vertex normals of the triangles added to `p` since triangle `tri0` (vertices from `from`), from
 * the triangles' own areas and directions; vertices at one place share one normal, so a box's
 * separate faces still meet without a crease.
 */
export function recomputeNormals(p: Part, from: number, tri0: number): void {
  const key = (v: number) =>
    `${Math.round(p.pos[v * 3]! * 1e5)},${Math.round(p.pos[v * 3 + 1]! * 1e5)},${Math.round(p.pos[v * 3 + 2]! * 1e5)}`;
  const sums = new Map<string, Vec3>();
  const at = (v: number): Vec3 => {
    const k = key(v);
    let s = sums.get(k);
    if (!s) sums.set(k, (s = [0, 0, 0]));
    return s;
  };
  for (let tri = tri0; tri < p.idx.length / 3; tri++) {
    const [i, j, k] = [p.idx[tri * 3]!, p.idx[tri * 3 + 1]!, p.idx[tri * 3 + 2]!];
    const e1 = [0, 1, 2].map((d) => p.pos[j * 3 + d]! - p.pos[i * 3 + d]!);
    const e2 = [0, 1, 2].map((d) => p.pos[k * 3 + d]! - p.pos[i * 3 + d]!);
    const n: Vec3 = [
      e1[1]! * e2[2]! - e1[2]! * e2[1]!,
      e1[2]! * e2[0]! - e1[0]! * e2[2]!,
      e1[0]! * e2[1]! - e1[1]! * e2[0]!,
    ];
    for (const v of [i, j, k]) {
      const s = at(v);
      s[0] += n[0];
      s[1] += n[1];
      s[2] += n[2];
    }
  }
  for (let v = from; v < p.pos.length / 3; v++) {
    const s = sums.get(key(v));
    const l = s ? Math.hypot(s[0], s[1], s[2]) : 0;
    if (!s || l < 1e-12) continue;
    // The winding's side: keep the old normal's hemisphere (the box's faces are not all wound alike).
    const dot = s[0] * p.nrm[v * 3]! + s[1] * p.nrm[v * 3 + 1]! + s[2] * p.nrm[v * 3 + 2]!;
    const g = dot < 0 ? -1 / l : 1 / l;
    p.nrm[v * 3] = s[0] * g;
    p.nrm[v * 3 + 1] = s[1] * g;
    p.nrm[v * 3 + 2] = s[2] * g;
  }
}
