// Optical softness matched to the photo: rendered edges must not be crisper than the room's. The
// photo's blur is measured on its strongest edges (a step of contrast C blurred by a Gaussian of
// sigma s has a steepest slope of C / (s * sqrt(2 pi))), and the render layers get whatever blur
// the upsampled render does not already have.
import type { RawImage } from '#server/engines/types.ts';
import type { Layers } from './shading.ts';

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** Gaussian sigma of the photo's edges in full-resolution pixels (0.5 = as sharp as pixels get). */
export function photoBlurSigma(img: RawImage): number {
  const { width: W, height: H, data } = img;
  const sigmas: number[] = [];
  const line = new Float32Array(Math.max(W, H));
  // Rows and columns through the photo; every strong, isolated step along them is one sample.
  const lines = 32;
  for (let k = 1; k < lines; k++) {
    const y = Math.floor((k * H) / lines);
    for (let x = 0; x < W; x++) line[x] = lumAt(data, (y * W + x) * 3);
    steps(line, W, sigmas);
    const x = Math.floor((k * W) / lines);
    for (let yy = 0; yy < H; yy++) line[yy] = lumAt(data, (yy * W + x) * 3);
    steps(line, H, sigmas);
  }
  if (sigmas.length < 20) return 0.6;
  sigmas.sort((a, b) => a - b);
  // The sharper edges tell the lens; the rest are soft shadows and out-of-focus parts. The
  // central difference itself reads a perfect step as sigma 0.8: remove it in quadrature.
  const measured = sigmas[Math.floor(sigmas.length * 0.25)]!;
  return Math.min(3, Math.max(0.3, Math.sqrt(Math.max(0, measured * measured - 0.64))));
}

const lumAt = (d: Uint8Array, p: number) => 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;

function steps(v: Float32Array, n: number, out: number[]): void {
  for (let i = 4; i < n - 4; i++) {
    const g = (v[i + 1]! - v[i - 1]!) / 2;
    const ag = Math.abs(g);
    if (ag < Math.abs((v[i]! - v[i - 2]!) / 2) || ag < Math.abs((v[i + 2]! - v[i]!) / 2)) continue;
    // Contrast across the edge, with flat shoulders on both sides (an isolated step).
    const c = v[i + 4]! - v[i - 4]!;
    if (Math.abs(c) < 40 || Math.sign(c) !== Math.sign(g)) continue;
    if (
      Math.abs(v[i + 4]! - v[i + 3]!) > Math.abs(c) * 0.1 ||
      Math.abs(v[i - 3]! - v[i - 4]!) > Math.abs(c) * 0.1
    )
      continue;
    out.push(Math.abs(c) / (ag * SQRT_2PI));
  }
}

/**
 * Blurs the render layers (premultiplied, so edges soften against the photo correctly) by the
 * Gaussian the photo has beyond what rendering at `renderScale` and upsampling already give.
 */
export function matchSoftness(layers: Layers, photoSigma: number, renderScale: number): number {
  // A 2x2-supersampled pixel upsampled by 1/renderScale is about 0.45 of its size in sigma.
  const have = 0.45 / renderScale;
  const extra = Math.sqrt(Math.max(0, photoSigma * photoSigma - have * have)) * renderScale;
  if (extra < 0.2) return 0;
  gaussian(layers.furniture, layers.width, layers.height, extra);
  gaussian(layers.covering, layers.width, layers.height, extra);
  return extra;
}

/** Separable Gaussian on a 4-channel layer, skipping lines that hold nothing. */
function gaussian(buf: Float32Array, w: number, h: number, sigma: number): void {
  const r = Math.max(1, Math.ceil(sigma * 2.5));
  const k = Float32Array.from({ length: 2 * r + 1 }, (_, i) =>
    Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)),
  );
  const ks = k.reduce((a, b) => a + b, 0);
  for (let i = 0; i < k.length; i++) k[i] = k[i]! / ks;
  const tmp = new Float32Array(Math.max(w, h) * 4);
  // Only the box around the layer's content (grown by the kernel) can change.
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (buf[(y * w + x) * 4 + 3]! > 0) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  if (x1 < 0) return;
  x0 = Math.max(0, x0 - r);
  y0 = Math.max(0, y0 - r);
  x1 = Math.min(w - 1, x1 + r);
  y1 = Math.min(h - 1, y1 + r);
  // Rows (step 4 between pixels), then columns (step 4 * w).
  for (let y = y0; y <= y1; y++) blurLine(buf, (y * w + x0) * 4, 4, x1 - x0 + 1, k, r, tmp);
  for (let x = x0; x <= x1; x++) blurLine(buf, (y0 * w + x) * 4, w * 4, y1 - y0 + 1, k, r, tmp);
}

function blurLine(
  buf: Float32Array,
  start: number,
  step: number,
  len: number,
  k: Float32Array,
  r: number,
  tmp: Float32Array,
): void {
  let any = false;
  for (let i = 0, p = start; i < len; i++, p += step)
    if (buf[p + 3]! > 0) {
      any = true;
      break;
    }
  if (!any) return;
  tmp.fill(0, 0, len * 4);
  for (let i = 0, p = start; i < len; i++, p += step) {
    if (buf[p + 3]! <= 0) continue;
    const j0 = Math.max(-r, -i);
    const j1 = Math.min(r, len - 1 - i);
    for (let j = j0; j <= j1; j++) {
      const wgt = k[j + r]!;
      const q = (i + j) * 4;
      tmp[q]! += buf[p]! * wgt;
      tmp[q + 1]! += buf[p + 1]! * wgt;
      tmp[q + 2]! += buf[p + 2]! * wgt;
      tmp[q + 3]! += buf[p + 3]! * wgt;
    }
  }
  for (let i = 0, p = start; i < len; i++, p += step) {
    buf[p] = tmp[i * 4]!;
    buf[p + 1] = tmp[i * 4 + 1]!;
    buf[p + 2] = tmp[i * 4 + 2]!;
    buf[p + 3] = tmp[i * 4 + 3]!;
  }
}
