import { describe, expect, it } from 'vitest';
import { sobel, type Plane } from './gradient.ts';
import { detectSegments } from './segments.ts';

/** A plane of `bg` with pixels for which `inside(x, y)` holds set to `fg`. */
function draw(
  w: number,
  h: number,
  bg: number,
  fg: number,
  inside: (x: number, y: number) => boolean,
): Plane {
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = inside(x, y) ? fg : bg;
  return { width: w, height: h, data };
}

describe('sobel', () => {
  it('reads a step of s as s / 2 on both sides of it, pointing from dark to light, and leaves the border at 0', () => {
    const g = sobel(draw(8, 6, 100, 140, (x) => x >= 4));
    const at = (x: number, y: number) => y * 8 + x;
    expect([g.mag[at(3, 2)], g.mag[at(4, 2)], g.mag[at(2, 2)], g.mag[at(5, 2)]]).toEqual([20, 20, 0, 0]);
    expect(g.gx[at(3, 2)]).toBe(20);
    expect(g.gy[at(3, 2)]).toBe(0);
    expect(g.mag[at(3, 0)]).toBe(0);
    expect([g.width, g.height]).toEqual([8, 6]);
  });
});

describe('detectSegments', () => {
  // A dark 120 x 60 box on a light wall.
  const box = draw(200, 120, 200, 80, (x, y) => x >= 40 && x < 160 && y >= 30 && y < 90);

  it('finds the four sides of a box with their directions, lengths and contrast', () => {
    const segs = detectSegments(sobel(box), { minLength: 20, minMagnitude: 3 });
    const horizontal = segs.filter((s) => Math.abs(s.angle) < 0.05);
    const vertical = segs.filter((s) => Math.abs(Math.abs(s.angle) - Math.PI / 2) < 0.05);
    expect(horizontal).toHaveLength(2);
    expect(vertical).toHaveLength(2);
    for (const s of horizontal) expect(s.length).toBeGreaterThan(110);
    for (const s of vertical) expect(s.length).toBeGreaterThan(50);
    for (const s of segs) expect(s.strength).toBeGreaterThan(40);
    // Top and bottom edges have opposite contrast: their level-line angles differ by pi.
    const [top, bottom] = horizontal.sort((a, b) => a.y1 - b.y1);
    expect(Math.abs(Math.abs(top!.levelAngle - bottom!.levelAngle) - Math.PI)).toBeLessThan(0.05);
    expect(top!.y1).toBeCloseTo(29.5, 0);
  });

  it('ignores edges at or below the contrast floor and shorter than the minimum length', () => {
    const faint = draw(200, 120, 200, 194, (x, y) => x >= 40 && x < 160 && y >= 30 && y < 90);
    expect(detectSegments(sobel(faint), { minLength: 20, minMagnitude: 3 })).toEqual([]);
    expect(detectSegments(sobel(faint), { minLength: 20, minMagnitude: 2 })).toHaveLength(4);
    expect(detectSegments(sobel(box), { minLength: 100, minMagnitude: 3 })).toHaveLength(2);
  });

  it('keeps a gently bowed edge only when a lower density is allowed', () => {
    // A soft vertical edge bowing 5 px over 120 rows (lens bend): one region, in a wide rectangle.
    const data = new Float32Array(120 * 120);
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 120; x++) {
        const edge = 60 + 5 * Math.sin((y * Math.PI) / 120);
        data[y * 120 + x] = 200 - 120 * Math.min(1, Math.max(0, x - edge + 0.5));
      }
    const grad = sobel({ width: 120, height: 120, data });
    const opts = { minLength: 60, minMagnitude: 3 };
    expect(detectSegments(grad, opts)).toEqual([]);
    const kept = detectSegments(grad, { ...opts, minDensity: 0.3 });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.length).toBeGreaterThan(110);
  });
});
