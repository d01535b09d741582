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
 * RGB multipliers per render pixel on the floor (1 = none), or null when no floor pixel would change
 * by more than half a grey level.
 */
export interface Bleed {
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
  let [bx0, by0, bx1, by1] = [w, h, -1, -1];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (F[(y * w + x) * 4 + 3]! > 0) {
        if (x < bx0) bx0 = x;
        if (x > bx1) bx1 = x;
        if (y < by0) by0 = y;
        by1 = y;
      }
  if (bx1 < 0) return null;
  bx0 = Math.max(0, bx0 - 2 * r);
  by0 = Math.max(0, by0 - 2 * r);
  bx1 = Math.min(w - 1, bx1 + 2 * r);
  by1 = Math.min(h - 1, by1 + 2 * r);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  // Premultiplied colour and coverage, box-blurred twice (close to a Gaussian of about r).
  const acc = new Float32Array(bw * bh * 4);
  for (let y = 0; y < bh; y++)
    acc.set(F.subarray(((by0 + y) * w + bx0) * 4, ((by0 + y) * w + bx1 + 1) * 4), y * bw * 4);
  for (let pass = 0; pass < 2; pass++) boxBlur4(acc, bw, bh, r);
  const tint = new Float32Array(w * h * 3).fill(1);
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
      tint[i * 3] = t0;
      tint[i * 3 + 1] = t1;
      tint[i * 3 + 2] = t2;
      any = true;
    }
  return any ? { tint, x0: bx0, y0: by0, x1: bx1, y1: by1 } : null;
}

/**
 * Multiplies `img`'s pixels by the render-resolution `tint` (nearest sample), skipping pixels the
 * furniture covers fully (mask 255), and marks the pixels it changes. Returns how many.
 */
export function applyBleed(img: RawImage, mask: Uint8Array, bleed: Bleed, w: number, h: number): number {
  const { width: W, height: H, data } = img;
  const { tint } = bleed;
  let n = 0;
  const Y0 = Math.floor((bleed.y0 * H) / h);
  const Y1 = Math.min(H, Math.ceil(((bleed.y1 + 1) * H) / h));
  const X0 = Math.floor((bleed.x0 * W) / w);
  const X1 = Math.min(W, Math.ceil(((bleed.x1 + 1) * W) / w));
  for (let Y = Y0; Y < Y1; Y++) {
    const y = Math.min(h - 1, Math.floor((Y * h) / H));
    for (let X = X0; X < X1; X++) {
      const j = Y * W + X;
      if (mask[j] === 255) continue;
      const i = (y * w + Math.min(w - 1, Math.floor((X * w) / W))) * 3;
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

/** In-place box blur of radius r on a 4-channel buffer, rows then columns (running sums). */
function boxBlur4(buf: Float32Array, w: number, h: number, r: number): void {
  const line = new Float32Array(Math.max(w, h) * 4);
  const pass = (len: number, start: number, step: number) => {
    for (let i = 0, q = start; i < len; i++, q += step) {
      line[i * 4] = buf[q]!;
      line[i * 4 + 1] = buf[q + 1]!;
      line[i * 4 + 2] = buf[q + 2]!;
      line[i * 4 + 3] = buf[q + 3]!;
    }
    const s = [0, 0, 0, 0];
    for (let i = -r; i <= r; i++)
      if (i >= 0 && i < len) for (let c = 0; c < 4; c++) s[c]! += line[i * 4 + c]!;
    const norm = 1 / (2 * r + 1);
    for (let i = 0; i < len; i++) {
      for (let c = 0; c < 4; c++) buf[start + i * step + c] = s[c]! * norm;
      const add = i + r + 1;
      const sub = i - r;
      for (let c = 0; c < 4; c++) {
        if (add < len) s[c]! += line[add * 4 + c]!;
        if (sub >= 0) s[c]! -= line[sub * 4 + c]!;
      }
    }
  };
  for (let y = 0; y < h; y++) pass(w, y * w * 4, 4);
  for (let x = 0; x < w; x++) pass(h, x * 4, w * 4);
}
