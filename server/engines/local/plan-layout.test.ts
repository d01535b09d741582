import { describe, expect, it } from 'vitest';
import { plainWall } from './plan-layout.ts';

describe('plainWall', () => {
  // A 200 x 100 analysis copy of a 400 x 200 photo: bare wall on the left, a busy view on the right.
  const width = 200;
  const height = 100;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 100; x < width; x++) data[y * width + x] = (x + y) % 3 ? 2 : 20;
  const a = { edges: { width, height, data }, analysisScale: 0.5 };

  it('accepts a box over bare wall and refuses one over a busy window or off the frame', () => {
    expect(plainWall(a, { x0: 20, y0: 20, x1: 160, y1: 120 })).toBe(true);
    expect(plainWall(a, { x0: 220, y0: 20, x1: 360, y1: 120 })).toBe(false);
    expect(plainWall(a, { x0: 500, y0: 20, x1: 600, y1: 120 })).toBe(false);
  });
});
