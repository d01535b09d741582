// The staging contract on every empty-room fixture and every style, at ~800 px to keep the matrix fast.
import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import type { RoomImage, Staged } from '#server/engines/types.ts';
import { createLocalEngine } from './index.ts';
import { EMPTY_ROOMS, loadFixture } from './test-fixtures.ts';

const roomFor = (name: string) =>
  name.includes('bedroom') ? 'bedroom' : name.includes('kitchen') ? 'kitchen' : name.includes('dining') ? 'dining-room' : name.includes('office') ? 'office' : 'living-room';

export function expectContract(input: RoomImage, out: Staged): void {
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
    if (out.image.data[p] !== input.data[p] || out.image.data[p + 1] !== input.data[p + 1] || out.image.data[p + 2] !== input.data[p + 2]) leaked++;
  }
  expect(leaked).toBe(0);
  const share = covered / out.furnitureMask.length;
  expect(share).toBeGreaterThanOrEqual(0.05);
  expect(share).toBeLessThanOrEqual(0.6);
  expect(out.engineConfidence).toBeGreaterThanOrEqual(0);
  expect(out.engineConfidence).toBeLessThanOrEqual(1);
}

describe.each(EMPTY_ROOMS)('stage %s', (name) => {
  it.each(STYLES)('%s: same size, only masked pixels change, mask 5-60%%', async (style) => {
    const img = await loadFixture(name, 800);
    const engine = createLocalEngine();
    const out = await engine.stage(img, { style, roomType: roomFor(name), variant: 0, signal: new AbortController().signal });
    expectContract(img, out);
  });
});
