// Bringing the model's image into the photo's frame with the alignment found at work size.
import sharp, { type Sharp } from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import type { Affine } from './align.ts';

/** Work-size RGB warp: input-frame pixel p takes the output at A p + t (centred). */
export function warpRgb(
  rgb: Float32Array,
  w: number,
  h: number,
  t: Affine,
): { rgb: Float32Array; covered: Uint8Array } {
  const out = new Float32Array(w * h * 3);
  const covered = new Uint8Array(w * h);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const px = x - cx;
      const py = y - cy;
      let qx = t.a00 * px + t.a01 * py + t.tx + cx;
      let qy = t.a10 * px + t.a11 * py + t.ty + cy;
      const i = y * w + x;
      if (qx >= -0.5 && qy >= -0.5 && qx <= w - 0.5 && qy <= h - 0.5) covered[i] = 1;
      qx = Math.min(w - 1, Math.max(0, qx));
      qy = Math.min(h - 1, Math.max(0, qy));
      const x0 = Math.min(w - 2, Math.floor(qx));
      const y0 = Math.min(h - 2, Math.floor(qy));
      const fx = qx - x0;
      const fy = qy - y0;
      const j = (y0 * w + x0) * 3;
      const k = j + w * 3;
      for (let c = 0; c < 3; c++)
        out[i * 3 + c] =
          (rgb[j + c]! * (1 - fx) + rgb[j + 3 + c]! * fx) * (1 - fy) +
          (rgb[k + c]! * (1 - fx) + rgb[k + 3 + c]! * fx) * fy;
    }
  return { rgb: out, covered };
}

export const isIdentity = (t: Affine, w: number, h: number, W: number) => {
  // Under half a pixel of movement anywhere in the full-resolution frame: not worth a resampling pass.
  const k = W / w;
  const corner =
    Math.max(Math.abs(t.a00 - 1), Math.abs(t.a11 - 1), Math.abs(t.a01), Math.abs(t.a10)) * Math.max(w, h);
  return (corner + Math.abs(t.tx) + Math.abs(t.ty)) * k < 0.5;
};

const raw = (b: Buffer, width: number, height: number): RawImage => ({
  width,
  height,
  channels: 3,
  data: new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
});

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The model's image at the photo's exact size W x H (or only `region` of it), content where the
 * photo has it. `zoom` >= 1 scales about the centre on top of the alignment so no uncovered border
 * remains (no pixel is invented). The alignment is resampled at the model's own resolution (cheap:
 * about 1 MP), and the photo's size is reached by one native resize, the only pass that writes
 * full-resolution pixels: on a 12 MP photo a full-size affine, crop or pad each cost more than the
 * whole work-size analysis. (A model image as large as the photo is aligned at the photo's size,
 * written once; the excess is cut in the pass that reads it.)
 */
export async function warpFull(
  output: RawImage,
  W: number,
  H: number,
  t: Affine,
  w: number,
  h: number,
  zoom = 1,
  /** Per-channel out = gain * in + offset, applied natively in the same pass (undoing a relight). */
  colour?: { gain: number[]; offset: number[] },
  region?: Region,
): Promise<RawImage> {
  const p = await modelPipeline(output, W, H, t, w, h, zoom, colour);
  if (p.done && !region) return p.done;
  return raw(await p.make(region).raw().toBuffer(), region?.width ?? W, region?.height ?? H);
}

export interface ModelPipeline {
  /** The aligned model image when it already is the answer at W x H (no pass needed), else null. */
  done: RawImage | null;
  /** A libvips pipeline, not yet run, drawing the W x H image (or one region of it). */
  make: (region?: Region) => Sharp;
}

/** The aligned model image as libvips left it, and the frame (the photo's aspect) it stands for. */
interface Aligned {
  image: RawImage;
  /** Its top-left frameW x frameH is the picture (it is never smaller). */
  frameW: number;
  frameH: number;
}

/**
 * The picture warpFull returns, as pipelines not yet run, so a caller can add the JPEG encoder and a
 * composite and stream the full-size pixels instead of materialising them. The alignment (at the
 * model's own resolution) runs once, here; each `make` only cuts, pads and resizes, streamed.
 */
export async function modelPipeline(
  output: RawImage,
  W: number,
  H: number,
  t: Affine,
  w: number,
  h: number,
  zoom = 1,
  colour?: { gain: number[]; offset: number[] },
): Promise<ModelPipeline> {
  const identity = isIdentity(t, w, h, W) && zoom === 1;
  // The model's pixel density in the photo's frame: the intermediate keeps every model pixel.
  const f = Math.min(1, Math.max(output.width / W, output.height / H));
  const mw = Math.max(2, Math.round(W * f));
  const mh = Math.max(2, Math.round(H * f));
  const a: Aligned = identity
    ? { image: output, frameW: output.width, frameH: output.height }
    : await warpInto(output, mw, mh, t, w, h, zoom);
  const { image: base, frameW, frameH } = a;
  const cut = base.width !== frameW || base.height !== frameH;
  const full = frameW === W && frameH === H;
  const make = (region?: Region) => {
    let src = sharp(base.data, { raw: { width: base.width, height: base.height, channels: 3 } });
    // Called before the resize, sharp runs this cut first (a region cut comes after the resize).
    if (cut) src = src.extract({ left: 0, top: 0, width: frameW, height: frameH });
    if (colour) src = src.linear(colour.gain, colour.offset);
    if (!full) src = src.resize(W, H, { fit: 'fill', kernel: 'lanczos3' });
    if (region) src = src.extract(region);
    return src;
  };
  return { done: full && !cut && !colour ? base : null, make };
}

