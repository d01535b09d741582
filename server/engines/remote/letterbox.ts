// Providers with a fixed set of output sizes (OpenAI: 1:1, 3:2, 2:3) would stretch or re-frame a 4:3
// photo, and the structure guard rightly flags a changed aspect. So the photo is padded (mirrored
// edges, marked "keep" in the mask) to the output's aspect, and the answer is cropped back to the
// photo's own area: the model never has to change the frame.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import type { EditMask } from './edit-mask.ts';

export interface Letterbox {
  image: RawImage;
  mask: EditMask;
  /** Where the photo sits inside the padded frame, in its pixels. */
  box: { left: number; top: number; width: number; height: number };
}

const view = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export async function letterbox(img: RawImage, mask: EditMask, aspect: number): Promise<Letterbox> {
  const { width: w, height: h } = img;
  const pw = w / h < aspect ? Math.round(h * aspect) : w;
  const ph = w / h < aspect ? h : Math.round(w / aspect);
  const left = Math.floor((pw - w) / 2);
  const top = Math.floor((ph - h) / 2);
  const box = { left, top, width: w, height: h };
  if (pw === w && ph === h) return { image: img, mask, box };
  const extend = { left, top, right: pw - w - left, bottom: ph - h - top };
  const padded = await sharp(img.data, { raw: { width: w, height: h, channels: 3 } })
    .extend({ ...extend, extendWith: 'mirror' })
    .raw()
    .toBuffer();
  const data = new Uint8Array(pw * ph);
  let n = 0;
  for (let y = 0; y < h; y++) {
    data.set(mask.data.subarray(y * w, (y + 1) * w), (y + top) * pw + left);
  }
  for (let i = 0; i < data.length; i++) if (data[i]) n++;
  return {
    image: { width: pw, height: ph, channels: 3, data: view(padded) },
    mask: { width: pw, height: ph, data, share: n / (pw * ph) },
    box,
  };
}

/** The photo's area of the model's answer, whatever size the answer came at. */
export async function cropToBox(out: RawImage, lb: Letterbox): Promise<RawImage> {
  const sx = out.width / lb.image.width;
  const sy = out.height / lb.image.height;
  const left = Math.min(out.width - 1, Math.round(lb.box.left * sx));
  const top = Math.min(out.height - 1, Math.round(lb.box.top * sy));
  const width = Math.max(1, Math.min(out.width - left, Math.round(lb.box.width * sx)));
  const height = Math.max(1, Math.min(out.height - top, Math.round(lb.box.height * sy)));
  if (left === 0 && top === 0 && width === out.width && height === out.height) return out;
  const { data, info } = await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .extract({ left, top, width, height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: view(data) };
}
