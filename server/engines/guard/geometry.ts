// Geometry checks: did the model change the frame? Aspect-ratio changes are read from the sizes;
// letterbox bars from uniform borders the input does not have; re-crops and zooms from a coarse
// similarity search between the input and the (already resized) output, which seeds the affine
// alignment in align.ts.

/** |log| of the aspect-ratio change: 0 when equal, ~0.58 for 16:9 -> 1:1. */
export const aspectChange = (inW: number, inH: number, outW: number, outH: number) =>
  Math.abs(Math.log(outW / outH / (inW / inH)));

function uniformRun(
  gray: Float32Array,
  w: number,
  h: number,
  side: 'top' | 'bottom' | 'left' | 'right',
): number {
  const lines = side === 'top' || side === 'bottom' ? h : w;
  const len = side === 'top' || side === 'bottom' ? w : h;
  let run = 0;
  for (let k = 0; k < lines / 3; k++) {
    const line = side === 'top' || side === 'left' ? k : lines - 1 - k;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < len; i++) {
      const v = side === 'top' || side === 'bottom' ? gray[line * w + i]! : gray[i * w + line]!;
      sum += v;
      sumSq += v * v;
    }
    const mean = sum / len;
    if (sumSq / len - mean * mean > 9) break; // std above 3 grey levels: real content
    run++;
  }
  return run;
}

/** Total letterbox thickness as a share of the frame: uniform borders in the output beyond the input's. */
export function letterboxShare(input: Float32Array, output: Float32Array, w: number, h: number): number {
  let share = 0;
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const extra = uniformRun(output, w, h, side) - uniformRun(input, w, h, side);
    const dim = side === 'top' || side === 'bottom' ? h : w;
    if (extra >= Math.max(2, dim * 0.02)) share += extra / dim;
  }
  return share;
}

export interface Alignment {
  /** Output content = input content scaled by `scale` about the centre, then shifted. */
  scale: number;
  /** Shift as a share of width and height. */
  dx: number;
  dy: number;
  identityError: number;
  bestError: number;
}

const TRUNCATE = 4;

/**
 * Edge strength scaled to mean 1. Edges, not brightness: a room is mostly flat walls, which match
 * under any shift, so only the edges tell a re-frame from the original.
 */
function edges(g: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  let sum = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v = Math.abs(g[i + 1]! - g[i - 1]!) + Math.abs(g[i + w]! - g[i - w]!);
      out[i] = v;
      sum += v;
    }
  const mean = Math.max(1e-3, sum / (w * h));
  for (let i = 0; i < out.length; i++) out[i]! /= mean;
  return out;
}

/**
 * Truncated L1 between input and output sampled at centre + scale * (p - centre) + shift, averaged
 * over the overlap; the uncovered share adds a small cost so a zoom is not preferred for free.
 * The search only asks whether a candidate beats `bound`, so once the partial error (which only
 * grows) reaches it, the rest is skipped and Infinity returned: same winner, a fraction of the work.
 */
function alignError(
  a: Float32Array,
  b: Float32Array,
  w: number,
  h: number,
  s: number,
  tx: number,
  ty: number,
  bound = Infinity,
): number {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  // Sample rows and columns that have a 2x2 neighbourhood inside the frame; scale > 0, so they are ranges.
  const col = new Int32Array(w);
  const colF = new Float64Array(w);
  let x0 = w;
  let x1 = 0;
  for (let x = 0; x < w; x++) {
    const qx = cx + s * (x - cx) + tx;
    col[x] = Math.floor(qx);
    colF[x] = qx - col[x]!;
    if (col[x]! >= 0 && col[x]! < w - 1) {
      x0 = Math.min(x0, x);
      x1 = x + 1;
    }
  }
  let y0 = h;
  let y1 = 0;
  for (let y = 0; y < h; y++) {
    const q = Math.floor(cy + s * (y - cy) + ty);
    if (q >= 0 && q < h - 1) {
      y0 = Math.min(y0, y);
      y1 = y + 1;
    }
  }
  const n = w * h;
  const inside = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const outside = n - inside;
  if (outside > n * 0.4) return Infinity;
  const penalty = (0.1 * outside) / n;
  let err = 0;
  for (let y = y0; y < y1; y++) {
    const qy = cy + s * (y - cy) + ty;
    const r = Math.floor(qy);
    const fy = qy - r;
    for (let x = x0; x < x1; x++) {
      const fx = colF[x]!;
      const i = r * w + col[x]!;
      const v =
        (b[i]! * (1 - fx) + b[i + 1]! * fx) * (1 - fy) + (b[i + w]! * (1 - fx) + b[i + w + 1]! * fx) * fy;
      err += Math.min(TRUNCATE, Math.abs(a[y * w + x]! - v));
    }
    if (err / inside + penalty >= bound) return Infinity;
  }
  return err / inside + penalty;
}

/**
 * Coarse-to-fine search over scale 0.8..1.25 and shifts up to ~12 % on small grey copies.
 * `small` and `tiny` are the same pair of images at two sizes (tiny about half of small).
 */
export function alignFrames(
  small: { input: Float32Array; output: Float32Array; w: number; h: number },
  tiny: { input: Float32Array; output: Float32Array; w: number; h: number },
): Alignment {
  const ta = edges(tiny.input, tiny.w, tiny.h);
  const tb = edges(tiny.output, tiny.w, tiny.h);
  const range = Math.ceil(Math.max(tiny.w, tiny.h) * 0.12);
  let best = { s: 1, tx: 0, ty: 0, e: alignError(ta, tb, tiny.w, tiny.h, 1, 0, 0) };
  // Two-pixel steps here: the fine search at twice the size looks two pixels around, so nothing is skipped.
  for (let s = 0.8; s <= 1.2501; s += 0.025)
    for (let ty = -range; ty <= range; ty += 2)
      for (let tx = -range; tx <= range; tx += 2) {
        const e = alignError(ta, tb, tiny.w, tiny.h, s, tx, ty, best.e - 1e-9);
        if (e < best.e - 1e-9) best = { s, tx, ty, e };
      }
  const sa = edges(small.input, small.w, small.h);
  const sb = edges(small.output, small.w, small.h);
  const k = small.w / tiny.w;
  const identityError = alignError(sa, sb, small.w, small.h, 1, 0, 0);
  let fine = { s: 1, tx: 0, ty: 0, e: identityError };
  for (let s = best.s - 0.02; s <= best.s + 0.0201; s += 0.01)
    for (let ty = best.ty * k - 2; ty <= best.ty * k + 2; ty++)
      for (let tx = best.tx * k - 2; tx <= best.tx * k + 2; tx++) {
        const e = alignError(sa, sb, small.w, small.h, s, tx, ty, fine.e - 1e-9);
        if (e < fine.e - 1e-9) fine = { s, tx, ty, e };
      }
  return { scale: fine.s, dx: fine.tx / small.w, dy: fine.ty / small.h, identityError, bestError: fine.e };
}
