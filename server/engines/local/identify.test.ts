import { describe, expect, it } from 'vitest';
import { identifyImage, MIN_SHORT_SIDE } from './identify.ts';
import { fixtureNames } from './fixture-photos.ts';
import { loadFixture } from './test-fixtures.ts';

const rooms = fixtureNames(/^(empty|edge|furnished)-/);
const negatives = fixtureNames(/^not-room-/);

describe('identify on the fixtures', () => {
  it.each(rooms)(
    '%s: a room is accepted (or refused only for its size)',
    { timeout: 60_000 },
    async (name) => {
      const img = await loadFixture(name);
      const id = identifyImage(img);
      if (Math.min(img.width, img.height) < MIN_SHORT_SIDE) {
        expect(id.isValid).toBe(false);
        expect(id.reason).toMatch(/too small/);
        return;
      }
      expect(id.isValid, id.reason ?? '').toBe(true);
      expect(id.reason).toBeNull();
      expect(id.confidence).toBeGreaterThan(0.5);
      if (Math.min(img.width, img.height) < 1000) expect(id.issues.join(' ')).toMatch(/soft/);
      // Only kitchens may be recognised; everything else leaves the user's choice alone.
      if (id.roomType !== null) expect(id.roomType).toBe('kitchen');
    },
  );

  it.each(negatives)('%s: rejected with a specific reason', { timeout: 60_000 }, async (name) => {
    const id = identifyImage(await loadFixture(name));
    expect(id.isValid).toBe(false);
    expect(id.reason).toMatch(/small|dark|overexposed|flat colour|blurry|interior/);
    expect(id.roomType).toBeNull();
    expect(id.confidence).toBeLessThan(0.5);
  });

  it('rejects a blurred room photo as too blurry', async () => {
    const img = await loadFixture('empty-living-03.jpg');
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(img.data, {
      raw: { width: img.width, height: img.height, channels: 3 },
    })
      .blur(12)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const id = identifyImage({
      width: info.width,
      height: info.height,
      channels: 3,
      data: new Uint8Array(data),
    });
    expect(id.isValid).toBe(false);
    expect(id.reason).toMatch(/blurry|interior/);
  });
});
