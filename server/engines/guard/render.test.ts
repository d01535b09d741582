// The delivered JPEG, streamed from the plan, is byte for byte the JPEG of the drawn picture with
// the disclosure mark applied the plain way: streaming saves memory and time, never changes pixels.
import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { applyDisclosureMark, encodeImage } from '#server/lib/images/index.ts';
import { drawRoom, zoom } from '#tests/helpers/guard-scenes.ts';
import { encodeDelivery, guardStructure, renderDelivery } from './index.ts';

const W = 640;
const H = 360;
const photo = drawRoom(W, H, { noiseSeed: 1 });
const staged = (image: RawImage) => ({
  image,
  furnitureMask: new Uint8Array(0),
  engineConfidence: 0.7,
  notes: [],
});
const copy = (img: RawImage): RawImage => ({ ...img, data: img.data.slice() });

async function plainJpeg(
  input: RawImage,
  output: RawImage,
  r: Parameters<typeof renderDelivery>[2],
  mark: boolean,
) {
  const { image } = await renderDelivery(input, output, r);
  return Buffer.from(await encodeImage(mark ? applyDisclosureMark(image) : image, 'jpeg'));
}

describe('encodeDelivery', () => {
  it('recomposes into the consumed photo and marks it: the same bytes as the plain path', async () => {
    const g = await guardStructure(
      photo,
      staged(drawRoom(W, H, { furniture: true, noiseSeed: 7, gain: 1.08 })),
    );
    expect(g.plan.render.kind).toBe('recompose');
    const want = await plainJpeg(photo, g.output, g.plan.render, true);
    const input = copy(photo);
    const got = await encodeDelivery(input, g.output, g.plan.render, { mark: true, consumeInput: true });
    expect(Buffer.from(got).equals(want)).toBe(true);
    // Consumed means blended in place: the caller's copy now holds the delivered pixels.
    expect(Buffer.from(input.data).equals(Buffer.from(photo.data))).toBe(false);
  });

  it('streams the aligned model image with the mark laid over it: the same bytes as the plain path', async () => {
    const model = await zoom(drawRoom(W, H, { furniture: true, noiseSeed: 7 }), 1.15);
    const g = await guardStructure(photo, staged(model));
    expect(g.plan).toMatchObject({ action: 'flag', render: { kind: 'model' } });
    for (const mark of [true, false]) {
      const got = await encodeDelivery(photo, g.output, g.plan.render, { mark });
      expect(Buffer.from(got).equals(await plainJpeg(photo, g.output, g.plan.render, mark))).toBe(true);
    }
  });
});
