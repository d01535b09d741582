// Colour bleeding: light bounced off a strongly coloured piece tints the floor next to it (a red
// sofa warms a pale floor). The floor receives bounce in proportion to how much of its view the
// piece fills and to the piece's colour, so the tint is measured in image space from the rendered
// furniture around each floor pixel (its coverage and mean colour, over about a piece's reach) and
// multiplies the photo's own pixels: only the colour changes, never the brightness or the texture.
import type { RawImage } from '#server/engines/types.ts';
import type { Layers } from './shading.ts';

/** The tint at full coverage by a pure colour: a few percent, as a bounce off fabric gives. */
const STRENGTH = 0.3;

/**
 * RGB multipliers per render pixel of a box on the floor (1 = none), or null when no floor pixel
 * would change by more than half a grey level.
 */
export interface Bleed {
  /** The box's multipliers, row by row (width x1 - x0 + 1, 3 per pixel). */
  tint: Float32Array;
  /** Render-pixel box holding every tinted pixel, inclusive. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function bleedMap(layers: Layers, floorRow: Float32Array): Bleed | null {
  const { width: w, height: h, furniture: F } = layers;
  const r = Math.max(2, Math.round(w * 0.02));
  // Only the furniture's box, grown by the blur's reach, can be tinted.
  const found = furnitureBox(F, w, h);
  if (!found) return null;
  const bx0 = Math.max(0, found.x0 - 2 * r);
  const by0 = Math.max(0, found.y0 - 2 * r);
  const bx1 = Math.min(w - 1, found.x1 + 2 * r);
  const by1 = Math.min(h - 1, found.y1 + 2 * r);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  // Premultiplied colour and coverage, box-blurred twice (close to a Gaussian of about r).
  const acc = new Float32Array(bw * bh * 4);
  for (let y = 0; y < bh; y++)
    acc.set(F.subarray(((by0 + y) * w + bx0) * 4, ((by0 + y) * w + bx1 + 1) * 4), y * bw * 4);
  const spare = new Float32Array(bw * bh * 4);
  for (let pass = 0; pass < 2; pass++) {
    blurRows(acc, spare, bw, bh, r);
    blurColumns(spare, acc, bw, bh, r);
  }
  // Only the box is kept: the rest of the frame is never tinted.
  const tint = new Float32Array(bw * bh * 3).fill(1);
  let any = false;
  for (let y = by0; y <= by1; y++)
    for (let x = bx0; x <= bx1; x++) {
      const i = y * w + x;
      const b = ((y - by0) * bw + x - bx0) * 4;
      const a = acc[b + 3]!;
      if (a < 0.01 || y + 0.5 < floorRow[x]!) continue;
      // The floor's share left visible here, and the nearby furniture's mean colour.
      const open = 1 - Math.min(1, F[i * 4 + 3]!);
      const c0 = acc[b]! / a;
      const c1 = acc[b + 1]! / a;
      const c2 = acc[b + 2]! / a;
      const lum = 0.299 * c0 + 0.587 * c1 + 0.114 * c2;
      if (lum < 1) continue;
      // Colour relative to its own luminance: a grey piece tints nothing, and only a strongly
      // coloured one (a channel 25% off its luminance) tints visibly at all.
      const sat = Math.max(Math.abs(c0 / lum - 1), Math.abs(c1 / lum - 1), Math.abs(c2 / lum - 1));
      if (sat < 0.25) continue;
      const k = STRENGTH * Math.min(1, a) * open;
      const t0 = 1 + k * (c0 / lum - 1);
      const t1 = 1 + k * (c1 / lum - 1);
      const t2 = 1 + k * (c2 / lum - 1);
      // Under a grey level and a half on a bright floor: invisible, so the pixel (and the mask) stay.
      if (Math.max(Math.abs(t0 - 1), Math.abs(t1 - 1), Math.abs(t2 - 1)) <= 0.006) continue;
      const t = (b >> 2) * 3;
      tint[t] = t0;
      tint[t + 1] = t1;
      tint[t + 2] = t2;
      any = true;
    }
  return any ? { tint, x0: bx0, y0: by0, x1: bx1, y1: by1 } : null;
}

/** The box of render pixels with any furniture coverage (inclusive), or null. */
function furnitureBox(F: Float32Array, w: number, h: number) {
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (let y = 0; y < h; y++) {
    const row = y * w * 4;
    // The row's first covered pixel, then its last: covered pixels between them change nothing.
    let first = -1;
    for (let x = 0; x < w; x++)
      if (F[row + x * 4 + 3]! > 0) {
        first = x;
        break;
      }
    if (first < 0) continue;
    let last = first;
    for (let x = w - 1; x > first; x--)
      if (F[row + x * 4 + 3]! > 0) {
        last = x;
        break;
      }
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
    if (y < y0) y0 = y;
    y1 = y;
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/**
 * Multiplies `img`'s pixels by the render-resolution `tint` (nearest sample), skipping pixels the
 * furniture covers fully (mask 255), and marks the pixels it changes. Returns how many.
 */
export function applyBleed(img: RawImage, mask: Uint8Array, bleed: Bleed, w: number, h: number): number {
  const { width: W, height: H, data } = img;
  const { tint } = bleed;
  const bw = bleed.x1 - bleed.x0 + 1;
  let n = 0;
  const Y0 = Math.floor((bleed.y0 * H) / h);
  const Y1 = Math.min(H, Math.ceil(((bleed.y1 + 1) * H) / h));
  const X0 = Math.floor((bleed.x0 * W) / w);
  const X1 = Math.min(W, Math.ceil(((bleed.x1 + 1) * W) / w));
  // Each photo column's render column, once (the nearest sample, as before per pixel).
  const colOf = new Int32Array(X1 - X0);
  for (let X = X0; X < X1; X++) colOf[X - X0] = Math.min(w - 1, Math.floor((X * w) / W));
  // Per render row of the box, the tinted columns' span: most rows of the box have none.
  const spans = tintedSpans(tint, bw, bleed.y1 - bleed.y0 + 1);
  for (let Y = Y0; Y < Y1; Y++) {
    const y = Math.min(h - 1, Math.floor((Y * h) / H));
    const ty = y - bleed.y0;
    // Render rows outside the box hold no tint (1 everywhere).
    if (ty < 0 || ty > bleed.y1 - bleed.y0) continue;
    const lo = spans[ty * 2]!;
    const hi = spans[ty * 2 + 1]!;
    if (hi < lo) continue;
    const rowT = ty * bw;
    for (let X = X0; X < X1; X++) {
      const x = colOf[X - X0]! - bleed.x0;
      if (x < lo || x > hi) continue;
      const j = Y * W + X;
      if (mask[j] === 255) continue;
      const i = (rowT + x) * 3;
      const t0 = tint[i]!;
      const t1 = tint[i + 1]!;
      const t2 = tint[i + 2]!;
      if (t0 === 1 && t1 === 1 && t2 === 1) continue;
      const p = j * 3;
      const v0 = Math.min(255, Math.round(data[p]! * t0));
      const v1 = Math.min(255, Math.round(data[p + 1]! * t1));
      const v2 = Math.min(255, Math.round(data[p + 2]! * t2));
      if (v0 === data[p] && v1 === data[p + 1] && v2 === data[p + 2]) continue;
      data[p] = v0;
      data[p + 1] = v1;
      data[p + 2] = v2;
      if (!mask[j]) mask[j] = 1;
      n++;
    }
  }
  return n;
}

/** First and last tinted column (box coordinates) of each box row; last < first for none. */
function tintedSpans(tint: Float32Array, bw: number, bh: number): Int32Array {
  const spans = new Int32Array(bh * 2);
  for (let y = 0; y < bh; y++) {
    let lo = bw;
    let hi = -1;
    for (let x = 0, i = y * bw * 3; x < bw; x++, i += 3)
      if (tint[i] !== 1 || tint[i + 1] !== 1 || tint[i + 2] !== 1) {
        if (x < lo) lo = x;
        hi = x;
      }
    spans[y * 2] = lo;
    spans[y * 2 + 1] = hi;
  }
  return spans;
}

/**
 * Box blur of radius r along each row of a 4-channel buffer, from `src` into `dst` (running sums:
 * the window's sum is carried in doubles and each output is the sum times 1 / (2r + 1), as a float).
 */
function blurRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const start = y * w * 4;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0, q = start; i <= r && i < w; i++, q += 4) {
      s0 += src[q]!;
      s1 += src[q + 1]!;
      s2 += src[q + 2]!;
      s3 += src[q + 3]!;
    }
    for (let i = 0, q = start; i < w; i++, q += 4) {
      dst[q] = s0 * norm;
      dst[q + 1] = s1 * norm;
      dst[q + 2] = s2 * norm;
      dst[q + 3] = s3 * norm;
      if (i + r + 1 < w) {
        const a = q + (r + 1) * 4;
        s0 += src[a]!;
        s1 += src[a + 1]!;
        s2 += src[a + 2]!;
        s3 += src[a + 3]!;
      }
      if (i >= r) {
        const b = q - r * 4;
        s0 -= src[b]!;
        s1 -= src[b + 1]!;
        s2 -= src[b + 2]!;
        s3 -= src[b + 3]!;
      }
    }
  }
}

