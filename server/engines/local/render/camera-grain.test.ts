import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { createRng } from '../rng.ts';
import { flatGrain, GRAIN_BINS, measureGrain, type Grain } from './camera-grain.ts';
import { composite } from './compositor.ts';
import type { Layers } from './shading.ts';
import { furnitureLayers } from '#tests/helpers/render-layers.ts';

const W = 640;
const H = 480;
// Brightness steps across the frame (left to right), so every bin has flat area.
const level = (x: number) => 40 + Math.floor((x / W) * 6) * 32;
const gauss = (rng: ReturnType<typeof createRng>) =>
  Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/** A flat stepped photo with shot-like luma noise (sigma 1 + L / 60) and colour noise cb 2, cr 1.4. */
function noisyPhoto(seed: number): RawImage {
  const rng = createRng(seed);
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const L = level(x);
      const ny = gauss(rng) * (1 + L / 60);
      const cb = gauss(rng) * 2;
      const cr = gauss(rng) * 1.4;
      const p = (y * W + x) * 3;
      data[p] = Math.round(L + ny + 1.402 * cr);
      data[p + 1] = Math.round(L + ny - 0.344136 * cb - 0.714136 * cr);
      data[p + 2] = Math.round(L + ny + 1.772 * cb);
    }
  return { width: W, height: H, channels: 3, data };
}

/** A full-size render covering the middle band of rows with clean surfaces of the same steps. */
function cleanRender(): Layers {
  return furnitureLayers(W, H, (x, y) => (y >= 160 && y < 320 ? [level(x), level(x), level(x)] : null));
}

function stagedGrain(grain: Grain): { inside: Grain; outside: Grain } {
  const photo = noisyPhoto(7);
  const out = composite(photo, cleanRender(), new Float32Array(W * H).fill(1), grain, 3);
  return {
    inside: measureGrain(out.image, out.mask, true)!,
    outside: measureGrain(out.image, out.mask, false)!,
  };
}

describe('measureGrain', () => {
  it('reads the noise a photo was made with, per brightness and in colour', () => {
    const g = measureGrain(noisyPhoto(1))!;
    for (let k = 1; k < 7; k++) {
      const L = 40 + (k - 1) * 32;
      expect(g.luma[k]! / (1 + L / 60)).toBeGreaterThan(0.85);
      expect(g.luma[k]! / (1 + L / 60)).toBeLessThan(1.1);
    }
    expect(g.cb).toBeGreaterThan(1.6);
    expect(g.cb).toBeLessThan(2.3);
    expect(g.cr).toBeGreaterThan(1.1);
    expect(g.cr).toBeLessThan(1.6);
  });
  it('finds nothing to measure in a clipped white frame', () => {
    const white = {
      width: 64,
      height: 64,
      channels: 3 as const,
      data: new Uint8Array(64 * 64 * 3).fill(255),
    };
    expect(measureGrain(white)).toBeNull();
  });
});

describe('composite grain', () => {
  it('gives the clean render the grain measured around it, within 12% per bin and 20% in colour', () => {
    const { inside, outside } = stagedGrain(measureGrain(noisyPhoto(7))!);
    for (let k = 1; k < 7; k++) {
      expect(inside.luma[k]! / outside.luma[k]!).toBeGreaterThan(0.88);
      expect(inside.luma[k]! / outside.luma[k]!).toBeLessThan(1.12);
    }
    expect(inside.cb / outside.cb).toBeGreaterThan(0.8);
    expect(inside.cb / outside.cb).toBeLessThan(1.2);
    expect(inside.cr / outside.cr).toBeGreaterThan(0.8);
    expect(inside.cr / outside.cr).toBeLessThan(1.2);
  });
  it('shows the mismatch one flat, colourless level leaves (what the check catches)', () => {
    const measured = measureGrain(noisyPhoto(7))!;
    const mean = measured.luma.reduce((a, b) => a + b, 0) / GRAIN_BINS;
    const { inside, outside } = stagedGrain(flatGrain(mean));
    expect(inside.luma[1]! / outside.luma[1]!).toBeGreaterThan(1.3);
    expect(inside.cb / outside.cb).toBeLessThan(0.5);
  });
});
