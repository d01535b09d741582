import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { layoutSchema } from '#shared/schemas/layout.ts';
import { loadFixture } from '#tests/helpers/engine-fixtures.ts';
import type { RawImage } from '../../types.ts';
import { stageImage } from '../stage.ts';
import { STYLE_SPECS } from '../styles/styles.ts';
import { renderArrangement } from './index.ts';

const changed = (a: RawImage, b: RawImage) => {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 3)
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
  return n / (a.width * a.height);
};

describe('re-rendering a stored layout', { timeout: 120_000 }, () => {
  it('gives the staging itself for the unchanged layout, from the stored form alone', async () => {
    const img = await loadFixture('empty-bedroom-01.jpg', 800);
    const staged = await stageImage(img, { style: 'scandinavian', roomType: 'bedroom', variant: 0 });
    expect(staged.layout).toBeDefined();
    // Through JSON and the shared schema, as the database hands it back.
    const stored = layoutSchema.parse(JSON.parse(JSON.stringify(staged.layout)));
    const again = await renderArrangement(img, stored.room, stored.pieces, 'scandinavian');
    expect(Buffer.from(again.image.data).equals(Buffer.from(staged.image.data))).toBe(true);
    expect(Buffer.from(again.furnitureMask).equals(Buffer.from(staged.furnitureMask))).toBe(true);

    // Moving the bed changes the picture; removing every piece gives the photo back.
    const bed = stored.pieces.find((p) => p.type === 'bed')!;
    expect(bed).toBeDefined();
    const moved = stored.pieces.map((p) => (p === bed ? { ...p, x: p.x + 0.6 } : p));
    const other = await renderArrangement(img, stored.room, moved, 'scandinavian');
    expect(changed(other.image, staged.image)).toBeGreaterThan(0.01);
    const empty = await renderArrangement(img, stored.room, [], 'scandinavian');
    expect(changed(empty.image, img)).toBe(0);

    // Swapping a piece's model variant changes that piece only where its model differs.
    const plant = stored.pieces.find((p) => p.type === 'plant');
    if (plant) {
      const swapped = stored.pieces.map((p) => (p === plant ? { ...p, variant: (p.variant + 1) % 6 } : p));
      const s = await renderArrangement(img, stored.room, swapped, 'scandinavian');
      expect(changed(s.image, staged.image)).toBeGreaterThan(0);
    }

    // A room stored before 0255 has no `modelSeeds`: its pieces keep the designs of that time (the
    // style-free seeds), so the same layout draws other models than a room stored since.
    expect(stored.room.modelSeeds).toBe('style');
    const { modelSeeds: _, ...before0255 } = stored.room;
    const old = await renderArrangement(img, before0255, stored.pieces, 'scandinavian');
    expect(changed(old.image, staged.image)).toBeGreaterThan(0.001);

    // The room stores its colour scheme (decision 0260): another scheme recolours the same pieces.
    expect(stored.room.colours).toBeTypeOf('number');
    const schemes = STYLE_SPECS.scandinavian.schemes.length + 1;
    const recoloured = await renderArrangement(
      img,
      { ...stored.room, colours: (stored.room.colours! + 1) % schemes },
      stored.pieces,
      'scandinavian',
    );
    expect(changed(recoloured.image, staged.image)).toBeGreaterThan(0.001);
    expect(Buffer.from(recoloured.furnitureMask).equals(Buffer.from(staged.furnitureMask))).toBe(true);
    // A room stored before it has none, and keeps the style's own colours: scheme 0.
    const { colours: __, ...before0260 } = stored.room;
    const own = await renderArrangement(img, before0260, stored.pieces, 'scandinavian');
    const zero = await renderArrangement(img, { ...stored.room, colours: 0 }, stored.pieces, 'scandinavian');
    expect(Buffer.from(own.image.data).equals(Buffer.from(zero.image.data))).toBe(true);
  });

  it('renders a preview on a smaller copy of the photo, the pieces where the full render has them', async () => {
    const img = await loadFixture('empty-living-03.jpg', 1200);
    const staged = await stageImage(img, { style: 'modern', roomType: 'living-room', variant: 0 });
    const { room, pieces } = staged.layout!;
    const half = { width: img.width / 2, height: img.height / 2 };
    const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
      .resize(half.width, half.height)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small: RawImage = { ...half, channels: 3, data: new Uint8Array(data) };
    const p = await renderArrangement(small, room, pieces, 'modern');
    expect([p.image.width, p.image.height]).toEqual([half.width, half.height]);
    // The preview's furniture mask matches the full render's, halved: same pieces, same places.
    let agree = 0;
    let covered = 0;
    for (let y = 0; y < half.height; y++)
      for (let x = 0; x < half.width; x++) {
        const full = staged.furnitureMask[2 * y * img.width + 2 * x]! > 0;
        const prev = p.furnitureMask[y * half.width + x]! > 0;
        if (full || prev) covered++;
        if (full && prev) agree++;
      }
    expect(covered).toBeGreaterThan(half.width * half.height * 0.05);
    expect(agree / covered).toBeGreaterThan(0.85);
  });
});
