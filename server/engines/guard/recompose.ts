// The guard's one full-resolution pass: upsample the work-size alpha to the photo's size and blend
// the model's pixels into a copy of the original with it. Fused and run-based, because on a 12 MP
// photo a per-pixel upsampling pass plus a per-pixel blending pass cost more than the whole
// work-size analysis.
import type { RawImage } from '#server/engines/types.ts';
import type { WorkSize } from './raster.ts';

export interface Recomposed {
  image: RawImage;
  /** Bilinear upsampling of the alpha, 0..255; exact 0 stays 0 far from the mask. */
  mask: Uint8Array;
}

/**
 * Model pixels where the alpha is 255, the original's exact bytes where it is 0, blended between.
 * Each output row blends its two source rows once, then walks the source columns: runs of solid 0
 * or 255 (most of the photo) are skipped or copied in one call, only feather edges go pixel by pixel.
 */
export function recompose(input: RawImage, output: RawImage, alpha: Uint8Array, size: WorkSize): Recomposed {
  const { width, height } = input;
  const { width: w, height: h } = size;
  const data = input.data.slice();
  const model = output.data;
  const mask = new Uint8Array(width * height);
  // Output columns [start[j], start[j + 1]) lie between source columns j and j + 1, at fraction tx.
  const start = new Int32Array(w + 1).fill(width);
  const tx = new Float32Array(width);
  for (let x = width - 1; x >= 0; x--) {
    const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
    start[Math.floor(fx)] = x;
    tx[x] = fx - Math.floor(fx);
  }
  for (let j = w - 1; j >= 0; j--) start[j] = Math.min(start[j]!, start[j + 1]!);
  const row = new Float64Array(w + 1);
  const j1 = (j: number) => Math.min(w - 1, j + 1);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const r0 = Math.floor(fy) * w;
    const r1 = Math.min(h - 1, Math.floor(fy) + 1) * w;
    const ty = fy - Math.floor(fy);
    let any = 0;
    for (let j = 0; j < w; j++) {
      const a = alpha[r0 + j]!;
      const c = alpha[r1 + j]!;
      any |= a | c;
      row[j] = a * (1 - ty) + c * ty;
    }
    if (any === 0) continue;
    row[w] = row[w - 1]!;
    const base = y * width;
    for (let j = 0; j < w;) {
      const a = row[j]!;
      const b = row[j + 1]!;
      if (a === b && (a === 0 || a === 255)) {
        let k = j + 1;
        while (k < w && row[k] === a && row[k + 1] === a) k++;
        if (a === 255) {
          const p0 = base + start[j]!;
          const p1 = base + start[k]!;
          mask.fill(255, p0, p1);
          data.set(model.subarray(p0 * 3, p1 * 3), p0 * 3);
        }
        j = k;
        continue;
      }
      // The four corners, weighted x first as the single-pass bilinear always was (same rounding).
      const [a0, b0, c0, d0] = [alpha[r0 + j]!, alpha[r0 + j1(j)]!, alpha[r1 + j]!, alpha[r1 + j1(j)]!];
      for (let x = start[j]!; x < start[j + 1]!; x++) {
        const p = base + x;
        const t = tx[x]!;
        const v = Math.round((a0 * (1 - t) + b0 * t) * (1 - ty) + (c0 * (1 - t) + d0 * t) * ty);
        mask[p] = v;
        // Exact at both ends: v = 0 keeps the original byte, v = 255 gives the model's.
        for (let c = p * 3; c < p * 3 + 3; c++)
          data[c] = Math.round(data[c]! + ((model[c]! - data[c]!) * v) / 255);
      }
      j++;
    }
  }
  return { image: { width, height, channels: 3, data }, mask };
}
