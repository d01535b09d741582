import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { RawImage, Staged } from '#server/engines/types.ts';
import { guardStructure, guardWorkCopy, renderDelivery, type GuardResult, type Rendered } from './index.ts';
import { drawRoom, MOVED_WINDOW, SOFA, WINDOW, zoom, type Box } from '#tests/helpers/guard-scenes.ts';

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
  for (let y = Math.ceil(b.v0 * h); y < Math.floor(b.v1 * h); y++)
    for (let x = Math.ceil(b.u0 * w); x < Math.floor(b.u1 * w); x++) yield y * w + x;
}

/** The guard's verdict with its plan drawn, as the worker delivers it. */
type Delivered = GuardResult & Rendered;
async function guardDrawn(
  photo: RawImage,
  s: Staged,
  opts?: Parameters<typeof guardStructure>[2],
): Promise<Delivered> {
  const r = await guardStructure(photo, s, opts);
  return { ...r, ...(await renderDelivery(photo, r.output, r.plan.render)) };
}

function unmaskedEqual(input: RawImage, r: Delivered): { unmasked: number; mismatched: number } {
  let unmasked = 0;
  let mismatched = 0;
  if (!r.mask) return { unmasked: 0, mismatched: 0 };
  for (let p = 0; p < r.mask.length; p++) {
    if (r.mask[p]) continue;
    unmasked++;
    for (let c = 0; c < 3; c++) if (r.image.data[p * 3 + c] !== input.data[p * 3 + c]) mismatched++;
  }
  return { unmasked, mismatched };
}

/** The model re-cropped: the central `share` of the width, returned at that narrower size. */
async function cropWidth(img: RawImage, share: number): Promise<RawImage> {
  const cw = Math.round(img.width * share);
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left: Math.round((img.width - cw) / 2), top: 0, width: cw, height: img.height })
    .raw()
    .toBuffer();
  return { width: cw, height: img.height, channels: 3, data: new Uint8Array(data) };
}

const input = drawRoom(W, H, { noiseSeed: 1 });

