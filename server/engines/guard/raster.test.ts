import { describe, expect, it } from 'vitest';
import { poolMask } from './raster.ts';

/** The plain definition: output pixel j is set when any source pixel mapping to it is. */
function poolReference(mask: Uint8Array, srcW: number, srcH: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < srcH; y++)
    for (let x = 0; x < srcW; x++)
      if (mask[y * srcW + x]) out[Math.floor((y * h) / srcH) * w + Math.floor((x * w) / srcW)] = 1;
  return out;
}

describe('poolMask', () => {
  it('matches the plain definition for odd sizes, unaligned views and single pixels', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [srcW, srcH, w, h, offset] of [
      [101, 37, 13, 5, 1],
      [64, 48, 64, 48, 0],
      [250, 99, 32, 16, 3],
      [3, 2, 1, 1, 2],
    ] as const) {
      const backing = new Uint8Array(srcW * srcH + offset);
      const mask = backing.subarray(offset);
      for (let i = 0; i < mask.length; i++) mask[i] = rand() < 0.02 ? 1 + Math.floor(rand() * 255) : 0;
      expect(poolMask(mask, srcW, srcH, { width: w, height: h })).toEqual(
        poolReference(mask, srcW, srcH, w, h),
      );
    }
  });
});
