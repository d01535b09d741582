// What the fake image providers "stage": the sent photo, optionally re-rendered at another size,
// with a sofa rectangle in the lower middle. With a mask (white = editable), the sofa is painted only
// where the mask allows, as a masked inpainting model does; without one it is painted anyway.
import sharp from 'sharp';

export const FAKE_SOFA_COLOUR = { r: 150, g: 40, b: 30 };
export const FAKE_SOFA_BOX = { left: 0.3, top: 0.62, width: 0.4, height: 0.2 };

export async function drawStaged(
  input: Buffer,
  opts: { size?: { width: number; height: number }; mask?: Buffer; format?: 'png' | 'jpeg' } = {},
): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const width = opts.size?.width ?? meta.width ?? 1;
  const height = opts.size?.height ?? meta.height ?? 1;
  const { data } = await sharp(input)
    .removeAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const editable = opts.mask
    ? await sharp(opts.mask)
        .extractChannel(0)
        .resize(width, height, { fit: 'fill', kernel: 'nearest' })
        .raw()
        .toBuffer()
    : null;
  const x0 = Math.round(FAKE_SOFA_BOX.left * width);
  const y0 = Math.round(FAKE_SOFA_BOX.top * height);
  const x1 = Math.round((FAKE_SOFA_BOX.left + FAKE_SOFA_BOX.width) * width);
  const y1 = Math.round((FAKE_SOFA_BOX.top + FAKE_SOFA_BOX.height) * height);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (editable && editable[i]! < 128) continue;
      data[i * 3] = FAKE_SOFA_COLOUR.r;
      data[i * 3 + 1] = FAKE_SOFA_COLOUR.g;
      data[i * 3 + 2] = FAKE_SOFA_COLOUR.b;
    }
  const out = sharp(data, { raw: { width, height, channels: 3 } });
  return opts.format === 'jpeg' ? out.jpeg().toBuffer() : out.png().toBuffer();
}

/** A mask PNG as the 0/255 "editable" plane: white-editable as is, transparent-editable from alpha. */
export async function editablePlane(
  mask: Buffer,
  convention: 'transparent-editable' | 'white-editable',
): Promise<Buffer> {
  if (convention === 'white-editable') return sharp(mask).extractChannel(0).raw().toBuffer();
  const alpha = await sharp(mask).ensureAlpha().extractChannel(3).raw().toBuffer();
  for (let i = 0; i < alpha.length; i++) alpha[i] = alpha[i] === 0 ? 255 : 0;
  return alpha;
}

/** The same plane as a one-channel PNG, for drawStaged. */
export async function planePng(plane: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(plane, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
