import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { drawRoom, stretch, zoom } from '#tests/helpers/guard-scenes.ts';
import { affineOrigin, isIdentity, modelPipeline, warpFull } from './warp.ts';

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

describe('warpFull with a turn', () => {
  // A model image whose pixels say where they are (red = x, green = y): the warp must draw, at every
  // photo pixel p, the model's pixel at A (p - c) + t + c, the map the guard's geometry assumes.
  const [W, H] = [240, 200];
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.set([x, y, 60], (y * W + x) * 3);
  const model: RawImage = { width: W, height: H, channels: 3, data };

  /** Largest distance, over the frame's inner 80 %, between the drawn source and the expected one. */
  function worstOffset(
    img: RawImage,
    t: { a00: number; a01: number; a10: number; a11: number; tx: number; ty: number },
  ) {
    const [cx, cy] = [(W - 1) / 2, (H - 1) / 2];
    let worst = 0;
    for (let y = Math.round(H * 0.1); y < H * 0.9; y++)
      for (let x = Math.round(W * 0.1); x < W * 0.9; x++) {
        const u = t.a00 * (x - cx) + t.a01 * (y - cy) + t.tx + cx;
        const v = t.a10 * (x - cx) + t.a11 * (y - cy) + t.ty + cy;
        const i = (y * W + x) * 3;
        worst = Math.max(worst, Math.hypot(img.data[i]! - u, img.data[i + 1]! - v));
      }
    return worst;
  }

  for (const deg of [2, -2, 0.7, -3.5]) {
    it(`draws each photo pixel from where the alignment says, turned ${deg} degrees`, async () => {
      const r = (deg * Math.PI) / 180;
      const k = 0.95;
      const t = {
        a00: k * Math.cos(r),
        a01: -k * Math.sin(r),
        a10: k * Math.sin(r),
        a11: k * Math.cos(r),
        tx: 1.5,
        ty: -1,
      };
      const back = await warpFull(model, W, H, t, W, H);
      // Bicubic sampling of an 8-bit ramp: within a pixel. The origin libvips starts its result at was
      // 3 to 13 px off here before it was accounted for.
      expect(worstOffset(back, t)).toBeLessThan(1.5);
    });
  }

  it('knows where libvips starts its result: the rounded top-left of the turned frame', () => {
    expect(affineOrigin([1.1, 0, 0, 1.1], 240, 200)).toEqual([0, 0]);
    const r = (2 * Math.PI) / 180;
    // x' = cos x - sin y reaches -sin(2 deg) * 200 = -6.98 at the bottom-left corner.
    expect(affineOrigin([Math.cos(r), -Math.sin(r), Math.sin(r), Math.cos(r)], 240, 200)).toEqual([-7, 0]);
    expect(affineOrigin([Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r)], 240, 200)).toEqual([0, -8]);
  });
});

describe('isIdentity', () => {
  const I = { a00: 1, a01: 0, a10: 0, a11: 1, tx: 0, ty: 0 };
  // Work size 512x384 for a 4000x3000 photo: one work pixel is 7.8 photo pixels.
  it('skips the warp only when no photo pixel would move by half a pixel', () => {
    expect(isIdentity(I, 512, 384, 4000)).toBe(true);
    expect(isIdentity({ ...I, tx: 0.03 }, 512, 384, 4000)).toBe(true);
    expect(isIdentity({ ...I, tx: 0.07 }, 512, 384, 4000)).toBe(false);
    // A zoom of 1e-4 moves the frame's edge by 0.2 px at 4000 px, 1e-3 by 2 px.
    expect(isIdentity({ ...I, a00: 1.00008, a11: 1.00008 }, 512, 384, 4000)).toBe(true);
    expect(isIdentity({ ...I, a00: 1.001, a11: 1.001 }, 512, 384, 4000)).toBe(false);
    expect(isIdentity({ ...I, a01: 0.001, a10: -0.001 }, 512, 384, 4000)).toBe(false);
    // The same movement is noise on a small photo and visible on a large one.
    expect(isIdentity({ ...I, tx: 0.2 }, 512, 384, 512)).toBe(true);
    expect(isIdentity({ ...I, tx: 0.2 }, 512, 384, 4000)).toBe(false);
  });
});

describe('modelPipeline', () => {
  it('aligns a model image larger than the photo on one axis, cutting the excess in the streamed pass', async () => {
    // The model saw 5 % more of the room than the photo, and answered 1.5x wider and shorter than
    // it (shrunk first along x only). libvips' result overhangs the frame: the cut is streamed.
    const room = drawRoom(480, 360, { noiseSeed: 3 });
    const photo = await zoom(room, 1.05);
    const model = await stretch(room, 720, 300);
    const t = { a00: 1 / 1.05, a01: 0, a10: 0, a11: 1 / 1.05, tx: 0, ty: 0 };
    const p = await modelPipeline(model, 480, 360, t, 240, 180);
    expect(p.done).toBeNull();
    const { data, info } = await p.make().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([480, 360]);
    const back: RawImage = { width: 480, height: 360, channels: 3, data: new Uint8Array(data) };
    expect(innerDiff(back, photo)).toBeLessThan(3);
    // A region is the same pixels as the whole frame there.
    const region = { left: 400, top: 300, width: 60, height: 40 };
    const part = await p.make(region).raw().toBuffer();
    for (let y = 0; y < region.height; y++)
      expect(
        part
          .subarray(y * region.width * 3, (y + 1) * region.width * 3)
          .equals(
            Buffer.from(data).subarray(
              ((region.top + y) * 480 + region.left) * 3,
              ((region.top + y) * 480 + region.left + region.width) * 3,
            ),
          ),
      ).toBe(true);
  });
});
