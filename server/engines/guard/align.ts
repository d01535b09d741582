// Where did the model put the camera? Generative models re-frame: a slight zoom, a shift, a tilt of a
// degree, another aspect ratio squeezed or cropped into the frame. Brightness cannot tell us (they
// relight every wall), edges can: the room's corners, frames and floor lines stay where they were
// if the model kept the structure. A coarse scale-and-shift search finds the basin; an affine
// Lucas-Kanade refinement on blurred, mean-normalised edge strength, with robust weights so new
// furniture counts as an outlier rather than a reason to move, finds the transform.
import { alignFrames } from './geometry.ts';
import { solve } from './solve.ts';
import { blurPlane, downsamplePlane, sampleBilinear, workSize, type WorkSize } from './raster.ts';

/**
 * Maps input pixel p (centred coordinates, work size) to the output's p' = A p + t, the output
 * having been stretched to the input's size first: identity means "the model only stretched".
 * A = [a00 a01; a10 a11]; t in work-size pixels. Use the share-based fields to report.
 */
export interface Affine {
  a00: number;
  a01: number;
  a10: number;
  a11: number;
  tx: number;
  ty: number;
}

export interface AlignmentReport {
  /** Horizontal and vertical zoom of the model's content relative to the photo (1 = none). */
  scaleX: number;
  scaleY: number;
  /** Degrees, positive clockwise. */
  rotation: number;
  /** Shift of the content as a share of width and height. */
  dx: number;
  dy: number;
  /** Share of the photo's frame that the model's image covers once aligned. */
  coverage: number;
  /** Correlation of the two edge maps before and after alignment, -1..1. */
  before: number;
  after: number;
}

export const IDENTITY: Affine = { a00: 1, a01: 0, a10: 0, a11: 1, tx: 0, ty: 0 };

/** An edge-strength plane: blurred gradient magnitude scaled to mean 1 (global contrast cancels). */
function edgeStrength(g: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const m = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = g[i + 1]! - g[i - 1]!;
      const gy = g[i + w]! - g[i - w]!;
      m[i] = Math.sqrt(gx * gx + gy * gy);
    }
  const b = blurPlane(m, w, h, sigma);
  let sum = 0;
  for (let i = 0; i < b.length; i++) sum += b[i]!;
  const mean = Math.max(1e-6, sum / b.length);
  for (let i = 0; i < b.length; i++) b[i]! /= mean;
  return b;
}

const scaleAffine = (a: Affine, k: number): Affine => ({ ...a, tx: a.tx * k, ty: a.ty * k });

/** Normalised cross-correlation of `a` with `b` warped by `t`, over the covered part. */
function correlation(a: Float32Array, b: Float32Array, w: number, h: number, t: Affine): number {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let n = 0,
    sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  for (let y = 0; y < h; y += 2)
    for (let x = 0; x < w; x += 2) {
      const px = x - cx;
      const py = y - cy;
      const qx = t.a00 * px + t.a01 * py + t.tx + cx;
      const qy = t.a10 * px + t.a11 * py + t.ty + cy;
      if (qx < 0 || qy < 0 || qx > w - 1 || qy > h - 1) continue;
      const va = a[y * w + x]!;
      const vb = sampleBilinear(b, w, h, qx, qy);
      n++;
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
    }
  if (n < 16) return -1;
  const cov = sab / n - (sa / n) * (sb / n);
  const den = Math.sqrt(Math.max(1e-12, (saa / n - (sa / n) ** 2) * (sbb / n - (sb / n) ** 2)));
  return cov / den;
}

/** Robust Gauss-Newton steps of the affine warp at one level (Cauchy weights on the residual). */
function refine(
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
  start: Affine,
  iterations: number,
  /** Sample every `step`-th pixel per axis: at the finest level a quarter of the pixels still give a sub-pixel step. */
  step = 1,
): Affine {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let t = { ...start };
  const bx = new Float32Array(w * h);
  const by = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      bx[i] = (b[i + 1]! - b[i - 1]!) / 2;
      by[i] = (b[i + w]! - b[i - w]!) / 2;
    }
  const BINS = 512;
  const hist = new Uint32Array(BINS);
  for (let it = 0; it < iterations; it++) {
    // Residuals first, for the robust scale (median absolute residual, edge strength has mean 1).
    hist.fill(0);
    let count = 0;
    for (let y = 1; y < h - 1; y += 2)
      for (let x = 1; x < w - 1; x += 2) {
        const px = x - cx;
        const py = y - cy;
        const qx = t.a00 * px + t.a01 * py + t.tx + cx;
        const qy = t.a10 * px + t.a11 * py + t.ty + cy;
        if (qx < 1 || qy < 1 || qx > w - 2 || qy > h - 2) continue;
        hist[
          Math.min(BINS - 1, Math.floor(Math.abs(sampleBilinear(b, w, h, qx, qy) - a[y * w + x]!) * 64))
        ]!++;
        count++;
      }
    if (count < 16) break;
    let med = BINS - 1;
    for (let v = 0, acc = 0; v < BINS; v++)
      if ((acc += hist[v]!) >= count / 2) {
        med = v;
        break;
      }
    const sigma = Math.max(0.05, (1.4826 * (med + 0.5)) / 64) * 2;
    const H = new Float64Array(36);
    const g = new Float64Array(6);
    const J = new Float64Array(6);
    for (let y = 1; y < h - 1; y += step)
      for (let x = 1; x < w - 1; x += step) {
        const px = x - cx;
        const py = y - cy;
        const qx = t.a00 * px + t.a01 * py + t.tx + cx;
        const qy = t.a10 * px + t.a11 * py + t.ty + cy;
        if (qx < 1 || qy < 1 || qx > w - 2 || qy > h - 2) continue;
        const r = sampleBilinear(b, w, h, qx, qy) - a[y * w + x]!;
        const gx = sampleBilinear(bx, w, h, qx, qy);
        const gy = sampleBilinear(by, w, h, qx, qy);
        const u = r / sigma;
        const wt = 1 / (1 + u * u);
        J[0] = gx * px;
        J[1] = gx * py;
        J[2] = gy * px;
        J[3] = gy * py;
        J[4] = gx;
        J[5] = gy;
        for (let i = 0; i < 6; i++) {
          g[i]! += wt * J[i]! * r;
          for (let k = i; k < 6; k++) H[i * 6 + k]! += wt * J[i]! * J[k]!;
        }
      }
    for (let i = 0; i < 6; i++) for (let k = 0; k < i; k++) H[i * 6 + k] = H[k * 6 + i]!;
    // Levenberg damping keeps a step on a nearly flat photo (few edges) from running away.
    for (let i = 0; i < 6; i++) H[i * 7]! *= 1.05;
    const d = solve(H, g);
    if (!d) break;
    t = {
      a00: t.a00 - d[0]!,
      a01: t.a01 - d[1]!,
      a10: t.a10 - d[2]!,
      a11: t.a11 - d[3]!,
      tx: t.tx - d[4]!,
      ty: t.ty - d[5]!,
    };
    if (Math.abs(d[4]!) + Math.abs(d[5]!) < 0.01 && Math.abs(d[0]!) + Math.abs(d[3]!) < 1e-4) break;
  }
  return t;
}

