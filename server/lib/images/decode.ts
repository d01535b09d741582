// Intake for every engine: sniff the real type from magic bytes (never trust the name or the
// Content-Type), refuse pixel bombs from the header before decoding, decode strictly, apply EXIF
// orientation, convert to sRGB and re-encode without any metadata.
import sharp from 'sharp';
import { AppError } from '#server/lib/errors.ts';
import { MAX_PIXELS, MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { stripJpegMetadata } from './jpeg-strip.ts';
import type { RawImage, RoomImage } from './types.ts';
import { UPLOAD_SIZE_ERROR } from '#shared/constants/figures.ts';

export interface DecodeOptions {
  /** Defaults to MAX_UPLOAD_BYTES (10 MB). */
  maxBytes?: number;
  /** Defaults to MAX_PIXELS (50 MP). */
  maxPixels?: number;
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function sniffFormat(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  return null;
}

const unsupported = () => new AppError('unsupported_media_type', 'Only JPEG and PNG images are supported.');
const corrupt = () => new AppError('unprocessable', 'The image is corrupt or incomplete and cannot be read.');

/**
 * The header check every intake shares (the upload's pre-check and the decode): the real type (magic
 * bytes and the decoder agree) and the declared size, refused over `maxPixels`. It decodes no pixels, so
 * a 100k x 100k bomb costs nothing.
 */
export async function readImageHeader(bytes: Uint8Array, maxPixels: number = MAX_PIXELS) {
  const format = sniffFormat(bytes);
  if (!format) throw unsupported();
  const meta = await sharp(bytes, { limitInputPixels: false, autoOrient: true })
    .metadata()
    .catch(() => {
      throw corrupt();
    });
  if (meta.format !== format) throw unsupported();
  if (!meta.width || !meta.height) throw corrupt();
  if (meta.width * meta.height > maxPixels) {
    throw new AppError(
      'unprocessable',
      `The image is larger than ${Math.round(maxPixels / 1e6)} megapixels.`,
    );
  }
  return { format, width: meta.width, height: meta.height, meta };
}

export async function decodeImage(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<RoomImage> {
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  const maxPixels = opts.maxPixels ?? MAX_PIXELS;
  if (bytes.length > maxBytes) throw new AppError('payload_too_large', UPLOAD_SIZE_ERROR);
  const { format, meta } = await readImageHeader(bytes, maxPixels);
  const input = { failOn: 'warning' as const, limitInputPixels: maxPixels, autoOrient: true };

  const raw = await sharp(bytes, input)
    .toColourspace('srgb')
    // Transparent PNGs are flattened on white, as a listing page would show them.
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw corrupt();
    });
  const { width, height, channels } = raw.info;
  if (channels !== 3) throw corrupt();
  const data = new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength);
  const image: RawImage = { width, height, channels: 3, data };
  // An upright sRGB JPEG decodes to exactly its pixels: keep its own data, metadata removed.
  const asIs =
    format === 'jpeg' &&
    (meta.orientation ?? 1) === 1 &&
    meta.space === 'srgb' &&
    meta.channels === 3 &&
    meta.depth === 'uchar' &&
    !meta.hasProfile
      ? stripJpegMetadata(bytes)
      : null;
  return { ...image, format, bytes: asIs ?? (await encodeImage(image, format)) };
}

/** How delivered photos are encoded, whichever path produced the pixels. */
export const JPEG_DELIVERY = { quality: 92, mozjpeg: false } as const;

/** Encodes raw RGB pixels; sharp writes no metadata unless asked, so the result is clean. */
export async function encodeImage(img: RawImage, format: 'jpeg' | 'png' = 'jpeg'): Promise<Uint8Array> {
  const s = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  const out = format === 'png' ? await s.png().toBuffer() : await s.jpeg(JPEG_DELIVERY).toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
