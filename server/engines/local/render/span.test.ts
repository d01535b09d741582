import { describe, expect, it } from 'vitest';
import { spanEnd, spanStart } from './span.ts';

// The span must hold exactly the samples a per-pixel barycentric test keeps (away from the edges,
// where the 1e-6 slack decides), and nothing when the row misses the triangle.
function inside(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  px: number,
  py: number,
) {
  const inv = 1 / ((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0));
  const w0 = ((x1 - px) * (y2 - py) - (x2 - px) * (y1 - py)) * inv;
  const w1 = ((x2 - px) * (y0 - py) - (x0 - px) * (y2 - py)) * inv;
  return w0 >= 1e-6 && w1 >= 1e-6 && 1 - w0 - w1 >= 1e-6;
}

describe('spanStart / spanEnd', () => {
  it('cover every sample inside random triangles, row by row, and no row a triangle misses', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 40;
    let rows = 0;
    for (let t = 0; t < 200; t++) {
      const [x0, y0, x1, y1, x2, y2] = [rnd(), rnd(), rnd(), rnd(), rnd(), rnd()];
      const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
      if (Math.abs(area) < 1) continue;
      const inv = 1 / area;
      const minX = 0;
      const maxX = 40;
      const d0 = (y1 - y2) * inv;
      const d1 = (y2 - y0) * inv;
      for (let y = 0; y <= 40; y++) {
        const py = y + 0.5;
        const e0 = ((x1 - 0.5) * (y2 - py) - (x2 - 0.5) * (y1 - py)) * inv;
        const e1 = ((x2 - 0.5) * (y0 - py) - (x0 - 0.5) * (y2 - py)) * inv;
        const lo = spanStart(minX, e0, d0, e1, d1);
        const hi = spanEnd(minX, maxX, e0, d0, e1, d1);
        for (let x = minX; x <= maxX; x++) {
          if (inside(x0, y0, x1, y1, x2, y2, x + 0.5, py)) {
            expect(x >= lo && x <= hi).toBe(true);
            rows++;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(1000);
  });
  it('is empty for a row outside a flat-stepped barycentric', () => {
    // e0 constant and negative along the row: no sample of the row is inside.
    expect(spanStart(0, -0.5, 0, 0.5, 0.1)).toBe(Infinity);
    expect(spanStart(0, 0.5, 0, 0.2, 0.1)).toBe(0);
    expect(spanEnd(0, 10, 0.5, 0, 0.2, 0.1)).toBeLessThanOrEqual(10);
  });
});
