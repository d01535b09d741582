// Where did the model put the camera? Generative models re-frame: a slight zoom, a shift, a tilt of a
// degree, another aspect ratio squeezed or cropped into the frame. Brightness cannot tell us (they
// relight every wall), edges can: the room's corners, frames and floor lines stay where they were
// if the model kept the structure. A coarse scale-and-shift search finds the basin; a Lucas-Kanade
// refinement of zoom, turn and shift (align-refine.ts: under each squeeze the sizes allow) on
// blurred, mean-normalised edge strength, with robust weights so new furniture counts as an
// outlier rather than a reason to move, finds the transform.
import { alignFrames } from './geometry.ts';
import { refine, toAffine, type Similarity, type Squeeze } from './align-refine.ts';
import { turnConfirmed, turnFromEdges } from './align-turn.ts';
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
  /** The model squeezed the room into its own aspect (measured, not assumed): the warp undoes it. */
  squeezed: boolean;
  /** The kept turn is none, or one the edge orientations confirm (align-turn.ts): when the free fit's was not, the turn is held at the edges' reading. */
  turnConfirmed: boolean;
  /** The turn the edges read (degrees), null when the edges are too few; and the turn the free fit found. */
  turnRead: number | null;
  turnFitted: number;
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

export interface Aligned {
  /** At the work size given to alignTo. */
  affine: Affine;
  report: AlignmentReport;
}

/** The gain in edge correlation a transform (or a squeeze) needs over the simpler one to be believed. */
const SUPPORT = 0.01;

/**
 * The squeezes to try, from the sizes: `aspect` is the model's aspect ratio over the photo's. Within
 * 1 % it is re-render noise and only "no squeeze" is tried.
 */
export function squeezes(aspect: number): Squeeze[] {
  const out: Squeeze[] = [[1, 1]];
  if (Math.abs(Math.log(aspect)) < 0.01) return out;
  for (const k of [aspect, 1 / aspect]) out.push([Math.sqrt(k), 1 / Math.sqrt(k)]);
  return out;
}

/**
 * Square pixels in the model's image (it cropped, padded or extended the room to its size), seen in
 * its image stretched to the photo's aspect: a squeeze of 1 / aspect (the last of `squeezes`).
 */
const squarePixels = (tried: Squeeze[]) => tried.length - 1;

/**
 * Aligns two grey planes of the same work size (the output already stretched to the input's
 * aspect; `aspect` is the output's own aspect ratio over the input's). The search runs at 64 and
 * 128 px, the refinement at 128 and 256 px, once per squeeze; the best-correlated one wins.
 */
export function alignTo(
  inGray: Float32Array,
  outGray: Float32Array,
  size: WorkSize,
  aspect = 1,
  /** The photo's long side in its own pixels: a small photo's turn must agree more closely. */
  longSide = Math.max(size.width, size.height),
): Aligned {
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
  const seed: Similarity = {
    a: coarse.scale,
    b: 0,
    tx: coarse.dx * small.l.width,
    ty: coarse.dy * small.l.height,
  };
  const sa = edgeStrength(small.a, small.l.width, small.l.height, 1.5);
  const sb = edgeStrength(small.b, small.l.width, small.l.height, 1.5);
  const k = mid.l.width / small.l.width;
  const ma = edgeStrength(mid.a, mid.l.width, mid.l.height, 1.2);
  const mb = edgeStrength(mid.b, mid.l.width, mid.l.height, 1.2);
  const before = correlation(ma, mb, mid.l.width, mid.l.height, IDENTITY);
  const fit = (squeeze: Squeeze, lockTurn: number | null) => {
    const s = refine(sa, sb, small.l.width, small.l.height, seed, squeeze, 10, 1, lockTurn);
    const up = { ...s, tx: s.tx * k, ty: s.ty * k };
    return toAffine(refine(ma, mb, mid.l.width, mid.l.height, up, squeeze, 5, 2, lockTurn), squeeze);
  };
  let t = IDENTITY;
  let best = -Infinity;
  let chosen = 0;
  const tried = squeezes(aspect);
  const scores = tried.map((squeeze, i) => {
    const found = fit(squeeze, null);
    // A squeeze must earn its place as a transform must (below): "none" is tried first and kept on a tie.
    const c = correlation(ma, mb, mid.l.width, mid.l.height, found) - (i === 0 ? 0 : SUPPORT);
    if (c > best) [best, t, chosen] = [c, found, i];
    return c + (i === 0 ? 0 : SUPPORT);
  });
  // "None" out of the photo's aspect says the model squeezed the room into its size. The warp may
  // undo that only if the edges say so: better than square pixels by the support margin (otherwise
  // the delivery check sees a stretch of the model's pixels and the plan draws the cover instead).
  const squeezed = tried.length > 1 && chosen === 0 && scores[0]! > scores[squarePixels(tried)]! + SUPPORT;
  // The turn stands only if the edges read it too; otherwise the camera is refitted with the turn
  // the edges read (none when they read none).
  const turnFitted = (Math.atan2(t.a10, t.a00) * 180) / Math.PI;
  const read = turnFromEdges(inGray, outGray, w, h);
  const confirmed = turnConfirmed(turnFitted, read, longSide);
  // A transform the edges barely support (a featureless photo, or an engine that renders in place,
  // where a 0.5 % "zoom" is noise) falls back to the stretch: resampling for nothing costs sharpness.
  // The free fit is what is judged here, so refusing its turn never turns "no transform" into one.
  let after = correlation(ma, mb, mid.l.width, mid.l.height, t);
  if (!(after > before + SUPPORT)) {
    t = IDENTITY;
    after = before;
  } else if (!confirmed) {
    t = fit(tried[chosen]!, ((read.degrees ?? 0) * Math.PI) / 180);
    after = correlation(ma, mb, mid.l.width, mid.l.height, t);
  }
  const affine = scaleAffine(t, w / mid.l.width);
  return {
    affine,
    report: {
      ...describe(affine, w, h, before, after),
      squeezed: squeezed && t !== IDENTITY,
      // The kept turn (the free fit's, the edges' own, or none) checked against the edges again.
      turnConfirmed: turnConfirmed((Math.atan2(affine.a10, affine.a00) * 180) / Math.PI, read, longSide),
      turnRead: read.degrees,
      turnFitted,
    },
  };
}

export function describe(
  t: Affine,
  w: number,
  h: number,
  before: number,
  after: number,
): Omit<AlignmentReport, 'squeezed' | 'turnConfirmed' | 'turnRead' | 'turnFitted'> {
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
