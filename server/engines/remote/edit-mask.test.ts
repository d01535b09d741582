import { describe, expect, it } from 'vitest';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { horizonRow } from '#server/engines/local/geometry/camera.ts';
import { EMPTY_ROOMS, loadFixture } from '#tests/helpers/engine-fixtures.ts';
import { editMask } from './edit-mask.ts';

const editableAt = (m: { width: number; data: Uint8Array }, x: number, y: number) =>
  m.data[Math.floor(y) * m.width + Math.floor(x)]! > 0;

describe('editMask', () => {
  it.each(EMPTY_ROOMS.slice(0, 6))(
    '%s: floor and furniture zone editable, ceiling and openings kept',
    async (name) => {
      const img = await loadFixture(name, 480);
      const m = editMask(img);
      const a = analyze(img);
      expect([m.width, m.height, m.data.length]).toEqual([img.width, img.height, img.width * img.height]);
      expect(m.share).toBeGreaterThan(0.1);
      expect(m.share).toBeLessThan(0.75);
      // The bottom row is floor in every interior photo; nothing above the horizon line's upper third is editable.
      for (let x = 0; x < img.width; x += 7) {
        const inOpening = a.openings.some(
          (o) => x >= o.x0 && x < o.x1 && img.height - 1 >= o.y0 && img.height - 1 < o.y1,
        );
        if (!inOpening) expect(editableAt(m, x, img.height - 1)).toBe(true);
      }
      const ceilingRows = Math.floor(Math.max(0, horizonRow(a.camera)) / 3);
      for (let y = 0; y < ceilingRows; y++)
        for (let x = 0; x < img.width; x += 5) expect(editableAt(m, x, y)).toBe(false);
      for (const o of a.openings) {
        const cx = (o.x0 + o.x1) / 2;
        const cy = (o.y0 + o.y1) / 2;
        if (cx >= 0 && cx < img.width && cy >= 0 && cy < img.height)
          expect(editableAt(m, cx, cy)).toBe(false);
      }
    },
  );

  it('declutter reaches higher than staging (existing wardrobes and shelves), never lower', async () => {
    const img = await loadFixture(EMPTY_ROOMS[0]!, 480);
    const stage = editMask(img);
    const declutter = editMask(img, { declutter: true });
    expect(declutter.share).toBeGreaterThan(stage.share);
    for (let i = 0; i < stage.data.length; i++) if (stage.data[i]) expect(declutter.data[i]).toBe(255);
  });
});
