import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors.ts';
import { projectRoot } from '#server/lib/paths.ts';
import { decodeImage, sniffFormat } from './decode.ts';

const fixtures = path.resolve(projectRoot(), '../shared/fixtures/rooms');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

async function expectAppError(p: Promise<unknown>, code: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
}

const solid = (format: 'gif' | 'webp' | 'jpeg' | 'png', w = 16, h = 16) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header claims 100000 x 100000 pixels: decoding it would need 30 GB. */
function pixelBombPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const body = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const chunk = Buffer.alloc(4 + body.length + 4);
  chunk.writeUInt32BE(13, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc(body), 4 + body.length);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk]));
}

describe('decodeImage', () => {
  it('decodes a JPEG fixture to sRGB pixels with clean bytes', async () => {
    const img = await decodeImage(fixture('empty-bedroom-02.jpg'));
    expect([img.width, img.height, img.channels, img.format]).toEqual([612, 408, 3, 'jpeg']);
    expect(img.data.length).toBe(612 * 408 * 3);
    const meta = await sharp(img.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it("keeps an upright sRGB JPEG's own data, with its metadata and trailing bytes removed", async () => {
    const photo = await sharp(fixture('empty-bedroom-02.jpg'))
      .jpeg({ quality: 85, progressive: true })
      .withExif({ IFD0: { Copyright: 'agent' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
      .toBuffer();
    // A comment segment after the start marker, and a phone's extra data after the end marker.
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x07, 0x68, 0x6f, 0x6d, 0x65, 0x21]);
    const trailer = Buffer.from('depth-map');
    const upload = Buffer.concat([photo.subarray(0, 2), comment, photo.subarray(2), trailer]);
    const img = await decodeImage(new Uint8Array(upload));
    const meta = await sharp(img.bytes).metadata();
    expect([meta.exif, meta.xmp, meta.comments]).toEqual([undefined, undefined, undefined]);
    expect(Buffer.from(img.bytes.subarray(-2))).toEqual(Buffer.from([0xff, 0xd9]));
    expect(img.bytes.length).toBeLessThan(photo.length);
    // Not re-encoded: the kept file decodes to exactly the same pixels as the upload.
    const again = await sharp(img.bytes).raw().toBuffer();
    expect(again.equals(Buffer.from(img.data))).toBe(true);
    expect(again.equals(await sharp(upload).raw().toBuffer())).toBe(true);
  });

  it('re-encodes a JPEG with a colour profile to plain sRGB', async () => {
    const p3 = await sharp(fixture('empty-bedroom-02.jpg')).withIccProfile('p3').jpeg().toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const img = await decodeImage(new Uint8Array(p3));
    expect((await sharp(img.bytes).metadata()).icc).toBeUndefined();
  });

  it('flattens transparent PNGs to RGB', async () => {
    const img = await decodeImage(fixture('not-room-icon-transparent-01.png'));
    expect([img.width, img.height, img.channels, img.format]).toEqual([100, 100, 3, 'png']);
  });

  it('applies the EXIF orientation and strips it', async () => {
    const src = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(src).metadata()).orientation).toBe(6);
    const img = await decodeImage(new Uint8Array(src));
    expect([img.width, img.height]).toEqual([20, 40]);
    expect((await sharp(img.bytes).metadata()).orientation).toBeUndefined();
  });

  it('converts CMYK JPEGs to sRGB', async () => {
    const cmyk = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const img = await decodeImage(new Uint8Array(cmyk));
    expect(img.channels).toBe(3);
    expect(img.data[2]!).toBeGreaterThan(img.data[0]!);
  });

  it('rejects oversized uploads before looking at them', async () => {
    await expectAppError(decodeImage(new Uint8Array(10 * 1024 * 1024 + 1)), 'payload_too_large');
  });

  it('rejects zero-byte and non-image input as unsupported', async () => {
    await expectAppError(decodeImage(new Uint8Array(0)), 'unsupported_media_type');
    await expectAppError(decodeImage(new TextEncoder().encode('hello world')), 'unsupported_media_type');
  });

  it('rejects GIF, WebP and SVG content even when named .jpg', async () => {
    await expectAppError(decodeImage(new Uint8Array(await solid('gif'))), 'unsupported_media_type');
    await expectAppError(decodeImage(new Uint8Array(await solid('webp'))), 'unsupported_media_type');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expectAppError(decodeImage(new TextEncoder().encode(svg)), 'unsupported_media_type');
  });

  it('rejects truncated and corrupt JPEGs and PNGs as unprocessable', async () => {
    const jpeg = fixture('empty-bedroom-02.jpg');
    await expectAppError(decodeImage(jpeg.slice(0, Math.floor(jpeg.length / 2))), 'unprocessable');
    await expectAppError(decodeImage(jpeg.slice(0, 3)), 'unprocessable');
    const png = fixture('not-room-face-01.png');
    await expectAppError(decodeImage(png.slice(0, Math.floor(png.length * 0.7))), 'unprocessable');
    const garbled = new Uint8Array(jpeg);
    garbled.fill(0x55, 200, 4000);
    await expectAppError(decodeImage(garbled), 'unprocessable');
  });

  it('rejects pixel bombs from the header alone', async () => {
    await expectAppError(decodeImage(pixelBombPng()), 'unprocessable');
    const big = await solid('png', 900, 900);
    await expectAppError(decodeImage(new Uint8Array(big), { maxPixels: 500_000 }), 'unprocessable');
  });

  it('sniffs formats from magic bytes', () => {
    expect(sniffFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFormat(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });
});
