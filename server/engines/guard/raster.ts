// Resampling helpers. The guard analyses a reduced "work" copy (area-averaged, so sensor and
// compression noise average out) and only touches full-resolution pixels to recompose.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

export interface WorkSize {
  width: number;
  height: number;
}

export function workSize(width: number, height: number, longSide: number): WorkSize {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Source index -> destination index for one axis, for area averaging and max pooling. */
function axisMap(src: number, dst: number): Int32Array {
  const map = new Int32Array(src);
  for (let i = 0; i < src; i++) map[i] = Math.min(dst - 1, Math.floor((i * dst) / src));
  return map;
}

/** Area-reduced RGB as floats; sharp does the full-resolution pass in native code. */
export async function downsampleRgb(img: RawImage, size: WorkSize): Promise<Float32Array> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return new Float32Array(data);
}

export function luma(rgb: Float32Array): Float32Array {
  const n = rgb.length / 3;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++)
    out[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return out;
}

/**
 * 1 where any source pixel of the block is set, so a thin engine mask is never lost. Reads every
 * pixel of a full-resolution mask, so empty stretches (most of it) are tested four bytes at a time.
 */
export function poolMask(mask: Uint8Array, srcW: number, srcH: number, size: WorkSize): Uint8Array {
  const { width: w, height: h } = size;
  const out = new Uint8Array(w * h);
  const mx = axisMap(srcW, w);
  const my = axisMap(srcH, h);
  // Word k of the 32-bit view holds mask bytes lead + 4k .. lead + 4k + 3.
  const lead = Math.min(mask.length, (4 - (mask.byteOffset % 4)) % 4);
  const words = new Uint32Array(mask.buffer, mask.byteOffset + lead, (mask.length - lead) >> 2);
  for (let y = 0; y < srcH; y++) {
    const row = y * srcW;
    const end = row + srcW;
    const dst = my[y]! * w;
    let p = row;
    for (; p < end && (p - lead) & 3; p++) if (mask[p]) out[dst + mx[p - row]!] = 1;
    for (; p + 4 <= end; p += 4) {
      if (words[(p - lead) >> 2] === 0) continue;
      for (let q = p; q < p + 4; q++) if (mask[q]) out[dst + mx[q - row]!] = 1;
    }
    for (; p < end; p++) if (mask[p]) out[dst + mx[p - row]!] = 1;
  }
  return out;
}

/** Area-averaged float plane, for the small copies the alignment search uses. */
export function downsamplePlane(
  plane: Float32Array,
  srcW: number,
  srcH: number,
  size: WorkSize,
): Float32Array {
  const sum = new Float32Array(size.width * size.height);
  const count = new Float32Array(size.width * size.height);
  const mx = axisMap(srcW, size.width);
  const my = axisMap(srcH, size.height);
  for (let y = 0; y < srcH; y++)
    for (let x = 0; x < srcW; x++) {
      const j = my[y]! * size.width + mx[x]!;
      sum[j]! += plane[y * srcW + x]!;
      count[j]! += 1;
    }
  for (let j = 0; j < sum.length; j++) sum[j]! /= count[j]! || 1;
  return sum;
}

/** Bilinear sample of a plane at (x, y), clamped to the frame. */
export function sampleBilinear(p: Float32Array, w: number, h: number, x: number, y: number): number {
  const cx = Math.min(w - 1, Math.max(0, x));
  const cy = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.min(w - 2, Math.floor(cx));
  const y0 = Math.min(h - 2, Math.floor(cy));
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * w + x0;
  return (p[i]! * (1 - fx) + p[i + 1]! * fx) * (1 - fy) + (p[i + w]! * (1 - fx) + p[i + w + 1]! * fx) * fy;
}

/** Separable Gaussian blur (radius 3 sigma), edges clamped; the clamping only runs near the borders. */
export function blurPlane(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * r + 1);
  let s = 0;
  for (let i = -r; i <= r; i++) s += k[i + r] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const line = (from: Float32Array, to: Float32Array, base: number, stride: number, len: number) => {
    for (let x = 0; x < len; x++) {
      let v = 0;
      if (x >= r && x < len - r)
        for (let i = -r; i <= r; i++) v += k[i + r]! * from[base + (x + i) * stride]!;
      else
        for (let i = -r; i <= r; i++)
          v += k[i + r]! * from[base + Math.min(len - 1, Math.max(0, x + i)) * stride]!;
      to[base + x * stride] = v;
    }
  };
  for (let y = 0; y < h; y++) line(src, tmp, y * w, 1, w);
  for (let x = 0; x < w; x++) line(tmp, out, x, w, h);
  return out;
}
