// Pixels to and from the providers: the upload copy (capped, since every provider outputs about
// 1-2 MP whatever it is sent), its mask in each provider's convention, and the answer decoded.
import sharp from 'sharp';
import { AppError } from '#server/lib/errors.ts';
import type { RawImage } from '#server/engines/types.ts';
import { BAD_IMAGE_MESSAGE } from './messages.ts';
import type { EditMask } from './edit-mask.ts';

const view = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The photo at most `maxEdge` on its long side (never enlarged), as raw RGB. */
export async function uploadFrame(img: RawImage, maxEdge: number): Promise<RawImage> {
  if (Math.max(img.width, img.height) <= maxEdge) return img;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: view(data) };
}

const raw = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });

export const encodeJpeg = async (img: RawImage) => view(await raw(img).jpeg({ quality: 92 }).toBuffer());
export const encodePng = async (img: RawImage) => view(await raw(img).png().toBuffer());

/**
 * `transparent-editable`: OpenAI's convention, RGBA where alpha 0 marks what may change.
 * `white-editable`: the inpainting convention (FLUX Fill, our HTTP contract), white = paint here.
 */
export async function encodeMask(
  mask: EditMask,
  convention: 'transparent-editable' | 'white-editable',
): Promise<Uint8Array> {
  const { width, height, data } = mask;
  if (convention === 'white-editable') {
    return view(
      await sharp(data, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer(),
    );
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) rgba[i * 4 + 3] = data[i] ? 0 : 255;
  return view(
    await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** The provider's image as RGB at its own size (the structure guard brings it to the input's). */
export async function decodeResult(bytes: Uint8Array, provider: string): Promise<RawImage> {
  try {
    const { data, info } = await sharp(bytes)
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return { width: info.width, height: info.height, channels: 3, data: view(data) };
  } catch (cause) {
    const err = new AppError('unprocessable', BAD_IMAGE_MESSAGE);
    err.cause = new Error(`${provider} sent an undecodable image`, { cause });
    throw err;
  }
}

/** The editable mask scaled to another size (the model's answer), 0/255, for the guard. */
export async function scaleMask(mask: EditMask, width: number, height: number): Promise<Uint8Array> {
  if (mask.width === width && mask.height === height) return mask.data;
  const out = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer();
  return view(out);
}
