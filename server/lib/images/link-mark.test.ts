import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DISCLOSURE_MAX_SHARE } from '#shared/constants/disclosure.ts';
import { fixture } from '#tests/helpers/staging.ts';
import { disclosureMarkBox } from './watermark.ts';
import { addLinkMark, linkMarkLayout, type LinkMarkMode } from './link-mark.ts';

const URL_ = 'https://roomstage.example/p/abcdefghijklmnopqrstuvwxyz';
const opts = (mode: LinkMarkMode) => ({
  url: URL_,
  shortLink: 'roomstage.example/p/abcdefghijklmnopqrstuvwxyz',
  mode,
  maxShare: DISCLOSURE_MAX_SHARE,
});

/** A real room photo at a long side of `long` px, as the delivered JPEG would be. */
const photo = (long: number) =>
  sharp(fixture('empty-living-03.jpg'))
    .resize({ width: long, height: long, fit: 'inside' })
    .jpeg({ quality: 92 })
    .toBuffer();

async function decodeQr(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
}

describe('the disclosure mark with a QR code and short link', () => {
  for (const long of [3000, 1024]) {
    it(`at ${long} px long side, the QR code in the delivered JPEG decodes back to the link`, async () => {
      const src = await photo(long);
      const out = await addLinkMark(src, opts('both'));
      const meta = await sharp(out).metadata();
      expect(Math.max(meta.width, meta.height)).toBe(long);
      const qr = await decodeQr(out);
      expect(qr?.data).toBe(URL_);
      // Without the mark there is nothing to read: the decoder does not find a code in the plain photo.
      expect(await decodeQr(src)).toBeNull();
    });
  }

  it('never covers more than the set share, always covers the plain mark, and keeps text legible', () => {
    for (const [W, H] of [
      [3000, 2000],
      [2000, 3000],
      [1024, 683],
      [683, 1024],
      [1024, 1024],
    ] as const)
      for (const mode of ['link', 'qr', 'both'] as const) {
        const l = linkMarkLayout(W, H, opts(mode));
        expect(l.width * l.height, `${W}x${H} ${mode}`).toBeLessThanOrEqual(DISCLOSURE_MAX_SHARE * W * H);
        const plain = disclosureMarkBox(W, H);
        expect(l.x).toBeLessThanOrEqual(plain.x);
        expect(l.y).toBeLessThanOrEqual(plain.y);
        expect(l.x + l.width).toBeGreaterThanOrEqual(plain.x + plain.width);
        expect(l.y + l.height).toBeGreaterThanOrEqual(plain.y + plain.height);
        // Text 7 px tall at least; QR modules 2 px at least.
        for (const t of l.texts) expect(t.unit).toBeGreaterThanOrEqual(1);
        if (l.qr) expect(l.qr.module).toBeGreaterThanOrEqual(2);
        expect(l.texts.length).toBe(mode === 'qr' ? 1 : 2);
      }
    // At MLS full size, the printed link is large: 5 px font pixels make 35 px letters at 3000 px.
    const big = linkMarkLayout(3000, 2000, opts('link'));
    expect(big.texts[1]!.unit).toBeGreaterThanOrEqual(3);
    const small = linkMarkLayout(1024, 683, opts('link'));
    expect(small.texts[1]!.unit).toBeGreaterThanOrEqual(2);
  });
});
