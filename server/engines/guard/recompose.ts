// The guard's one full-resolution pass: upsample the work-size alpha to the photo's size and blend
// the model's pixels into a copy of the original with it. Fused and run-based, because on a 12 MP
// photo a per-pixel upsampling pass plus a per-pixel blending pass cost more than the whole
// work-size analysis.
import type { RawImage } from '#server/engines/types.ts';
import type { WorkSize } from './raster.ts';
import type { Region } from './warp.ts';

export interface Recomposed {
  image: RawImage;
  /** Bilinear upsampling of the alpha, 0..255; exact 0 stays 0 far from the mask. Empty if not asked for. */
  mask: Uint8Array;
  /** Pixels that are the photo's own bytes (mask 0). */
  kept: number;
}

/** Where the model's pixels are given: the whole frame, or the part of it the alpha can reach. */
export interface ModelPatch {
  image: RawImage;
  left: number;
  top: number;
}

/**
 * The part of the W x H frame the alpha can reach once upsampled (with a pixel of margin for the
 * bilinear taps): only there are the model's full-resolution pixels needed. Null when it is empty.
 */
export function alphaRegion(alpha: Uint8Array, size: WorkSize, W: number, H: number): Region | null {
  const { width: w, height: h } = size;
  let j0 = w;
  let j1 = -1;
  let i0 = h;
  let i1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x]) {
        if (x < j0) j0 = x;
        if (x > j1) j1 = x;
        if (y < i0) i0 = y;
        if (y > i1) i1 = y;
      }
  if (j1 < 0) return null;
  const left = Math.max(0, Math.floor(((j0 - 1) * W) / w) - 1);
  const top = Math.max(0, Math.floor(((i0 - 1) * H) / h) - 1);
  const right = Math.min(W, Math.ceil(((j1 + 2) * W) / w) + 1);
  const bottom = Math.min(H, Math.ceil(((i1 + 2) * H) / h) + 1);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Model pixels where the alpha is 255, the original's exact bytes where it is 0, blended between.
 * Each output row blends its two source rows once, then walks the source columns: runs of solid 0
 * or 255 (most of the photo) are skipped or copied in one call, only feather edges go pixel by pixel.
 */
export function recompose(
  input: RawImage,
  patch: ModelPatch,
  alpha: Uint8Array,
  size: WorkSize,
  /**
   * `inPlace`: blend into the input's own buffer (a worker that no longer needs the photo saves a
   * fresh 36 MB buffer at 12 MP, which costs more than the blend); `into`: a buffer of the input's
   * length to copy the photo into and blend there (a worker that keeps the photo reuses one, its
   * pages already mapped); `mask`: build the full-size mask.
   */
  opts: { inPlace?: boolean; into?: Uint8Array; mask?: boolean } = {},
): Recomposed {
  const { width, height } = input;
  const { width: w, height: h } = size;
  const into = opts.into?.length === input.data.length ? opts.into : null;
  const data = opts.inPlace ? input.data : into ? (into.set(input.data), into) : input.data.slice();
  const withMask = opts.mask ?? true;
  const model = patch.image.data;
  const pw = patch.image.width;
  // Model byte offset of frame pixel (x, y) is (y * pw + x) * 3 - shift (the patch's own origin).
  const shift = (patch.top * pw + patch.left) * 3;
  let written = 0;
  const mask = new Uint8Array(withMask ? width * height : 0);
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
    const mrow = y * pw * 3 - shift;
    for (let j = 0; j < w;) {
      const a = row[j]!;
      const b = row[j + 1]!;
      if (a === b && (a === 0 || a === 255)) {
        let k = j + 1;
        while (k < w && row[k] === a && row[k + 1] === a) k++;
        if (a === 255) {
          const x0 = start[j]!;
          const x1 = start[k]!;
          if (withMask) mask.fill(255, base + x0, base + x1);
          data.set(model.subarray(mrow + x0 * 3, mrow + x1 * 3), (base + x0) * 3);
          written += x1 - x0;
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
        if (v === 0) continue;
        if (withMask) mask[p] = v;
        written++;
        // Exact at both ends: v = 0 keeps the original byte, v = 255 gives the model's.
        const m = mrow + x * 3;
        for (let c = 0; c < 3; c++)
          data[p * 3 + c] = Math.round(data[p * 3 + c]! + ((model[m + c]! - data[p * 3 + c]!) * v) / 255);
      }
      j++;
    }
  }
  return { image: { width, height, channels: 3, data }, mask, kept: width * height - written };
}