/**
 * The same blur down each column, from `src` into `dst`, a row at a time: every column's running
 * sum (a double) sees the same additions in the same order as a walk down that column, while the
 * buffer is read in memory order.
 */
function blurColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const n = w * 4;
  const sums = new Float64Array(n);
  const norm = 1 / (2 * r + 1);
  for (let i = 0; i <= r && i < h; i++) for (let k = 0, q = i * n; k < n; k++, q++) sums[k]! += src[q]!;
  for (let i = 0; i < h; i++) {
    const out = i * n;
    const add = i + r + 1 < h ? (i + r + 1) * n : -1;
    const sub = i - r >= 0 ? (i - r) * n : -1;
    // One loop per row whichever rows enter and leave the window (write, then add, then subtract).
    if (add >= 0 && sub >= 0)
      for (let k = 0; k < n; k++) {
        const v = sums[k]!;
        dst[out + k] = v * norm;
        sums[k] = v + src[add + k]! - src[sub + k]!;
      }
    else if (add >= 0)
      for (let k = 0; k < n; k++) {
        const v = sums[k]!;
        dst[out + k] = v * norm;
        sums[k] = v + src[add + k]!;
      }
    else if (sub >= 0)
      for (let k = 0; k < n; k++) {
        const v = sums[k]!;
        dst[out + k] = v * norm;
        sums[k] = v - src[sub + k]!;
      }
    else for (let k = 0; k < n; k++) dst[out + k] = sums[k]! * norm;
  }
}
