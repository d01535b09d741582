// Test helpers: the shared room photos (never copied into the repo) and the staging contract.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { RoomImage, Staged } from '#server/engines/types.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { FIXTURE_DIR, fixtureNames } from '#server/engines/local/fixture-photos.ts';

export const EMPTY_ROOMS = fixtureNames(/^(empty|edge-empty)-/);

export async function loadFixture(name: string, maxSide = Infinity): Promise<RoomImage> {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, name))));
  if (Math.max(img.width, img.height) <= maxSide) return img;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(maxSide, maxSide, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { ...img, width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** Same size, pixels outside the mask untouched, mask between 5% and 60% of the image. */
/** `minShare`: the least share of the frame the furniture covers (0 where fewer pieces are expected). */
export function expectContract(input: RoomImage, out: Staged, minShare = 0.05): void {
  expect(out.image.width).toBe(input.width);
  expect(out.image.height).toBe(input.height);
  expect(out.image.data.length).toBe(input.width * input.height * 3);
  expect(out.furnitureMask.length).toBe(input.width * input.height);
  let covered = 0;
  let leaked = 0;
  for (let i = 0; i < out.furnitureMask.length; i++) {
    if (out.furnitureMask[i]) {
      covered++;
      continue;
    }
    const p = i * 3;
    if (
      out.image.data[p] !== input.data[p] ||
      out.image.data[p + 1] !== input.data[p + 1] ||
      out.image.data[p + 2] !== input.data[p + 2]
    )
      leaked++;
  }
  expect(leaked).toBe(0);
  const share = covered / out.furnitureMask.length;
  expect(share).toBeGreaterThanOrEqual(minShare);
  expect(share).toBeLessThanOrEqual(0.6);
  expect(out.engineConfidence).toBeGreaterThanOrEqual(0);
  expect(out.engineConfidence).toBeLessThanOrEqual(1);
}
