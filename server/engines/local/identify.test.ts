import { describe, expect, it } from 'vitest';
import { identifyImage, identifyPhoto, MIN_SHORT_SIDE } from './identify.ts';
import { fixtureNames } from './fixture-photos.ts';
import { loadFixture } from '#tests/helpers/engine-fixtures.ts';
import {
  floorPlan,
  nearlyBlank,
  screenshot,
  skyOverLawn,
  textDocument,
} from '#tests/helpers/synthetic-non-rooms.ts';

const rooms = fixtureNames(/^(empty|edge|furnished)-/);
const negatives = fixtureNames(/^not-room-/);

describe('identify on the fixtures', () => {
  it.each(rooms)(
    '%s: a room is accepted (or refused only for its size)',
    { timeout: 60_000 },
    async (name) => {
      const img = await loadFixture(name);
      const id = await identifyPhoto(img);
      if (Math.min(img.width, img.height) < MIN_SHORT_SIDE) {
        expect(id.isValid).toBe(false);
        expect(id.reason).toMatch(/too small/);
        return;
      }
      expect(id.isValid, id.reason ?? '').toBe(true);
      expect(id.reason).toBeNull();
      expect(id.confidence).toBeGreaterThan(0.5);
      if (Math.min(img.width, img.height) < 1000) expect(id.issues.join(' ')).toMatch(/soft/);
      // A claimed type never contradicts what the fixture shows.
      if (id.roomType !== null)
        expect(name).toContain(id.roomType === 'living-room' ? 'living' : id.roomType);
    },
  );

  it.each(negatives)('%s: rejected with a specific reason', { timeout: 60_000 }, async (name) => {
    const id = await identifyPhoto(await loadFixture(name));
    expect(id.isValid).toBe(false);
    expect(id.reason).toMatch(
      /small|dark|overexposed|flat colour|blurry|interior|screenshot|document|person/,
    );
    expect(id.roomType).toBeNull();
    expect(id.confidence).toBeLessThan(0.5);
  });

  it('flags furnished rooms and leaves empty ones unflagged', { timeout: 120_000 }, async () => {
    const flagged = async (names: string[]) => {
      const out: string[] = [];
      for (const name of names) {
        const img = await loadFixture(name);
        if (Math.min(img.width, img.height) < MIN_SHORT_SIDE) continue;
        const id = await identifyPhoto(img);
        expect(typeof id.furnished, name).toBe('boolean');
        if (id.furnished) out.push(name);
      }
      return out;
    };
    // At most 10% of the empty rooms (today one: empty-dining-02, its bare floor read as a sofa); a bed, sofas or chairs are found in the furnished ones.
    const empty = fixtureNames(/^(empty|edge-empty)-/);
    expect((await flagged(empty)).length).toBeLessThanOrEqual(Math.floor(empty.length * 0.1));
    expect(
      await flagged(['furnished-bedroom-01.jpg', 'furnished-living-01.jpg', 'furnished-office-01.jpg']),
    ).toHaveLength(3);
  });

  it.each([
    ['a screenshot', () => screenshot(), /screenshot/],
    ['a screenshot saved as JPEG', () => screenshot(true), /screenshot/],
    ['a text document', () => textDocument(), /document/],
    ['a text document saved as JPEG', () => textDocument(true), /document/],
    ['a floor plan drawing', () => floorPlan(), /drawing/],
    ['a floor plan saved as JPEG', () => floorPlan(true), /drawing/],
    ['a nearly blank frame', () => Promise.resolve(nearlyBlank()), /flat colour/],
    ['sky over a lawn', () => Promise.resolve(skyOverLawn()), /outdoor/],
  ])('refuses %s with a specific reason', async (_, make, reason) => {
    const id = identifyImage(await make());
    expect(id.isValid).toBe(false);
    expect(id.reason).toMatch(reason);
  });

  it('refuses a very dark photo as too dark', async () => {
    const img = await loadFixture('empty-living-03.jpg', 1600);
    const data = img.data.map((v) => v >> 3);
    expect(identifyImage({ ...img, data }).reason).toMatch(/too dark/);
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
