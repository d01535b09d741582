import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { drawRoom, stretch, zoom } from '#tests/helpers/guard-scenes.ts';
import { warpFull } from './warp.ts';

/** Mean absolute difference over the frame's inner 80 %. */
function innerDiff(a: RawImage, b: RawImage): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(a.height * 0.1); y < a.height * 0.9; y++)
    for (let x = Math.round(a.width * 0.1); x < a.width * 0.9; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs(a.data[i]! - b.data[i]!);
        n++;
      }
  return sum / n;
}

describe('warpFull', () => {
  const photo = drawRoom(480, 360);

  it('undoes a zoom found at work size, from the model own smaller size', async () => {
    // The model zoomed 10 % in and answered at 2/3 of the photo's size.
    const model = await stretch(await zoom(photo, 1.1), 320, 240);
    // Work size 240x180: photo pixel p shows up at 1.1 p about the centre of the model's frame.
    const back = await warpFull(
      model,
      480,
      360,
      { a00: 1.1, a01: 0, a10: 0, a11: 1.1, tx: 0, ty: 0 },
      240,
      180,
    );
    expect([back.width, back.height]).toEqual([480, 360]);
    const warped = innerDiff(back, photo);
    expect(warped).toBeLessThan(1.5);
    // Without the warp the frames disagree several times more (the room is mostly flat walls).
    expect(innerDiff(await stretch(model, 480, 360), photo)).toBeGreaterThan(warped * 3);
  });

  it('undoes a shift and fills the frame when asked to zoom', async () => {
    const shifted = await stretch(photo, 480, 360);
    const data = new Uint8Array(shifted.data.length);
    // Content moved 24 px right in the model's image (the left strip is filler).
    for (let y = 0; y < 360; y++)
      for (let x = 0; x < 480; x++)
        for (let c = 0; c < 3; c++)
          data[(y * 480 + x) * 3 + c] = photo.data[(y * 480 + Math.max(0, x - 24)) * 3 + c]!;
    const model: RawImage = { width: 480, height: 360, channels: 3, data };
    const back = await warpFull(model, 480, 360, { a00: 1, a01: 0, a10: 0, a11: 1, tx: 12, ty: 0 }, 240, 180);
    expect(innerDiff(back, photo)).toBeLessThan(3);
  });
});
