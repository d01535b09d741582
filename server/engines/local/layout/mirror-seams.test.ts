import { describe, expect, it } from 'vitest';
import type { Plane } from '../analysis/pyramid.ts';
import { createRng } from '../rng.ts';
import { clearSeams, mirrorSeams } from './mirror-seams.ts';

const W = 400;
const H = 320;

/** Gradient magnitude of a busy scene: the outlines of random boxes (furniture, frames, a doorway). */
function scene(seed: number): Float32Array {
  const rng = createRng(seed);
  const data = new Float32Array(W * H);
  for (let i = 0; i < 120; i++) {
    const x0 = Math.floor(rng.next() * W);
    const y0 = Math.floor(rng.next() * H);
    const x1 = Math.min(W - 1, x0 + 4 + Math.floor(rng.next() * 40));
    const y1 = Math.min(H - 1, y0 + 4 + Math.floor(rng.next() * 40));
    const m = 10 + rng.next() * 40;
    for (let x = x0; x <= x1; x++) data[y0 * W + x] = data[y1 * W + x] = m;
    for (let y = y0; y <= y1; y++) data[y * W + x0] = data[y * W + x1] = m;
  }
  // Edges in the analysis copy are a few pixels wide (blur, then Sobel).
  const out = new Float32Array(W * H);
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += data[(y + dy) * W + x + dx]!;
      out[y * W + x] = s / 3;
    }
  return out;
}

/** The scene with everything right of column `seam` replaced by the reflection of what is left of it. */
function mirrored(data: Float32Array, seam: number): Plane {
  const out = Float32Array.from(data);
  for (let y = 0; y < H; y++)
    for (let k = 0; seam + k < W; k++) out[y * W + seam + k] = data[y * W + Math.max(0, seam - 1 - k)]!;
  return { width: W, height: H, data: out };
}

describe('mirrorSeams', () => {
  it('finds the column about which the photo repeats mirrored, over its whole height', () => {
    for (const seed of [1, 2, 3]) {
      const seams = mirrorSeams(mirrored(scene(seed), 250));
      expect(seams).toHaveLength(1);
      expect(Math.abs(seams[0]!.x - 250)).toBeLessThanOrEqual(2);
      expect(seams[0]!.foot - seams[0]!.top).toBeGreaterThan(H / 2);
    }
  });

  it('finds none in a busy photo with no reflection', () => {
    for (const seed of [4, 5, 6]) expect(mirrorSeams({ width: W, height: H, data: scene(seed) })).toEqual([]);
  });

  it('finds none on a plain wall (noise only) nor on level lines, which match any column both ways', () => {
    const rng = createRng(7);
    const plain = Float32Array.from({ length: W * H }, () => rng.next() * 2);
    expect(mirrorSeams({ width: W, height: H, data: plain })).toEqual([]);
    const lines = Float32Array.from(plain);
    for (const y of [40, 41, 90, 150, 151, 200, 260, 300]) for (let x = 0; x < W; x++) lines[y * W + x] = 30;
    expect(mirrorSeams({ width: W, height: H, data: lines })).toEqual([]);
    // A pillar or a door: two vertical edges, symmetric about the middle, the same all the way down.
    const pillar = Float32Array.from(plain);
    for (let y = 0; y < H; y++) for (const x of [180, 181, 182, 220, 221, 222]) pillar[y * W + x] = 40;
    expect(mirrorSeams({ width: W, height: H, data: pillar })).toEqual([]);
  });

  it("leaves the room's own symmetry about its vanishing column alone", () => {
    expect(mirrorSeams(mirrored(scene(1), 250), [255])).toEqual([]);
  });
});

describe('clearSeams', () => {
  it('keeps the floor below the foot of a seam across its strips, and nowhere else', () => {
    const seams = [{ x: 100, top: 10, foot: 150, half: 20 }];
    const outline: [number, number][] = [
      [0, 320],
      [50, 100],
      [100, 100],
      [150, 100],
      [200, 100],
      [200, 320],
    ];
    // Analysis copy at half the full resolution: the strip is columns 160-240, foot row 300.
    expect(clearSeams(outline, seams, 0.5)).toEqual([
      [0, 320],
      [50, 100],
      [100, 100],
      [150, 100],
      [200, 300],
      [200, 320],
    ]);
  });
});
