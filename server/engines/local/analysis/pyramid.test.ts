import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { downscale, downscaleLum, percentiles } from './pyramid.ts';

/** A photo of noise with a few flat blocks (seeded, so the test is the same every run). */
function noisy(width: number, height: number, seed: number): RawImage {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) & 255;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i >> 7) % 5 === 0 ? 200 : rand();
  return { width, height, channels: 3, data };
}

/** The area average written out cell by cell: every `stride`-th sample of each cell, summed and divided. */
function reference(img: RawImage, maxSide: number) {
  const s = Math.min(1, maxSide / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * s));
  const h = Math.max(1, Math.round(img.height * s));
  const stride = Math.max(1, Math.floor(img.width / w / 2));
  const sum = new Float64Array(w * h * 3);
  const n = new Float64Array(w * h);
  for (let y = 0; y < img.height; y += stride)
    for (let x = 0; x < img.width; x += stride) {
      const cell =
        Math.min(h - 1, Math.floor((y * h) / img.height)) * w +
        Math.min(w - 1, Math.floor((x * w) / img.width));
      n[cell]!++;
      for (let k = 0; k < 3; k++) sum[cell * 3 + k]! += img.data[(y * img.width + x) * 3 + k]!;
    }
  const f = Math.fround;
  const channel = (k: number) => Float32Array.from(n, (count, i) => sum[i * 3 + k]! / (count || 1));
  return {
    r: channel(0),
    g: channel(1),
    b: channel(2),
    lum: Float32Array.from(n, (count, i) => {
      const [r, g, b] = [0, 1, 2].map((k) => f(sum[i * 3 + k]! / (count || 1)));
      return 0.299 * r! + 0.587 * g! + 0.114 * b!;
    }),
  };
}

const SIZES = [
  [300, 200, 800], // no reduction
  [1000, 700, 800], // every pixel
  [1900, 1100, 400], // every 2nd
  [2000, 2600, 320], // every 4th, portrait
] as const;

describe('downscale', () => {
  it('averages the sampled pixels of each cell, in every plane', () => {
    for (const [w, h, side] of SIZES) {
      const img = noisy(w, h, w + h);
      const copy = downscale(img, side);
      const want = reference(img, side);
      for (const k of ['r', 'g', 'b', 'lum'] as const)
        expect(Array.from(copy[k].data)).toEqual(Array.from(want[k]));
    }
  });

  it('from a row down gives the whole copy there and leaves the rows above at 0', () => {
    for (const [w, h, side] of SIZES) {
      const img = noisy(w, h, w * h);
      const whole = downscale(img, side).lum;
      for (const fromRow of [1, h / 3, h - 1]) {
        const part = downscale(img, side, fromRow).lum;
        const row = Math.floor((fromRow * whole.height) / h);
        const at = (p: typeof part, y: number) => Array.from(p.data.subarray(y * p.width, (y + 1) * p.width));
        for (let y = row; y < whole.height; y++) expect(at(part, y)).toEqual(at(whole, y));
        for (let y = 0; y < row - 2; y++) expect(at(part, y).every((v) => v === 0)).toBe(true);
      }
    }
  });

  it('gives the luminance plane alone to the last bit', () => {
    for (const [w, h, side] of SIZES)
      for (const fromRow of [0, h / 2]) {
        const img = noisy(w, h, 7 * w + h);
        const full = downscale(img, side, fromRow);
        const lum = downscaleLum(img, side, fromRow);
        expect(lum.scale).toBe(full.scale);
        expect(lum.lum.width).toBe(full.lum.width);
        expect(Array.from(lum.lum.data)).toEqual(Array.from(full.lum.data));
      }
  });
});

describe('percentiles', () => {
  /** The same lookup over a sorted copy: the bin of the value at rank p * n, as a bin centre. */
  const sorted = (data: Float32Array, p: number, max: number, bins: number) => {
    const v = Float32Array.from(data).sort();
    const b = Math.min(
      bins - 1,
      Math.max(0, Math.floor(v[Math.min(v.length - 1, Math.floor(p * v.length))]! * (bins / max))),
    );
    return (b + 0.5) / (bins / max);
  };

  it('reads each percentile from the counts, asked once or again with other ranges', () => {
    const data = Float32Array.from({ length: 5001 }, (_, i) => (i * 7919) % 251.3);
    const ps = [0.05, 0.35, 0.5, 0.97];
    for (const [max, bins] of [
      [256, 1024],
      [128, 1024],
      [256, 1024],
      [256, 64],
    ] as const)
      expect(percentiles(data, ps, max, bins)).toEqual(ps.map((p) => sorted(data, p, max, bins)));
  });
});