export interface Aligned {
  /** At the work size given to alignTo. */
  affine: Affine;
  report: AlignmentReport;
}

/**
 * Aligns two grey planes of the same work size (the output already stretched to the input's
 * aspect). The search runs at 64 and 128 px, the refinement at 128 and 256 px.
 */
export function alignTo(inGray: Float32Array, outGray: Float32Array, size: WorkSize): Aligned {
  const { width: w, height: h } = size;
  const levels = [64, 128, 256].map((s) => workSize(w, h, s));
  const planes = levels.map((l) => ({
    l,
    a: downsamplePlane(inGray, w, h, l),
    b: downsamplePlane(outGray, w, h, l),
  }));
  const [tiny, small, mid] = planes as [(typeof planes)[0], (typeof planes)[0], (typeof planes)[0]];
  const coarse = alignFrames(
    { input: small.a, output: small.b, w: small.l.width, h: small.l.height },
    { input: tiny.a, output: tiny.b, w: tiny.l.width, h: tiny.l.height },
  );
  // alignFrames' shift is a share of the frame and its scale is about the centre: the same model.
  let t: Affine = {
    a00: coarse.scale,
    a01: 0,
    a10: 0,
    a11: coarse.scale,
    tx: coarse.dx * small.l.width,
    ty: coarse.dy * small.l.height,
  };
  const sa = edgeStrength(small.a, small.l.width, small.l.height, 1.5);
  const sb = edgeStrength(small.b, small.l.width, small.l.height, 1.5);
  t = refine(sa, sb, small.l.width, small.l.height, t, 10);
  const k = mid.l.width / small.l.width;
  const ma = edgeStrength(mid.a, mid.l.width, mid.l.height, 1.2);
  const mb = edgeStrength(mid.b, mid.l.width, mid.l.height, 1.2);
  t = refine(ma, mb, mid.l.width, mid.l.height, scaleAffine(t, k), 5, 2);
  const before = correlation(ma, mb, mid.l.width, mid.l.height, IDENTITY);
  let after = correlation(ma, mb, mid.l.width, mid.l.height, t);
  // A transform the edges barely support (a featureless photo, or an engine that renders in place,
  // where a 0.5 % "zoom" is noise) falls back to the stretch: resampling for nothing costs sharpness.
  if (!(after > before + 0.01)) {
    t = IDENTITY;
    after = before;
  }
  const affine = scaleAffine(t, w / mid.l.width);
  return { affine, report: describe(affine, w, h, before, after) };
}

export function describe(t: Affine, w: number, h: number, before: number, after: number): AlignmentReport {
  // The transform maps the photo into the model's frame, so its scale is the model's zoom: > 1 when
  // the model zoomed in (showed less of the room).
  return {
    scaleX: Math.hypot(t.a00, t.a10),
    scaleY: Math.hypot(t.a01, t.a11),
    rotation: (Math.atan2(t.a10, t.a00) * 180) / Math.PI,
    // Where the photo's centre appears in the model's image, as a share of the frame.
    dx: t.tx / w,
    dy: t.ty / h,
    coverage: coverage(t, w, h),
    before,
    after,
  };
}

/** Share of the input frame whose mapped point lies inside the output (sampled on a 64x64 grid). */
export function coverage(t: Affine, w: number, h: number): number {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  let inside = 0;
  const N = 64;
  for (let j = 0; j < N; j++)
    for (let i = 0; i < N; i++) {
      const px = ((i + 0.5) / N) * (w - 1) - cx;
      const py = ((j + 0.5) / N) * (h - 1) - cy;
      const qx = t.a00 * px + t.a01 * py + t.tx + cx;
      const qy = t.a10 * px + t.a11 * py + t.ty + cy;
      if (qx >= -0.5 && qy >= -0.5 && qx <= w - 0.5 && qy <= h - 0.5) inside++;
    }
  return inside / (N * N);
}
