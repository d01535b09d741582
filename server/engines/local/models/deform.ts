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

/** A smooth map of piece-frame points: writes the moved (x, y, z) into `out`. */
export type Warp = (x: number, y: number, z: number, out: number[]) => void;

/**
 * Moves the vertices of `p` since `from` through `map`, carrying each normal through the map's
 * Jacobian (finite differences, inverse transpose), so shading follows the new shape (0255).
 */
export function warp(p: Part, from: number, map: Warp): void {
  const h = 1e-4;
  const o = [0, 0, 0];
  const j0 = [0, 0, 0];
  const j1 = [0, 0, 0];
  const j2 = [0, 0, 0];
  const pos = p.pos;
  const nrm = p.nrm;
  for (let v = from; v < pos.length / 3; v++) {
    const x = pos[v * 3]!;
    const y = pos[v * 3 + 1]!;
    const z = pos[v * 3 + 2]!;
    map(x, y, z, o);
    // Columns of the Jacobian: how the map moves a step along each axis.
    map(x + h, y, z, j0);
    map(x, y + h, z, j1);
    map(x, y, z + h, j2);
    for (let m = 0; m < 3; m++) {
      j0[m] = (j0[m]! - o[m]!) / h;
      j1[m] = (j1[m]! - o[m]!) / h;
      j2[m] = (j2[m]! - o[m]!) / h;
    }
    // A normal goes through the inverse transpose: n' ∝ nx (J1×J2) + ny (J2×J0) + nz (J0×J1).
    const nx = nrm[v * 3]!;
    const ny = nrm[v * 3 + 1]!;
    const nz = nrm[v * 3 + 2]!;
    const [x0, y0, z0] = j0 as [number, number, number];
    const [x1, y1, z1] = j1 as [number, number, number];
    const [x2, y2, z2] = j2 as [number, number, number];
    const mx = nx * (y1 * z2 - z1 * y2) + ny * (y2 * z0 - z2 * y0) + nz * (y0 * z1 - z0 * y1);
    const my = nx * (z1 * x2 - x1 * z2) + ny * (z2 * x0 - x2 * z0) + nz * (z0 * x1 - x0 * z1);
    const mz = nx * (x1 * y2 - y1 * x2) + ny * (x2 * y0 - y2 * x0) + nz * (x0 * y1 - y0 * x1);
    const l = Math.hypot(mx, my, mz) || 1;
    pos[v * 3] = o[0]!;
    pos[v * 3 + 1] = o[1]!;
    pos[v * 3 + 2] = o[2]!;
    nrm[v * 3] = mx / l;
    nrm[v * 3 + 1] = my / l;
    nrm[v * 3 + 2] = mz / l;
  }
}

/** How a stuffed piece bends: crown of the thin axis, bow of the sides, waviness (fractions). */
export interface Puff {
  pinch: number;
  bow: number;
  wave: number;
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
 * A Puff instead of `fill` sets the three directly (a mattress: a crown, hardly any bow).
 */
export function puff(
  p: Part,
  from: number,
  c: Vec3,
  hs: Vec3,
  fill: number | Puff,
  draw: () => number,
): void {
  const t = hs[0] <= hs[1] && hs[0] <= hs[2] ? 0 : hs[1] <= hs[2] ? 1 : 2;
  const a = t === 0 ? 1 : 0;
  const b = t === 2 ? 1 : 2;
  const { pinch, bow, wave } =
    typeof fill === 'number'
      ? { pinch: 0.5 * fill, bow: 0.02 + 0.05 * fill, wave: 0.012 + 0.018 * fill }
      : fill;
  // Phases and frequencies of the waviness, one set per cushion.
  const f = [draw(), draw(), draw(), draw(), draw(), draw()] as const;
  const [ha, hb, ht] = [hs[a], hs[b], hs[t]];
  const clamp1 = (x: number) => (x < -1 ? -1 : x > 1 ? 1 : x);
  const q = [0, 0, 0];
  warp(p, from, (x, y, z, out) => {
    q[0] = x - c[0];
    q[1] = y - c[1];
    q[2] = z - c[2];
    const qa = q[a]!;
    const qb = q[b]!;
    const qt = q[t]!;
    const ua = clamp1(qa / ha);
    const ub = clamp1(qb / hb);
    const ut = clamp1(qt / ht);
    const full = (1 - ua * ua) * (1 - ub * ub);
    const side = 1 - ut * ut;
    out[a] =
      c[a] +
      qa * (1 + bow * (1 - ub * ub) * side) +
      wave * ha * ua * Math.sin(Math.PI * (ub * (1 + f[0]) + 2 * f[1]));
    out[b] =
      c[b] +
      qb * (1 + bow * (1 - ua * ua) * side) +
      wave * hb * ub * Math.sin(Math.PI * (ua * (1 + f[2]) + 2 * f[3]));
    out[t] =
      c[t] +
      qt * (1 - pinch + pinch * Math.sqrt(Math.max(0, full))) +
      wave * 0.6 * ht * ut * Math.sin(Math.PI * (ua * (1.5 + f[4]) + ub * (1 + f[5])));
  });
}
