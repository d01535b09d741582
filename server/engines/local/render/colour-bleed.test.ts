import { describe, expect, it } from 'vitest';
import { applyBleed, bleedMap } from './colour-bleed.ts';
import type { Layers } from './shading.ts';
import { furnitureLayers } from '#tests/helpers/render-layers.ts';

const W = 200;
const H = 120;

/** A 40 x 30 px piece of colour `rgb` standing in the middle of an all-floor frame. */
function piece(rgb: [number, number, number]): Layers {
  return furnitureLayers(W, H, (x, y) => (y >= 40 && y < 70 && x >= 80 && x < 120 ? rgb : null));
}

function staged(rgb: [number, number, number]) {
  const data = new Uint8Array(W * H * 3).fill(200);
  const mask = new Uint8Array(W * H);
  for (let y = 40; y < 70; y++) for (let x = 80; x < 120; x++) mask[y * W + x] = 255;
  const bleed = bleedMap(piece(rgb), new Float32Array(W));
  const changed = bleed ? applyBleed({ width: W, height: H, channels: 3, data }, mask, bleed, W, H) : 0;
  return { data, mask, changed };
}

describe('colour bleeding', () => {
  it('tints the pale floor next to a red piece red, keeping its brightness, and not far away', () => {
    const { data, mask, changed } = staged([180, 30, 30]);
    expect(changed).toBeGreaterThan(0);
    const p = (72 * W + 100) * 3; // just below the piece
    expect(data[p]! - data[p + 1]!).toBeGreaterThan(6);
    expect(Math.abs(0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]! - 200)).toBeLessThan(3);
    expect(mask[72 * W + 100]).toBeGreaterThan(0);
    expect([...data.subarray(0, 3)]).toEqual([200, 200, 200]);
    expect(mask[0]).toBe(0);
  });
  it('leaves the floor alone next to a grey piece', () => {
    const { changed } = staged([90, 90, 90]);
    expect(changed).toBe(0);
  });
});
