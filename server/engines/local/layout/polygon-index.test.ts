import { describe, expect, it } from 'vitest';
import { pointInPolygon, rectInPolygon, type Pt } from './geometry.ts';
import { indexPolygon, pointInIndexed, rectInIndexed } from './polygon-index.ts';

// A seeded stream (xorshift) so a failure repeats.
const stream = (seed: number) => () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};

/** A star-shaped floor with notches and flat runs, like a measured outline (~100 vertices). */
function floor(rand: () => number, n: number): Pt[] {
  return Array.from({ length: n }, (_, i) => {
    const t = (i / n) * 2 * Math.PI;
    const r = rand() < 0.1 ? 1 + rand() : 3 + rand() * 0.5;
    // Some vertices share a height (horizontal edges), as pixel outlines do.
    const y = rand() < 0.2 ? 1 : 4 + r * Math.sin(t);
    return [r * Math.cos(t), y];
  });
}

describe('polygon index', () => {
  it('answers pointInPolygon and rectInPolygon exactly, edges and corners included', () => {
    const rand = stream(0x2650);
    for (let f = 0; f < 20; f++) {
      const poly = floor(rand, 20 + Math.floor(rand() * 120));
      const idx = indexPolygon(poly);
      for (let k = 0; k < 400; k++) {
        // Points on vertices and on edge heights are where an off-by-one band would show.
        const v = poly[Math.floor(rand() * poly.length)]!;
        const p: Pt =
          rand() < 0.3 ? [v[0] + (rand() - 0.5) * 0.01, v[1]] : [rand() * 10 - 5, rand() * 10 - 1];
        expect(pointInIndexed(p, idx)).toBe(pointInPolygon(p, poly));
        const r = { a: p[0], b: p[1], w: rand() * 2, d: rand() * 2, rot: rand() * Math.PI };
        expect(rectInIndexed(r, idx)).toBe(rectInPolygon(r, poly));
      }
    }
  });

  it('finds nothing inside an empty or flat outline', () => {
    expect(pointInIndexed([0, 0], indexPolygon([]))).toBe(false);
    const flat: Pt[] = [
      [0, 1],
      [2, 1],
      [4, 1],
    ];
    expect(pointInIndexed([1, 1], indexPolygon(flat))).toBe(pointInPolygon([1, 1], flat));
  });
});
