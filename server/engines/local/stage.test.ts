import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { ROOM_TYPES, type RoomType } from '#shared/constants/staging.ts';
import type { Staged } from '#server/engines/types.ts';
import { roomTypeFromName } from './fixture-photos.ts';
import { createLocalEngine } from './index.ts';
import { schemeFor } from './styles/colour-schemes.ts';
import { STYLE_SPECS } from './styles/styles.ts';
import { EMPTY_ROOMS, expectContract, loadFixture } from '#tests/helpers/engine-fixtures.ts';

const signal = () => new AbortController().signal;
/**
 * Fixtures where an expert would not place a main group (tests/placement/annotations): the floor
 * shows as a sliver or not at all, so what the engine places there has nothing to vary.
 */
const NO_MAIN_GROUP = new Set(
  (
    JSON.parse(
      fs.readFileSync(fromRoot('tests', 'placement', 'annotations', 'fixtures-rooms.json'), 'utf8'),
    ) as { photos: { file: string; mainPieceExpected: boolean }[] }
  ).photos
    .filter((p) => !p.mainPieceExpected)
    .map((p) => p.file),
);
// Several full stagings per test: generous limits so a busy CI machine does not flake.
const HEAVY = { timeout: 180_000 };

/** Share of the staged area (union of both masks) that looks different between two results. */
function changedShare(a: Staged, b: Staged): number {
  let union = 0;
  let changed = 0;
  for (let i = 0; i < a.furnitureMask.length; i++) {
    if (!a.furnitureMask[i] && !b.furnitureMask[i]) continue;
    union++;
    const p = i * 3;
    const d =
      Math.abs(a.image.data[p]! - b.image.data[p]!) +
      Math.abs(a.image.data[p + 1]! - b.image.data[p + 1]!) +
      Math.abs(a.image.data[p + 2]! - b.image.data[p + 2]!);
    if (d > 24) changed++;
  }
  return union ? changed / union : 0;
}

describe('LocalEngine.stage', () => {
  it.each(EMPTY_ROOMS)(
    '%s: deterministic per variant, visibly different across variants where the floor holds a main group',
    HEAVY,
    async (name) => {
      const img = await loadFixture(name, 640);
      const engine = createLocalEngine();
      // A kitchen as a kitchen: its appliances leave a living-room group one free spot only.
      const roomType: RoomType = roomTypeFromName(name) === 'kitchen' ? 'kitchen' : 'living-room';
      const req = { style: 'scandinavian' as const, roomType, signal: signal() };
      const a = await engine.stage(img, { ...req, variant: 3 });
      const b = await createLocalEngine().stage(img, { ...req, variant: 3 });
      expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
      expect(Buffer.from(a.furnitureMask).equals(Buffer.from(b.furnitureMask))).toBe(true);
      const c = await engine.stage(img, { ...req, variant: 4 });
      // Variety is asked for where an expert would place a main group and the engine did; elsewhere
      // the engine places little or nothing (decision 0140: without the main piece, optional pieces
      // need seen floor around them), and what it places has nothing to vary.
      if (!NO_MAIN_GROUP.has(name) && a.placement?.mainPiece)
        expect(changedShare(a, c)).toBeGreaterThan(0.25);
    },
  );

  it('stages a full-resolution photo within the contract', HEAVY, async () => {
    const img = await loadFixture('empty-dining-02.jpg');
    const out = await createLocalEngine().stage(img, {
      style: 'traditional',
      roomType: 'dining-room',
      variant: 0,
      signal: signal(),
    });
    expectContract(img, out);
  });

  it('furnishes every room type', HEAVY, async () => {
    const img = await loadFixture('empty-living-03.jpg', 640);
    for (const roomType of ROOM_TYPES) {
      const out = await createLocalEngine().stage(img, {
        style: 'modern',
        roomType,
        variant: 0,
        signal: signal(),
      });
      expectContract(img, out);
    }
  });

  it('stages every photo of one furniture set with the same pieces and colours', HEAVY, async () => {
    const engine = createLocalEngine();
    const staged = await Promise.all(
      ['empty-living-02.jpg', 'empty-living-03.jpg'].map(async (name) =>
        engine.stage(await loadFixture(name, 480), {
          style: 'bohemian',
          roomType: 'living-room',
          variant: 0,
          furnitureSet: 42,
          signal: signal(),
        }),
      ),
    );
    const [a, b] = staged.map((s) => s.layout!);
    // The set's scheme, whatever the photo's seed.
    expect(a!.room.colours).toBe(schemeFor(STYLE_SPECS.bohemian, 0, 42));
    expect(b!.room.colours).toBe(a!.room.colours);
    const variantOf = (l: typeof a, type: string) => l!.pieces.find((p) => p.type === type)?.variant;
    for (const p of a!.pieces)
      if (variantOf(b, p.type) !== undefined) expect(variantOf(b, p.type)).toBe(p.variant);
  });

  it('stops when the signal is aborted', async () => {
    const img = await loadFixture('empty-bedroom-02.jpg');
    const ctl = new AbortController();
    ctl.abort(new Error('timeout'));
    await expect(
      createLocalEngine().stage(img, {
        style: 'modern',
        roomType: 'bedroom',
        variant: 0,
        signal: ctl.signal,
      }),
    ).rejects.toThrow('timeout');
  });
});