/** C's round(): halves away from zero, as libvips rounds its output area. */
const roundInt = (v: number) => Math.sign(v) * Math.round(Math.abs(v));

/**
 * Where libvips' affine result begins, in destination coordinates: by default it writes the bounding
 * box of the matrix applied to the input's corners (0, 0)..(w, h), offsets not included, rounded to
 * the nearest pixel, so its pixel (0, 0) is that box's top-left. A pure scale starts at (0, 0); a
 * turn or a shear does not.
 */
export function affineOrigin([a, b, c, d]: readonly number[], w: number, h: number): [number, number] {
  const xs = [0, a! * w, b! * h, a! * w + b! * h];
  const ys = [0, c! * w, d! * h, c! * w + d! * h];
  return [roundInt(Math.min(...xs)), roundInt(Math.min(...ys))];
}

/**
 * The model image aligned into a W x H frame (the photo's aspect, any resolution): one libvips
 * pipeline (a shrink if the model is much larger, then the affine), written once. libvips sizes its
 * result to the transformed frame, a little larger or smaller than W x H; cutting the excess is left
 * to the streamed pass that reads it (a separate cut cost one more full write).
 */
async function warpInto(
  output: RawImage,
  W: number,
  H: number,
  t: Affine,
  w: number,
  h: number,
  zoom: number,
): Promise<Aligned> {
  let src = sharp(output.data, { raw: { width: output.width, height: output.height, channels: 3 } });
  let sw = output.width;
  let sh = output.height;
  // Bicubic sampling aliases when it shrinks a lot; a larger model image is area-reduced first, in
  // the same pipeline (sharp resizes before the affine), and only along the axis that shrinks: the
  // affine already enlarges, and a Lanczos enlargement to 12 MP before it cost 400 ms more.
  if (sw > W * 1.25 || sh > H * 1.25) {
    sw = Math.min(sw, W);
    sh = Math.min(sh, H);
    src = src.resize(sw, sh, { fit: 'fill', kernel: 'lanczos3' });
  }
  // Photo pixel p (centred at c) sits at q = A' (p - c) + t' + c in the output stretched to W x H,
  // that is at u = S (q + 0.5) - 0.5 in the model's own pixels, S = (sw / W, sh / H). libvips wants
  // source -> destination: p = B (u + i) + c with B = (S A')^-1 and i = 0.5 - S (0.5 + c + t').
  const kx = W / w;
  const ky = H / h;
  const a00 = t.a00 / zoom;
  const a01 = (t.a01 * kx) / ky / zoom;
  const a10 = (t.a10 * ky) / kx / zoom;
  const a11 = t.a11 / zoom;
  const sx = sw / W;
  const sy = sh / H;
  const m00 = sx * a00;
  const m01 = sx * a01;
  const m10 = sy * a10;
  const m11 = sy * a11;
  const det = m00 * m11 - m01 * m10;
  const cx = (W - 1) / 2;
  const cy = (H - 1) / 2;
  const B: [number, number, number, number] = [m11 / det, -m01 / det, -m10 / det, m00 / det];
  // libvips' result starts at the top-left of the matrix's own bounding box (offsets left out), not
  // at destination (0, 0): with a turn that corner is negative, and uncompensated the whole picture
  // moved that many pixels (a black wedge along the top or left and the far edge cut off).
  const [ox, oy] = affineOrigin(B, sw, sh);
  const { data, info } = await src
    .affine(B, {
      idx: 0.5 - sx * (0.5 + cx + t.tx * kx),
      idy: 0.5 - sy * (0.5 + cy + t.ty * ky),
      odx: cx + ox,
      ody: cy + oy,
      interpolator: 'bicubic',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Offset by its origin, destination (0, 0) is the result's first pixel; libvips sizes the result
  // to the transformed frame. With a cover zoom it is never short of W x H. Without one (recomposition) a short side is padded
  // by repeating the edge here, written once more, as before: sharp pads after any resize, too late.
  if (info.width >= W && info.height >= H)
    return { image: raw(data, info.width, info.height), frameW: W, frameH: H };
  const cw = Math.min(W, info.width);
  const ch = Math.min(H, info.height);
  const padded = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left: 0, top: 0, width: cw, height: ch })
    .extend({ right: W - cw, bottom: H - ch, extendWith: 'copy' })
    .raw()
    .toBuffer();
  return { image: raw(padded, W, H), frameW: W, frameH: H };
}
