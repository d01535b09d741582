import { beforeAll, describe, expect, it } from 'vitest';
import type { RawImage, Staged } from '#server/engines/types.ts';
import { guardStructure, type GuardResult } from './index.ts';
import { drawRoom, MOVED_WINDOW, SOFA, stretch, WINDOW, zoom, type Box } from './test-scenes.ts';

const W = 640;
const H = 360;
const staged = (image: RawImage, furnitureMask = new Uint8Array(image.width * image.height)): Staged => ({
  image,
  furnitureMask,
  engineConfidence: 0.7,
  notes: [],
});

/** Pixel indexes inside a box given in 0..1 coordinates. */
function* boxPixels(b: Box, w: number, h: number): Generator<number> {
  for (let y = Math.ceil(b.v0 * h); y < Math.floor(b.v1 * h); y++) for (let x = Math.ceil(b.u0 * w); x < Math.floor(b.u1 * w); x++) yield y * w + x;
}

function unmaskedEqual(input: RawImage, r: GuardResult): { unmasked: number; mismatched: number } {
  let unmasked = 0;
  let mismatched = 0;
  for (let p = 0; p < r.mask.length; p++) {
    if (r.mask[p]) continue;
    unmasked++;
    for (let c = 0; c < 3; c++) if (r.image.data[p * 3 + c] !== input.data[p * 3 + c]) mismatched++;
  }
  return { unmasked, mismatched };
}

const input = drawRoom(W, H, { noiseSeed: 1 });

describe('guardStructure', () => {
  let furnished: GuardResult;
  beforeAll(async () => {
    // Furniture on the floor, a slightly brighter re-grade and fresh noise everywhere, as a model renders it.
    furnished = await guardStructure(input, staged(drawRoom(W, H, { furniture: true, noiseSeed: 7, gain: 1.03 })));
  });

  it('passes furniture on the floor with a high score', () => {
    expect(furnished.passed).toBe(true);
    expect(furnished.structureScore).toBeGreaterThan(0.8);
    expect(furnished.issues).toEqual([]);
  });

  it('keeps the furniture and pastes the exact original everywhere outside the feathered mask', () => {
    const { unmasked, mismatched } = unmaskedEqual(input, furnished);
    expect(mismatched).toBe(0);
    expect(unmasked / (W * H)).toBeGreaterThan(0.75);
    const sofaCentre = Math.round((SOFA.v0 + SOFA.v1) / 2 * H) * W + Math.round((SOFA.u0 + SOFA.u1) / 2 * W);
    expect(furnished.mask[sofaCentre]).toBe(255);
    expect(furnished.image.data[sofaCentre * 3 + 2]).toBeGreaterThan(90); // the sofa's blue-grey, not the floor's brown
    expect([...boxPixels(WINDOW, W, H)].every((p) => furnished.mask[p] === 0)).toBe(true);
  });

  it('scores an unchanged photo near 1 with an empty mask', async () => {
    const r = await guardStructure(input, staged(drawRoom(W, H, { noiseSeed: 1 })));
    expect(r.structureScore).toBeGreaterThan(0.95);
    expect(r.mask.every((v) => v === 0)).toBe(true);
  });

  it('fails a moved window and restores the original window', async () => {
    const r = await guardStructure(input, staged(drawRoom(W, H, { furniture: true, window: MOVED_WINDOW, noiseSeed: 7 })));
    expect(r.passed).toBe(false);
    expect(r.structureScore).toBeLessThan(0.6);
    expect(r.issues.join(' ')).toMatch(/removed or moved a window/);
    const windowPixels = [...boxPixels(WINDOW, W, H)];
    expect(windowPixels.every((p) => r.mask[p] === 0)).toBe(true);
    expect(windowPixels.every((p) => r.image.data[p * 3] === input.data[p * 3] && r.image.data[p * 3 + 2] === input.data[p * 3 + 2])).toBe(true);
    expect(unmaskedEqual(input, r).mismatched).toBe(0);
  });

  it('detects a 10 % zoom (re-crop) and scores it low', async () => {
    const r = await guardStructure(input, staged(await zoom(drawRoom(W, H, { furniture: true, noiseSeed: 7 }), 1.1)));
    expect(r.passed).toBe(false);
    expect(r.structureScore).toBeLessThan(0.4);
    expect(r.issues.join(' ')).toMatch(/re-framed the camera \(zoom 1\.(09|1|10|11)x/);
  });

  it('resizes a square answer for a 16:9 photo back to 1600x900 and fails it', async () => {
    const big = drawRoom(1600, 900, { noiseSeed: 1 });
    const square = await stretch(drawRoom(1600, 900, { furniture: true, noiseSeed: 7 }), 1024, 1024);
    const r = await guardStructure(big, staged(square));
    expect([r.image.width, r.image.height, r.mask.length]).toEqual([1600, 900, 1600 * 900]);
    expect(r.passed).toBe(false);
    expect(r.issues[0]).toMatch(/1024x1024 image for a 1600x900 photo/);
  });

  it('detects letterbox bars', async () => {
    const out = drawRoom(W, H, { furniture: true, noiseSeed: 7 });
    out.data.fill(0, 0, W * 30 * 3);
    out.data.fill(0, (H - 30) * W * 3);
    const r = await guardStructure(input, staged(out));
    expect(r.issues.join(' ')).toMatch(/letterboxing/);
    expect(r.passed).toBe(false);
  });

  it("keeps the engine's own mask even where the change is below the noise threshold", async () => {
    const out = drawRoom(W, H, { noiseSeed: 1 });
    const mask = new Uint8Array(W * H);
    for (const p of boxPixels({ u0: 0.1, v0: 0.85, u1: 0.2, v1: 0.95 }, W, H)) {
      mask[p] = 1;
      out.data[p * 3] = Math.min(255, out.data[p * 3]! + 6);
    }
    const r = await guardStructure(input, staged(out, mask));
    const centre = Math.round(0.9 * H) * W + Math.round(0.15 * W);
    expect(r.mask[centre]).toBe(255);
    expect(r.image.data[centre * 3]).toBe(out.data[centre * 3]);
    expect(r.passed).toBe(true);
  });

  it('honours a custom threshold', async () => {
    const out = staged(drawRoom(W, H, { furniture: true, noiseSeed: 7 }));
    expect((await guardStructure(input, out, { threshold: 0.99 })).passed).toBe(false);
  });
});
