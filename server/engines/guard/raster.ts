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
  return Float32Array.from(data);
}

export function luma(rgb: Float32Array): Float32Array {
  const n = rgb.length / 3;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return out;
}

/** 1 where any source pixel of the block is set, so a thin engine mask is never lost. */
export function poolMask(mask: Uint8Array, srcW: number, srcH: number, size: WorkSize): Uint8Array {
  const out = new Uint8Array(size.width * size.height);
  const mx = axisMap(srcW, size.width);
  const my = axisMap(srcH, size.height);
  for (let y = 0; y < srcH; y++)
    for (let x = 0; x < srcW; x++) if (mask[y * srcW + x]) out[my[y]! * size.width + mx[x]!] = 1;
  return out;
}

/** Bilinear upsampling of an 8-bit mask to full resolution; exact 0 stays 0 far from the mask. */
export function upsampleMask(mask: Uint8Array, size: WorkSize, width: number, height: number): Uint8Array {
  const { width: w, height: h } = size;
  const out = new Uint8Array(width * height);
  // Column lookups once, not per pixel: this loop runs over every full-resolution pixel.
  const cx0 = new Int32Array(width);
  const cx1 = new Int32Array(width);
  const ctx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(w - 1, cx0[x]! + 1);
    ctx[x] = fx - cx0[x]!;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const r0 = Math.floor(fy) * w;
    const r1 = Math.min(h - 1, Math.floor(fy) + 1) * w;
    const ty = fy - Math.floor(fy);
    for (let x = 0; x < width; x++) {
      const a = mask[r0 + cx0[x]!]!, b = mask[r0 + cx1[x]!]!, c = mask[r1 + cx0[x]!]!, d = mask[r1 + cx1[x]!]!;
      if ((a | b | c | d) === 0) continue;
      const tx = ctx[x]!;
      out[y * width + x] = Math.round((a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty);
    }
  }
  return out;
}

/** Stretches to exactly width x height: any aspect change is measured separately, never cropped away. */
export async function resizeRaw(img: RawImage, width: number, height: number): Promise<RawImage> {
  if (img.width === width && img.height === height) return img;
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { width, height, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Nearest-neighbour resize of a 1-byte mask (the engine's own mask, when its image was another size). */
export function resizeMaskNearest(mask: Uint8Array, srcW: number, srcH: number, width: number, height: number): Uint8Array {
  if (srcW === width && srcH === height) return mask;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(srcH - 1, Math.floor(((y + 0.5) * srcH) / height));
    for (let x = 0; x < width; x++) out[y * width + x] = mask[sy * srcW + Math.min(srcW - 1, Math.floor(((x + 0.5) * srcW) / width))]!;
  }
  return out;
}

/** Area-averaged float plane, for the small copies the alignment search uses. */
export function downsamplePlane(plane: Float32Array, srcW: number, srcH: number, size: WorkSize): Float32Array {
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
  return sum.map((v, j) => v / (count[j]! || 1));
}
