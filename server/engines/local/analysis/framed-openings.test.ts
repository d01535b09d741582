import { describe, expect, it } from 'vitest';
import { findFramedOpenings } from './framed-openings.ts';
import { mergeOpenings, type Opening } from './openings.ts';
import { blur3, sobel, type Plane } from './pyramid.ts';
import { detectSegments } from './segments.ts';

const W = 480;
const H = 360;
const WALL = 150;

/** A wall with rectangles drawn as a 3 px dark frame around a fill. */
function wall(
  rects: { x0: number; y0: number; x1: number; y1: number; fill: (x: number, y: number) => number }[],
) {
  const data = new Float32Array(W * H).fill(WALL);
  for (const r of rects)
    for (let y = r.y0; y < r.y1; y++)
      for (let x = r.x0; x < r.x1; x++) {
        const edge = x < r.x0 + 3 || x >= r.x1 - 3 || y < r.y0 + 3 || y >= r.y1 - 3;
        data[y * W + x] = edge ? 60 : r.fill(x, y);
      }
  return { width: W, height: H, data } satisfies Plane;
}

function detect(lum: Plane): Opening[] {
  const blurred = blur3(lum);
  const grad = sobel(blurred);
  const segs = detectSegments(grad, 12);
  const floor = new Float32Array(W).fill(300);
  return findFramedOpenings(lum, grad.mag, segs, floor, 170);
}

describe('findFramedOpenings', () => {
  it('finds a framed opening with a busy view (a railing behind glass) spanning the horizon', () => {
    const railing = (x: number) => (Math.floor(x / 6) % 2 ? 200 : 90);
    const found = detect(wall([{ x0: 120, y0: 60, x1: 260, y1: 296, fill: railing }]));
    expect(found).toHaveLength(1);
    const [o] = found;
    expect(Math.abs(o!.x0 - 120)).toBeLessThan(6);
    expect(Math.abs(o!.x1 - 260)).toBeLessThan(6);
    expect(o!.kind).toBe('door');
  });

  it('ignores a plain frame (a wardrobe) and one that does not span the horizon', () => {
    const plain = () => WALL;
    const bright = () => 240;
    expect(detect(wall([{ x0: 120, y0: 60, x1: 260, y1: 296, fill: plain }]))).toEqual([]);
    expect(detect(wall([{ x0: 120, y0: 190, x1: 260, y1: 296, fill: bright }]))).toEqual([]);
  });

  it('finds no frames in striped wallpaper under a picture rail', () => {
    const lum = wall([]);
    for (let y = 40; y < H; y++) for (let x = 0; x < W; x++) if (x % 12 < 3) lum.data[y * W + x] = 110;
    for (let x = 0; x < W; x++) for (let y = 36; y < 40; y++) lum.data[y * W + x] = 60;
    expect(detect(lum)).toEqual([]);
  });
});

describe('mergeOpenings', () => {
  const o = (x0: number, x1: number, brightness: number): Opening => ({
    kind: 'window',
    x0,
    y0: 0,
    x1,
    y1: 100,
    brightness,
  });
  it('adds framed openings that no bright one covers, brightest first', () => {
    const merged = mergeOpenings([o(0, 100, 240)], [o(10, 110, 200), o(300, 400, 250)]);
    expect(merged.map((m) => m.x0)).toEqual([300, 0]);
  });
});
