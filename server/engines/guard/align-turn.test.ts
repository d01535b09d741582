// The roll read from edge orientations alone agrees with a known turn of the camera, and with the
// whole-frame fit; with too few edges it reads nothing, and an unread turn is not confirmed.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { drawRoom } from '#tests/helpers/guard-scenes.ts';
import { alignTo } from './align.ts';
import { turnConfirmed, turnFromEdges } from './align-turn.ts';
import { downsampleRgb, luma, workSize } from './raster.ts';

const W = 1024;
const H = 576;
const photo = drawRoom(W, H, { noiseSeed: 1 });
const size = workSize(W, H, 512);

/** The camera rolled by `deg` (clockwise) and zoomed 8 % so no corner is empty, as a model re-renders. */
async function rolled(img: RawImage, deg: number): Promise<RawImage> {
  const { data, info } = await sharp(img.data, { raw: { width: W, height: H, channels: 3 } })
    .rotate(deg, { background: '#888' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [cw, ch] = [Math.round(W * 0.92), Math.round(H * 0.92)];
  const cut = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({
      left: Math.round((info.width - cw) / 2),
      top: Math.round((info.height - ch) / 2),
      width: cw,
      height: ch,
    })
    .resize(W, H)
    .raw()
    .toBuffer();
  return { width: W, height: H, channels: 3, data: new Uint8Array(cut) };
}

const grey = async (img: RawImage) => luma(await downsampleRgb(img, size));

describe('turnFromEdges', () => {
  it('reads a roll of the camera from the edges, with the fit’s sign, and confirms the fit', async () => {
    const a = await grey(photo);
    for (const deg of [0.7, -1.5]) {
      const b = await grey(await rolled(photo, deg));
      const read = turnFromEdges(a, b, size.width, size.height);
      expect(read.degrees).toBeCloseTo(deg, 0);
      expect(Math.abs(read.degrees! - deg)).toBeLessThan(0.2);
      const fit = alignTo(a, b, size, 1, W).report;
      expect(fit.turnConfirmed).toBe(true);
      expect(fit.rotation).toBeCloseTo(deg, 0);
    }
    expect(turnFromEdges(a, a, size.width, size.height).degrees).toBe(0);
  });

  it('reads nothing from a picture without edges', () => {
    const flat = new Float32Array(size.width * size.height).fill(128);
    expect(turnFromEdges(flat, flat, size.width, size.height)).toEqual({ degrees: null, evidence: 0 });
  });
});

describe('turnConfirmed', () => {
  it('confirms no turn, a turn the edges read within the tolerance, and is stricter on small photos', () => {
    expect(turnConfirmed(0.05, { degrees: null, evidence: 0 }, 1024)).toBe(true);
    expect(turnConfirmed(2.6, { degrees: null, evidence: 0 }, 4000)).toBe(false);
    expect(turnConfirmed(2.6, { degrees: 0, evidence: 0.05 }, 4000)).toBe(false);
    expect(turnConfirmed(1.0, { degrees: 0.8, evidence: 0.05 }, 4000)).toBe(true);
    expect(turnConfirmed(1.0, { degrees: 0.8, evidence: 0.05 }, 800)).toBe(false);
  });
});
