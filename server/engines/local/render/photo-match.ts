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
  const lum = (x: number, y: number) => {
    const p = (y * W + x) * 3;
    return 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  };
  const sigmas: number[] = [];
  // Rows and columns through the photo; every strong, isolated step along them is one sample.
  const lines = 48;
  for (let k = 1; k < lines; k++) {
    scan(Math.floor((k * H) / lines), true);
    scan(Math.floor((k * W) / lines), false);
  }
  function scan(at: number, row: boolean) {
    const n = row ? W : H;
    const get = (i: number) => (row ? lum(i, at) : lum(at, i));
    const v = new Float32Array(n);
    for (let i = 0; i < n; i++) v[i] = get(i);
    for (let i = 4; i < n - 4; i++) {
      const g = (v[i + 1]! - v[i - 1]!) / 2;
      const ag = Math.abs(g);
      if (ag < Math.abs((v[i]! - v[i - 2]!) / 2) || ag < Math.abs((v[i + 2]! - v[i]!) / 2)) continue;
      // Contrast across the edge, with flat shoulders on both sides (an isolated step).
      const c = v[i + 4]! - v[i - 4]!;
      if (Math.abs(c) < 40 || Math.sign(c) !== Math.sign(g)) continue;
      if (Math.abs(v[i + 4]! - v[i + 3]!) > Math.abs(c) * 0.1 || Math.abs(v[i - 3]! - v[i - 4]!) > Math.abs(c) * 0.1)
        continue;
      sigmas.push(Math.abs(c) / (ag * SQRT_2PI));
    }
  }
  if (sigmas.length < 20) return 0.6;
  sigmas.sort((a, b) => a - b);
  // The sharper edges tell the lens; the rest are soft shadows and out-of-focus parts. The
  // central difference itself reads a perfect step as sigma 0.8: remove it in quadrature.
  const measured = sigmas[Math.floor(sigmas.length * 0.25)]!;
  return Math.min(3, Math.max(0.3, Math.sqrt(Math.max(0, measured * measured - 0.64))));
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

/** Separable Gaussian on a 4-channel layer, skipping rows and columns that hold nothing. */
function gaussian(buf: Float32Array, w: number, h: number, sigma: number): void {
  const r = Math.max(1, Math.ceil(sigma * 2.5));
  const k = Float32Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const ks = k.reduce((a, b) => a + b, 0);
  for (let i = 0; i < k.length; i++) k[i] = k[i]! / ks;
  const tmp = new Float32Array(Math.max(w, h) * 4);
  const pass = (count: number, len: number, index: (line: number, i: number) => number) => {
    for (let line = 0; line < count; line++) {
      let any = false;
      for (let i = 0; i < len && !any; i++) any = buf[index(line, i) + 3]! > 0;
      if (!any) continue;
      tmp.fill(0, 0, len * 4);
      for (let i = 0; i < len; i++) {
        const p = index(line, i);
        if (buf[p + 3]! <= 0) continue;
        for (let j = -r; j <= r; j++) {
          const q = i + j;
          if (q < 0 || q >= len) continue;
          const wgt = k[j + r]!;
          tmp[q * 4]! += buf[p]! * wgt;
          tmp[q * 4 + 1]! += buf[p + 1]! * wgt;
          tmp[q * 4 + 2]! += buf[p + 2]! * wgt;
          tmp[q * 4 + 3]! += buf[p + 3]! * wgt;
        }
      }
      for (let i = 0; i < len; i++) {
        const p = index(line, i);
        buf[p] = tmp[i * 4]!;
        buf[p + 1] = tmp[i * 4 + 1]!;
        buf[p + 2] = tmp[i * 4 + 2]!;
        buf[p + 3] = tmp[i * 4 + 3]!;
      }
    }
  };
  pass(h, w, (y, x) => (y * w + x) * 4);
  pass(w, h, (x, y) => (y * w + x) * 4);
}
