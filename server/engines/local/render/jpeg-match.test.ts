import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { createRng } from '../rng.ts';
import { measureGrain } from './camera-grain.ts';
import { composite } from './compositor.ts';
import { jpegLook, requantize, roundTripWorthIt } from './jpeg-match.ts';
import { furnitureLayers } from '#tests/helpers/render-layers.ts';

const W = 512;
const H = 384;
const raw = { raw: { width: W, height: H, channels: 3 as const } };

/** A noisy stepped photo (luma sigma 3, colour noise 2) as a camera would save it at `quality`. */
async function jpegPhoto(quality: number, subsample = true): Promise<{ img: RawImage; bytes: Uint8Array }> {
  const rng = createRng(5);
  const px = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const L = 60 + Math.floor(((i % W) / W) * 5) * 35;
    const n = (rng.next() + rng.next() + rng.next() - 1.5) * 6;
    for (let c = 0; c < 3; c++) px[i * 3 + c] = Math.round(L + n + (rng.next() - 0.5) * 6);
  }
  const bytes = await sharp(px, raw)
    .jpeg({ quality, chromaSubsampling: subsample ? '4:2:0' : '4:4:4', mozjpeg: false })
    .toBuffer();
  const data = await sharp(bytes).raw().toBuffer();
  return {
    img: { width: W, height: H, channels: 3, data: new Uint8Array(data) },
    bytes: new Uint8Array(bytes),
  };
}

describe('jpegLook', () => {
  it('reads the quality and subsampling the photo was saved with', async () => {
    expect(jpegLook((await jpegPhoto(50)).bytes)).toEqual({ quality: 50, subsampled: true });
    expect(jpegLook((await jpegPhoto(92, false)).bytes)).toEqual({ quality: 92, subsampled: false });
    expect(jpegLook(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});

describe('requantize', () => {
  it('gives rendered pixels the photo’s compressed grain and leaves every other pixel alone', async () => {
    const { img, bytes } = await jpegPhoto(50);
    const step = (x: number) => 60 + Math.floor((x / W) * 5) * 35;
    const layers = furnitureLayers(W, H, (x, y) =>
      y >= 128 && y < 256 ? [step(x), step(x), step(x)] : null,
    );
    // Grain as the photo measures before its compression is known (uncompressed camera noise).
    const grain = { luma: new Float32Array(8).fill(3), cb: 2, cr: 2 };
    const out = composite(img, layers, new Float32Array(W * H).fill(1), grain, 1);
    const before = measureGrain(out.image, out.mask, true)!;
    const photo = measureGrain(out.image, out.mask, false)!;
    const copy = new Uint8Array(out.image.data);
    const marked = out.mask.reduce((n, m) => n + (m ? 1 : 0), 0);
    expect(await requantize(out.image, out.mask, jpegLook(bytes)!)).toBe(marked);
    const after = measureGrain(out.image, out.mask, true)!;
    for (let i = 0; i < W * H; i++)
      if (!out.mask[i])
        expect(out.image.data.subarray(i * 3, i * 3 + 3)).toEqual(copy.subarray(i * 3, i * 3 + 3));
    const ratio = (g: typeof photo) => (g.luma[3]! + g.luma[4]!) / (photo.luma[3]! + photo.luma[4]!);
    // Quality 50 with 4:2:0 leaves the photo almost no pixel-scale colour noise: compare in levels.
    const chroma = (g: typeof photo) => g.cb + g.cr - (photo.cb + photo.cr);
    // Uncompressed grain reads far above the compressed photo's; after the round trip it matches.
    expect(ratio(before)).toBeGreaterThan(1.5);
    expect(ratio(after)).toBeGreaterThan(0.8);
    expect(ratio(after)).toBeLessThan(1.25);
    expect(chroma(before)).toBeGreaterThan(2);
    expect(Math.abs(chroma(after))).toBeLessThan(0.25);
  });

  it('without chroma subsampling, gives the pixels one encode of the whole changed area gives', async () => {
    // Blocks are coded independently at 4:4:4, so however the area is cut into strips, each marked
    // pixel must come back as from a single round trip of the 16-aligned box around all of them.
    const { img, bytes } = await jpegPhoto(90, false);
    const mask = new Uint8Array(W * H);
    // An irregular outline over several strips, with rows of no change between its parts.
    for (let y = 20; y < 370; y++)
      for (let x = 0; x < W; x++)
        if ((y < 150 || y > 200) && Math.abs(x - 250 - ((y * 7) % 90)) < 60 + (y % 37)) mask[y * W + x] = 255;
    // A change in a row's last pixel just above a row without any.
    mask[149 * W + W - 1] = 255;
    const photo = new Uint8Array(img.data);
    for (let i = 0; i < W * H; i++) if (mask[i]) photo[i * 3] = 255 - photo[i * 3]!;
    const expected = new Uint8Array(photo);
    const [left, top] = [0, 16];
    const [width, height] = [W, 384 - 16];
    const region = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      region.set(
        photo.subarray(((top + y) * W + left) * 3, ((top + y) * W + left + width) * 3),
        y * width * 3,
      );
    const jpeg = await sharp(region, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4', mozjpeg: false })
      .toBuffer();
    const round = await sharp(jpeg).raw().toBuffer();
    for (let y = top; y < top + height; y++)
      for (let x = 0; x < W; x++)
        if (mask[y * W + x])
          expected.set(
            round.subarray(((y - top) * width + x) * 3, ((y - top) * width + x) * 3 + 3),
            (y * W + x) * 3,
          );
    const out = { ...img, data: photo };
    expect(await requantize(out, mask, jpegLook(bytes)!)).toBe(mask.reduce((n, m) => n + (m ? 1 : 0), 0));
    expect(Buffer.from(photo).equals(Buffer.from(expected))).toBe(true);
  });
});

describe('roundTripWorthIt', () => {
  it('skips only large photos saved at quality 95 or more without chroma subsampling', () => {
    const big = 5824 * 3264;
    expect(roundTripWorthIt({ quality: 95, subsampled: false }, big)).toBe(false);
    expect(roundTripWorthIt({ quality: 100, subsampled: false }, big)).toBe(false);
    expect(roundTripWorthIt({ quality: 94, subsampled: false }, big)).toBe(true);
    expect(roundTripWorthIt({ quality: 95, subsampled: true }, big)).toBe(true);
    expect(roundTripWorthIt({ quality: 95, subsampled: false }, 1600 * 1200)).toBe(true);
  });
});
