// Loading the shared room photos for tests (never copied into the repo).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RoomImage } from '#server/engines/types.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { projectRoot } from '#server/lib/paths.ts';

export const FIXTURE_DIR = path.resolve(projectRoot(), '../shared/fixtures/rooms');

export const fixtureNames = (pattern: RegExp) =>
  fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => /\.(jpe?g|png)$/i.test(f) && pattern.test(f))
    .sort();

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
