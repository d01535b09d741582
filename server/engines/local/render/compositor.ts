// Composites the render layers over the photo at full resolution: rugs, then floor shadows, then
// furniture, plus grain matched to the photo's noise. Pixels no layer touches are copied as they
// are, and the mask records exactly which pixels changed.
import type { RawImage } from '#server/engines/types.ts';
import { hash3 } from '../rng.ts';
import type { Layers } from './shading.ts';

export interface Composite {
  image: RawImage;
  mask: Uint8Array;
}

export function composite(
  photo: RawImage,
  layers: Layers,
  shadeMap: Float32Array,
  noise: number,
  seed: number,
): Composite {
  const { width: W, height: H } = photo;
  const { width: w, height: h, furniture: F, covering: C } = layers;
  const out = new Uint8Array(photo.data);
  const mask = new Uint8Array(W * H);
  // Render pixels that hold anything; full-res pixels near none of them are skipped quickly.
  const active = new Uint8Array(w * h);
  let [ax0, ay0, ax1, ay1] = [w, h, -1, -1];
  for (let i = 0; i < w * h; i++) {
    if (F[i * 4 + 3]! > 0 || C[i * 4 + 3]! > 0 || shadeMap[i]! < 1) {
      active[i] = 1;
      const x = i % w;
      const y = (i - x) / w;
      [ax0, ay0, ax1, ay1] = [Math.min(ax0, x), Math.min(ay0, y), Math.max(ax1, x), Math.max(ay1, y)];
    }
  }
  if (ax1 < 0) return { image: { width: W, height: H, channels: 3, data: out }, mask };
  const sx = w / W;
  const sy = h / H;
  const X0 = Math.max(0, Math.floor((ax0 - 1) / sx));
  const X1 = Math.min(W, Math.ceil((ax1 + 2) / sx));
  const Y0 = Math.max(0, Math.floor((ay0 - 1) / sy));
  const Y1 = Math.min(H, Math.ceil((ay1 + 2) / sy));
  const f = new Float32Array(4);
  const c = new Float32Array(4);
  for (let Y = Y0; Y < Y1; Y++) {
    const fy = Math.max(0, Math.min(h - 1.001, (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    for (let X = X0; X < X1; X++) {
      const fx = Math.max(0, Math.min(w - 1.001, (X + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const i00 = y0 * w + x0;
      if (!active[i00] && !active[i00 + 1] && !active[i00 + w] && !active[i00 + w + 1]) continue;
      const k00 = (1 - tx) * (1 - ty);
      const k10 = tx * (1 - ty);
      const k01 = (1 - tx) * ty;
      const k11 = tx * ty;
      for (let ch = 0; ch < 4; ch++) {
        f[ch] =
          F[i00 * 4 + ch]! * k00 +
          F[(i00 + 1) * 4 + ch]! * k10 +
          F[(i00 + w) * 4 + ch]! * k01 +
          F[(i00 + w + 1) * 4 + ch]! * k11;
        c[ch] =
          C[i00 * 4 + ch]! * k00 +
          C[(i00 + 1) * 4 + ch]! * k10 +
          C[(i00 + w) * 4 + ch]! * k01 +
          C[(i00 + w + 1) * 4 + ch]! * k11;
      }
      const shade =
        shadeMap[i00]! * k00 +
        shadeMap[i00 + 1]! * k10 +
        shadeMap[i00 + w]! * k01 +
        shadeMap[i00 + w + 1]! * k11;
      const fa = Math.min(1, f[3]!);
      const ca = Math.min(1, c[3]!);
      if (fa < 1 / 512 && ca < 1 / 512 && shade > 0.999) continue;
      const p = (Y * W + X) * 3;
      // Grain: luminance noise with a little chroma, only on rendered surfaces.
      const g = fa > 0 || ca > 0 ? (hash3(X, Y, seed) + hash3(X, Y, seed + 1) - 1) * noise * 2.45 : 0;
      let changed = false;
      for (let ch = 0; ch < 3; ch++) {
        let v = photo.data[p + ch]!;
        v = v * (1 - ca) + c[ch]!;
        v *= shade;
        v = v * (1 - fa) + f[ch]!;
        v += g * Math.max(fa, ca) * (1 + (hash3(X, Y, seed + 2 + ch) - 0.5) * 0.3);
        const q = Math.max(0, Math.min(255, Math.round(v)));
        if (q !== photo.data[p + ch]) changed = true;
        out[p + ch] = q;
      }
      if (changed)
        mask[Y * W + X] = Math.max(1, Math.round(255 * Math.max(fa, ca, Math.min(1, (1 - shade) * 4))));
    }
  }
  return { image: { width: W, height: H, channels: 3, data: out }, mask };
}
