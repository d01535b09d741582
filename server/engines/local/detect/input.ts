// The detector's input: one landscape frame for every photo. Listing photos are mostly landscape
// (3:2, 4:3, 16:9), so a 288 x 224 input keeps their proportions far better than a square one and
// costs 37% less than 320 x 320. A portrait photo is letterboxed into the same frame (centred, grey
// bars) rather than given a portrait graph of its own: a second graph per thread cost 31 MB.
import type { AnalysisImage } from '../analysis/pyramid.ts';

/** Input width and height; both multiples of 32 (the detector's coarsest stride). */
export const INPUT_W = 288;
export const INPUT_H = 224;

// NanoDet's own input normalisation (BGR order, ImageNet statistics). A bar of value 0 after
// normalisation is the mean colour: neutral grey, which the network reads as nothing.
const MEAN = [103.53, 116.28, 123.675] as const;
const STD = [57.375, 57.12, 58.395] as const;

/** Where the photo lies inside the input, in input pixels. */
export interface Placement {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

/**
 * Landscape and square photos fill the frame (a little stretch is harmless: the detector was trained
 * on photos squeezed into squares); portrait photos keep their proportions, full height, centred.
 */
export function placement(width: number, height: number): Placement {
  if (height <= width) return { x0: 0, y0: 0, w: INPUT_W, h: INPUT_H };
  const w = Math.max(1, Math.round((INPUT_H * width) / height));
  return { x0: Math.floor((INPUT_W - w) / 2), y0: 0, w, h: INPUT_H };
}

/** A box in fractions of the input, mapped back to fractions of the photo (clipped to it). */
export function toPhoto(
  box: readonly [number, number, number, number],
  p: Placement,
): [number, number, number, number] {
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  const x = (v: number) => clip((v * INPUT_W - p.x0) / p.w);
  const y = (v: number) => clip((v * INPUT_H - p.y0) / p.h);
  return [x(box[0]), y(box[1]), x(box[2]), y(box[3])];
}

/** Bilinear resample of the analysis copy into the input frame, normalised, channels last (NHWC). */
export function inputTensorData(img: AnalysisImage, p: Placement): Float32Array {
  const { width: w, height: h } = img.lum;
  const planes = [img.b.data, img.g.data, img.r.data];
  const out = new Float32Array(3 * INPUT_W * INPUT_H); // zeros: the bars
  for (let y = 0; y < p.h; y++) {
    const sy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / p.h - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < p.w; x++) {
      const sx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / p.w - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = sx - x0;
      const at = (p.y0 + y) * INPUT_W + p.x0 + x;
      for (let c = 0; c < 3; c++) {
        const q = planes[c]!;
        const top = q[y0 * w + x0]! * (1 - fx) + q[y0 * w + x1]! * fx;
        const bottom = q[y1 * w + x0]! * (1 - fx) + q[y1 * w + x1]! * fx;
        out[at * 3 + c] = (top * (1 - fy) + bottom * fy - MEAN[c]!) / STD[c]!;
      }
    }
  }
  return out;
}
