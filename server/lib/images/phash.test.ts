import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/lib/paths.ts';
import { decodeImage } from './decode.ts';
import { hashDistance, perceptualHash } from './phash.ts';

const fixtures = path.resolve(projectRoot(), '../shared/fixtures/rooms');
const load = (name: string) => decodeImage(new Uint8Array(fs.readFileSync(path.join(fixtures, name))));

describe('perceptualHash', () => {
  it('is 64 bits of hex and stable', async () => {
    const img = await load('empty-living-03.jpg');
    const h = perceptualHash(img);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(perceptualHash(img)).toBe(h);
  });

  it('survives resizing and re-encoding but separates different photos', async () => {
    const img = await load('empty-living-03.jpg');
    const smallBytes = await sharp(img.bytes).resize(600).jpeg({ quality: 60 }).toBuffer();
    const small = await decodeImage(new Uint8Array(smallBytes));
    expect(hashDistance(perceptualHash(img), perceptualHash(small))).toBeLessThanOrEqual(6);
    const other = await load('empty-dining-01.jpg');
    expect(hashDistance(perceptualHash(img), perceptualHash(other))).toBeGreaterThan(16);
  });

  it('counts differing bits', () => {
    expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hashDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hashDistance('0000000000000001', '0000000000000003')).toBe(1);
  });
});
