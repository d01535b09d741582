import { describe, expect, it } from 'vitest';
import { flatGrain } from './camera-grain.ts';
import { composite } from './compositor.ts';
import { furnitureLayers } from '#tests/helpers/render-layers.ts';

// A 40 x 20 render over a 160 x 80 photo: each render pixel covers 4 x 4 photo pixels.
const w = 40;
const h = 20;
const W = 160;
const H = 80;
const photo = { width: W, height: H, channels: 3 as const, data: new Uint8Array(W * H * 3).fill(120) };

describe('composite', () => {
  it('changes exactly the photo pixels next to active render pixels, at both edges of a row', () => {
    // A shadow in the first and last render columns of one row, a grey piece in the middle of another:
    // the rows' active spans touch the frame's edges (the photo columns visited per row).
    const shade = new Float32Array(w * h).fill(1);
    shade[10 * w] = 0.5;
    shade[10 * w + w - 1] = 0.5;
    const layers = furnitureLayers(w, h, (x, y) => (y === 4 && x >= 18 && x < 22 ? [60, 60, 60] : null));
    const out = composite(photo, layers, shade, flatGrain(0), 7);
    const changed = (X: number, Y: number) => out.image.data[(Y * W + X) * 3] !== 120;
    for (let Y = 0; Y < H; Y++)
      for (let X = 0; X < W; X++) expect(out.mask[Y * W + X]! > 0).toBe(changed(X, Y));
    expect(changed(0, 42)).toBe(true);
    expect(changed(W - 1, 42)).toBe(true);
    expect(changed(W / 2, 42)).toBe(false);
    expect(changed(W / 2, 18)).toBe(true);
    expect(changed(2, 18)).toBe(false);
    // Outside the bilinear reach of any active render pixel, nothing moves.
    expect(changed(W / 2, 70)).toBe(false);
    expect(photo.data.every((v) => v === 120)).toBe(true);
  });
});
