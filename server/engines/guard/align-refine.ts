// The refinement step of the alignment: robust Gauss-Newton on edge strength, for a camera that
// zoomed, turned and shifted (a similarity), seen through a known squeeze. A camera cannot shear or
// zoom one axis more than the other; the only anisotropy between the photo and the model's image,
// once stretched to the photo's aspect, is the one the model's own aspect brings: none if it squeezed
// the whole room into its size, the aspect ratio if it cropped to it, the inverse if it padded or
// extended. So the squeeze is given, from the sizes, not fitted: a free affine let new furniture in
// the lower half pull the vertical zoom 5-10 % away from the horizontal one on wide photos.
import type { Affine } from './align.ts';
import { sampleBilinear } from './raster.ts';
import { solve } from './solve.ts';

/** Zoom and turn as a = s cos(theta), b = s sin(theta); shift in pixels of the level. */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/** The model's squeeze along x and y (kx * ky = 1), applied before the camera's similarity. */
export type Squeeze = readonly [number, number];

/** p' = R(a, b) K p + t. */
export const toAffine = (s: Similarity, [kx, ky]: Squeeze): Affine => ({
  a00: s.a * kx,
  a01: -s.b * ky,
  a10: s.b * kx,
  a11: s.a * ky,
  tx: s.tx,
  ty: s.ty,
});

/** The median absolute residual of `b` warped onto `a` (edge strength has mean 1), for robust weights. */
function robustScale(a: Float32Array, b: Float32Array, w: number, h: number, t: Affine): number | null {
  const BINS = 512;
  const hist = new Uint32Array(BINS);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let count = 0;
  for (let y = 1; y < h - 1; y += 2)
    for (let x = 1; x < w - 1; x += 2) {
      const px = x - cx;
      const py = y - cy;
      const qx = t.a00 * px + t.a01 * py + t.tx + cx;
      const qy = t.a10 * px + t.a11 * py + t.ty + cy;
      if (qx < 1 || qy < 1 || qx > w - 2 || qy > h - 2) continue;
      hist[Math.min(BINS - 1, Math.floor(Math.abs(sampleBilinear(b, w, h, qx, qy) - a[y * w + x]!) * 64))]!++;
      count++;
    }
  if (count < 16) return null;
  let med = BINS - 1;
  for (let v = 0, acc = 0; v < BINS; v++)
    if ((acc += hist[v]!) >= count / 2) {
      med = v;
      break;
    }
  return Math.max(0.05, (1.4826 * (med + 0.5)) / 64) * 2;
}

/** Robust Gauss-Newton steps of the similarity at one level (Cauchy weights on the residual). */
export function refine(
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
  start: Similarity,
  squeeze: Squeeze,
  iterations: number,
  /** Sample every `step`-th pixel per axis: at the finest level a quarter of the pixels still give a sub-pixel step. */
  step = 1,
  /**
   * Hold the turn at this angle (radians): the edges did not confirm the one the free fit found and
   * read this one instead (align-turn.ts). null: the turn is free.
   */
  lockTurn: number | null = null,
): Similarity {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const [kx, ky] = squeeze;
  const zoom = Math.hypot(start.a, start.b);
  let s =
    lockTurn === null
      ? { ...start }
      : { ...start, a: zoom * Math.cos(lockTurn), b: zoom * Math.sin(lockTurn) };
  const bx = new Float32Array(w * h);
  const by = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      bx[i] = (b[i + 1]! - b[i - 1]!) / 2;
      by[i] = (b[i + w]! - b[i - w]!) / 2;
    }
  const J = new Float64Array(4);
  for (let it = 0; it < iterations; it++) {
    const t = toAffine(s, squeeze);
    const sigma = robustScale(a, b, w, h, t);
    if (sigma === null) break;
    const H = new Float64Array(16);
    const g = new Float64Array(4);
    for (let y = 1; y < h - 1; y += step)
      for (let x = 1; x < w - 1; x += step) {
        const px = (x - cx) * kx;
        const py = (y - cy) * ky;
        const qx = s.a * px - s.b * py + s.tx + cx;
        const qy = s.b * px + s.a * py + s.ty + cy;
        if (qx < 1 || qy < 1 || qx > w - 2 || qy > h - 2) continue;
        const r = sampleBilinear(b, w, h, qx, qy) - a[y * w + x]!;
        const gx = sampleBilinear(bx, w, h, qx, qy);
        const gy = sampleBilinear(by, w, h, qx, qy);
        const u = r / sigma;
        const wt = 1 / (1 + u * u);
        J[0] = gx * px + gy * py;
        J[1] = gy * px - gx * py;
        J[2] = gx;
        J[3] = gy;
        for (let i = 0; i < 4; i++) {
          g[i]! += wt * J[i]! * r;
          for (let k = i; k < 4; k++) H[i * 4 + k]! += wt * J[i]! * J[k]!;
        }
      }
    for (let i = 0; i < 4; i++) for (let k = 0; k < i; k++) H[i * 4 + k] = H[k * 4 + i]!;
    // Levenberg damping keeps a step on a nearly flat photo (few edges) from running away.
    for (let i = 0; i < 4; i++) H[i * 5]! *= 1.05;
    // b is held (a turn of a degree or two changes it by under 0.1 % as the zoom moves).
    if (lockTurn !== null) {
      for (let k = 0; k < 4; k++) H[4 + k] = H[k * 4 + 1] = 0;
      H[5] = 1;
      g[1] = 0;
    }
    const d = solve(H, g);
    if (!d) break;
    s = { a: s.a - d[0]!, b: s.b - d[1]!, tx: s.tx - d[2]!, ty: s.ty - d[3]! };
    if (Math.abs(d[2]!) + Math.abs(d[3]!) < 0.01 && Math.abs(d[0]!) + Math.abs(d[1]!) < 1e-4) break;
  }
  return s;
}
