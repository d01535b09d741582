import { describe, expect, it } from 'vitest';
import type { Plane } from '../analysis/pyramid.ts';
import { barRow, HALF_WIDTHS, MIN_CONTRAST, rawBar } from './post-bars.ts';

/**
 * The bar scan written out over the whole plane, as floor posts first read it (decision 0237): every
 * half-width's contrast at every pixel, then the bar centres left to right.
 */
function wholePlane(lum: Plane, fromRow: number) {
  const { width: W, height: H, data: L } = lum;
  const bar = new Float32Array(W * H);
  const raw = new Float32Array(W * H);
  const half = new Uint8Array(W * H);
  const m = HALF_WIDTHS[HALF_WIDTHS.length - 1]!;
  for (let y = fromRow; y < H; y++) {
    const row = y * W;
    for (let x = m; x < W - m; x++) {
      const c = L[row + x]!;
      let best = 0;
      let bestD = 0;
      for (const d of HALF_WIDTHS) {
        const l = L[row + x - d]!;
        const r = L[row + x + d]!;
        const bright = Math.min(c - l, c - r);
        const dark = Math.min(l - c, r - c);
        const v = bright >= dark ? bright : -dark;
        if (Math.abs(v) > Math.abs(best)) {
          best = v;
          bestD = d;
        }
      }
      raw[row + x] = best;
      if (Math.abs(best) >= MIN_CONTRAST) {
        bar[row + x] = best;
        half[row + x] = bestD;
      }
    }
    for (let x = m; x < W - m; x++) {
      const v = Math.abs(bar[row + x]!);
      if (v > 0 && (Math.abs(bar[row + x - 1]!) > v || Math.abs(bar[row + x + 1]!) >= v)) bar[row + x] = 0;
    }
  }
  return { bar, half, raw };
}

/** A floor of grain with bright and dark bars of 1-9 px and ramps (steps on one side only), seeded. */
function floorWithBars(W: number, H: number, seed: number): Plane {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data[y * W + x] = 100 + 20 * rand() + (x % 97 < 40 ? 0.37 * (x % 97) : 0);
  for (let k = 0; k < 60; k++) {
    const x0 = Math.floor(rand() * W);
    const w = 1 + Math.floor(rand() * 9);
    const v = 40 + 160 * rand();
    const y0 = Math.floor(rand() * H);
    for (let y = y0; y < Math.min(H, y0 + 40); y++)
      for (let x = x0; x < Math.min(W, x0 + w); x++) data[y * W + x] = v;
  }
  return { width: W, height: H, data };
}

describe('post bars', () => {
  it('gives the whole-plane scan’s bars, half-widths and contrasts row by row', () => {
    for (const seed of [1, 2, 3]) {
      const lum = floorWithBars(211, 90, seed);
      const fromRow = 10 * seed;
      const want = wholePlane(lum, fromRow);
      const bar = new Float32Array(lum.width);
      const half = new Uint8Array(lum.width);
      let bars = 0;
      for (let y = fromRow; y < lum.height; y++) {
        barRow(lum, y, bar, half);
        const row = y * lum.width;
        expect(Array.from(bar)).toEqual(Array.from(want.bar.subarray(row, row + lum.width)));
        for (let x = 0; x < lum.width; x++) if (bar[x]) expect(half[x]).toBe(want.half[row + x]);
        bars += bar.filter((v) => v !== 0).length;
      }
      expect(bars).toBeGreaterThan(100);
      for (let y = 0; y < lum.height; y++)
        for (let x = 0; x < lum.width; x++)
          expect(rawBar(lum, x, y, fromRow)).toBe(want.raw[y * lum.width + x]);
    }
  });
});