describe('guardStructure', () => {
  let furnished: Delivered;
  beforeAll(async () => {
    // Furniture on the floor, the whole frame relit 8 % brighter and fresh noise everywhere, as a model renders it.
    furnished = await guardDrawn(
      input,
      staged(drawRoom(W, H, { furniture: true, noiseSeed: 7, gain: 1.08 })),
    );
  });

  it('passes furniture on the floor with a high score and recomposes it onto the original', () => {
    expect(furnished.passed).toBe(true);
    expect(furnished.structureScore).toBeGreaterThan(0.8);
    expect(furnished.reasons).toEqual([]);
    expect(furnished.decision).toBe('recomposed');
    expect(furnished.plan).toMatchObject({ action: 'recompose', reasons: [], render: { kind: 'recompose' } });
    expect(furnished.alignment.coverage).toBe(1);
    expect(Math.abs(furnished.alignment.scaleX - 1)).toBeLessThan(0.01);
  });

  it('keeps the exact original outside the furniture and the whole sofa, in the photo light, inside', () => {
    const { unmasked, mismatched } = unmaskedEqual(input, furnished);
    expect(mismatched).toBe(0);
    expect(unmasked / (W * H)).toBeGreaterThan(0.75);
    expect(furnished.keptShare).toBeCloseTo(unmasked / (W * H), 5);
    const sofaCentre =
      Math.round(((SOFA.v0 + SOFA.v1) / 2) * H) * W + Math.round(((SOFA.u0 + SOFA.u1) / 2) * W);
    expect(furnished.mask![sofaCentre]).toBe(255);
    // The sofa's blue-grey (98 before the model's 8 % relight), not the floor's brown, and not relit.
    expect(Math.abs(furnished.image.data[sofaCentre * 3 + 2]! - 98)).toBeLessThan(6);
    expect([...boxPixels(WINDOW, W, H)].every((p) => furnished.mask![p] === 0)).toBe(true);
  });

  it('gives the same verdict from a kept work copy of the photo, and ignores one of another size', async () => {
    const model = staged(drawRoom(W, H, { furniture: true, noiseSeed: 7, gain: 1.08 }));
    const plain = await guardStructure(input, model);
    const work = await guardWorkCopy(input);
    const kept = await guardStructure(input, model, { inputWork: work });
    expect(kept.structureScore).toBe(plain.structureScore);
    expect(kept.plan).toEqual(plain.plan);
    expect(kept.metrics).toEqual(plain.metrics);
    // The copy is used, not made again: another picture's copy changes the verdict...
    const other = await guardWorkCopy(drawRoom(W, H, { window: MOVED_WINDOW, noiseSeed: 3 }));
    const wrong = await guardStructure(input, model, { inputWork: other });
    expect(wrong.structureScore).not.toBe(plain.structureScore);
    // ...and a copy of the wrong size is not taken for one.
    const small = await guardStructure(input, model, { inputWork: work.subarray(3) });
    expect(small.structureScore).toBe(plain.structureScore);
  });

  it('scores an unchanged photo near 1', async () => {
    const r = await guardStructure(input, staged(drawRoom(W, H, { noiseSeed: 1 })));
    expect(r.structureScore).toBeGreaterThan(0.95);
    expect(r.reasons).toEqual([]);
  });

  it('flags a moved window and delivers the model image whole, never a patch of the original window', async () => {
    const model = drawRoom(W, H, { furniture: true, window: MOVED_WINDOW, noiseSeed: 7 });
    const r = await guardDrawn(input, staged(model));
    expect(r.passed).toBe(false);
    expect(r.reasons).toContain('window-moved');
    expect(r.decision).toBe('model');
    // No retry left here (runWithGuard asks for one): flagged, with the reason, drawing the model's image.
    expect(r.plan).toMatchObject({ action: 'flag', render: { kind: 'model' } });
    expect(r.plan.reasons).toContain('window-moved');
    expect(r.keptShare).toBe(0);
    // The delivered image is the model's: its window where the model put it, none where the photo had one.
    const moved = [
      ...boxPixels({ ...MOVED_WINDOW, u0: MOVED_WINDOW.u0 + 0.02, u1: MOVED_WINDOW.u0 + 0.05 }, W, H),
    ];
    expect(moved.every((p) => Math.abs(r.image.data[p * 3 + 2]! - model.data[p * 3 + 2]!) < 12)).toBe(true);
  });

  // A 15 % zoom cuts 13 % off each side: a re-crop, not a re-render's slight reframe. (This drawn room
  // has few edges, so its new sofa pulls the estimate a few per cent low; real rooms come out within 1 %.)
  it('finds a 15 % zoom, reports it, flags the camera move and delivers the model image aligned', async () => {
    const r = await guardDrawn(
      input,
      staged(await zoom(drawRoom(W, H, { furniture: true, noiseSeed: 7 }), 1.15)),
      { canRetry: true },
    );
    expect(r.plan.action).toBe('retry');
    expect(r.alignment.scaleX).toBeGreaterThan(1.1);
    expect(r.alignment.scaleX).toBeLessThan(1.18);
    expect(r.reasons).toContain('camera-moved');
    expect(r.passed).toBe(false);
    expect(r.decision).toBe('model');
    expect([r.image.width, r.image.height]).toEqual([W, H]);
    expect(r.issues.join(' ')).toMatch(/Aligned the AI image to the photo: zoom 1\.1/);
  });

  it('names an aspect change that cut part of the room', async () => {
    const r = await guardDrawn(
      input,
      staged(await cropWidth(drawRoom(W, H, { furniture: true, noiseSeed: 7 }), 0.85)),
    );
    expect([r.image.width, r.image.height]).toEqual([W, H]);
    expect(r.reasons).toContain('aspect-changed');
    expect(r.alignment.coverage).toBeLessThan(0.95);
    // Found as a crop to the model's aspect (stretched back: 1/0.85 wider), not as a camera zoom.
    expect(r.alignment.scaleX / r.alignment.scaleY).toBeCloseTo(1 / 0.85, 1);
    expect(r.passed).toBe(false);
  });

  it('detects letterbox bars', async () => {
    const out = drawRoom(W, H, { furniture: true, noiseSeed: 7 });
    out.data.fill(0, 0, W * 30 * 3);
    out.data.fill(0, (H - 30) * W * 3);
    const r = await guardStructure(input, staged(out));
    expect(r.reasons).toContain('aspect-changed');
    expect(r.passed).toBe(false);
  });

  it('flags repainted walls', async () => {
    const out = drawRoom(W, H, { furniture: true, noiseSeed: 7 });
    // The back wall painted dark green; ceiling, floor and side walls as they were.
    for (let y = Math.round(0.2 * H); y < 0.65 * H; y++)
      for (let x = Math.round(0.25 * W); x < 0.75 * W; x++) {
        const i = (y * W + x) * 3;
        if (out.data[i] === out.data[i + 1] || out.data[i]! > 180) out.data.set([60, 110, 70], i);
      }
    const r = await guardStructure(input, staged(out));
    expect(r.reasons).toContain('walls-repainted');
    expect(r.passed).toBe(false);
  });

  it('names a window the model added to a wall it repainted', async () => {
    const bare = drawRoom(W, H, { window: null, noiseSeed: 1 });
    const out = drawRoom(W, H, { furniture: true, window: MOVED_WINDOW, noiseSeed: 7 });
    for (let y = Math.round(0.2 * H); y < 0.65 * H; y++)
      for (let x = Math.round(0.25 * W); x < 0.75 * W; x++) {
        const i = (y * W + x) * 3;
        const warm = out.data[i]! - out.data[i + 2]!; // the back wall's beige, not the window's frame or pane
        if (warm > 10 && warm < 30) out.data.set([60, 110, 70], i);
      }
    const r = await guardStructure(bare, staged(out));
    expect(r.passed).toBe(false);
    expect(r.reasons).toEqual(['walls-repainted', 'window-moved']);
  });

  it('honours a custom threshold', async () => {
    const out = staged(drawRoom(W, H, { furniture: true, noiseSeed: 7 }));
    expect((await guardStructure(input, out, { threshold: 1.01 })).passed).toBe(false);
  });
});
