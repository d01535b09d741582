// Drawing what the plan says, once, for the attempt that is kept. Two forms: raw pixels (contact
// sheets, tests, anything that inspects the result) and the delivered JPEG, where the full-size
// picture streams from libvips into the encoder: on a 12 MP photo a materialised raw frame costs
// more than the whole analysis (a fresh 36 MB buffer alone is 150-200 ms of page faults).
import sharp, { type Sharp } from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import { disclosureMarkBox, drawDisclosureMark, JPEG_DELIVERY } from '#server/lib/images/index.ts';
import type { CoverRender, ModelRender, RecomposeRender } from './plan.ts';
import { uncoveredBorders, type BorderRuns } from './border-scan.ts';
import { drawnFrom } from './drawn-from.ts';
import { recompose } from './recompose.ts';
import { modelPipeline, warpFull, type Region } from './warp.ts';

export interface Rendered {
  image: RawImage;
  /** 0..255 per pixel: 0 = the photo's own byte. Null when every pixel is the model's. */
  mask: Uint8Array | null;
  /** Share of delivered pixels that are the photo's own bytes. */
  keptShare: number;
}

type Render = ModelRender | RecomposeRender | CoverRender;

/** The model's image (less its trim) scaled to cover W x H and centre-cropped: one uniform scale, nothing invented. */
const coverPipeline = (output: RawImage, W: number, H: number, trim: CoverRender['trim']): Sharp => {
  const raw = sharp(output.data, { raw: { width: output.width, height: output.height, channels: 3 } });
  const cut = trim && {
    left: trim.left,
    top: trim.top,
    width: output.width - trim.left - trim.right,
    height: output.height - trim.top - trim.bottom,
  };
  return (cut ? raw.extract(cut) : raw).resize(W, H, {
    fit: 'cover',
    position: 'centre',
    kernel: 'lanczos3',
  });
};

/** Deepest band the cover drawing cuts off a model's image (a share of its side); deeper is content. */
const MAX_TRIM = 0.06;

/**
 * The cover drawing that keeps the no-border guarantee whatever the model sent: drawn, scanned like
 * the delivery, and where the model painted a flat band along the frame's edge (letterbox rows), that
 * band is cut off its image (one pixel deeper, for JPEG ringing) and the cover drawn again; twice at most.
 */
export async function trimmedCover(
  input: RawImage,
  output: RawImage,
  photo: BorderRuns,
): Promise<CoverRender> {
  const { width: W, height: H } = input;
  const scale = Math.max(W / output.width, H / output.height);
  let render: CoverRender = { kind: 'cover' };
  for (let round = 0; round < 2; round++) {
    const data = await coverPipeline(output, W, H, render.trim).raw().toBuffer();
    // Only what the model's own pixels do not explain: a band along a whole side (its letterbox).
    const source = drawnFrom(render, output, W, H);
    const found = uncoveredBorders({ width: W, height: H, data: new Uint8Array(data) }, photo, source);
    if (!found.length) break;
    const trim = { top: 0, bottom: 0, left: 0, right: 0, ...render.trim };
    for (const f of found) {
      const across = f.side === 'top' || f.side === 'bottom' ? output.height : output.width;
      trim[f.side] += Math.ceil((f.depth + 1) / scale);
      if (trim[f.side] > across * MAX_TRIM) return render;
    }
    render = { kind: 'cover', trim };
  }
  return render;
}

async function recomposed(
  input: RawImage,
  output: RawImage,
  r: RecomposeRender,
  inPlace: boolean,
  mask: boolean,
  into?: Uint8Array,
) {
  const { width: W, height: H } = input;
  const { work, region } = r;
  // Full-resolution model pixels only where the feathered furniture reaches.
  const patch = await warpFull(output, W, H, r.affine, work.width, work.height, 1, r.colour, region);
  return recompose(input, { image: patch, left: region.left, top: region.top }, r.alpha, work, {
    inPlace,
    into,
    mask,
  });
}

/** The delivered picture as raw pixels, with the mask that says which bytes are the photo's. */
export async function renderDelivery(input: RawImage, output: RawImage, r: Render): Promise<Rendered> {
  const { width: W, height: H } = input;
  if (r.kind === 'recompose') {
    const { image, mask, kept } = await recomposed(input, output, r, false, true);
    return { image, mask, keptShare: kept / (W * H) };
  }
  if (r.kind === 'cover') {
    const data = await coverPipeline(output, W, H, r.trim).raw().toBuffer();
    const image = { width: W, height: H, channels: 3 as const, data: new Uint8Array(data) };
    return { image, mask: null, keptShare: 0 };
  }
  const image = await warpFull(output, W, H, r.affine, r.work.width, r.work.height, r.zoom);
  return { image, mask: null, keptShare: 0 };
}

export interface EncodeOptions {
  /** Draw the disclosure mark (listing rules). */
  mark: boolean;
  /** The caller no longer needs the photo's pixels: recomposition blends into them in place. */
  consumeInput?: boolean;
  /**
   * A buffer of the photo's length that recomposition may blend into instead of a fresh copy (the
   * arrange worker reuses one between saves); untouched by other plans, free again once this resolves.
   */
  scratch?: Uint8Array;
}

/** The delivered JPEG at the photo's exact size, disclosure mark included when asked for. */
export async function encodeDelivery(
  input: RawImage,
  output: RawImage,
  r: Render,
  opts: EncodeOptions,
): Promise<Uint8Array> {
  const { width: W, height: H } = input;
  const enabled = opts.mark;
  let pipeline: Sharp;
  if (r.kind === 'recompose') {
    const { image } = await recomposed(input, output, r, opts.consumeInput ?? false, false, opts.scratch);
    drawDisclosureMark({ ...image, left: 0, top: 0 }, W, H, { enabled });
    pipeline = sharp(image.data, { raw: { width: W, height: H, channels: 3 } });
  } else {
    const p =
      r.kind === 'cover'
        ? { done: null, make: (region?: Region) => cover(output, W, H, r.trim, region) }
        : await modelPipeline(output, W, H, r.affine, r.work.width, r.work.height, r.zoom);
    pipeline = p.done ? sharp(p.done.data, { raw: { width: W, height: H, channels: 3 } }) : p.make();
    if (enabled) {
      // Only the label's box is drawn in JS; libvips lays it over the streamed picture.
      const box = disclosureMarkBox(W, H);
      const region = { left: box.x, top: box.y, width: box.width, height: box.height };
      const under = p.done ? crop(p.done, region) : await p.make(region).raw().toBuffer();
      const patch = { ...region, channels: 3 as const, data: new Uint8Array(under) };
      drawDisclosureMark(patch, W, H);
      pipeline = pipeline.composite([
        {
          input: Buffer.from(patch.data.buffer, patch.data.byteOffset, patch.data.byteLength),
          raw: { width: box.width, height: box.height, channels: 3 },
          left: box.x,
          top: box.y,
        },
      ]);
    }
  }
  const out = await pipeline.jpeg(JPEG_DELIVERY).toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The cover picture, or one region of it (the mark's box): the region is cut after the resize. */
function cover(output: RawImage, W: number, H: number, trim: CoverRender['trim'], region?: Region): Sharp {
  const s = coverPipeline(output, W, H, trim);
  return region ? s.extract(region) : s;
}

function crop(img: RawImage, r: { left: number; top: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++)
    out.set(
      img.data.subarray(
        ((r.top + y) * img.width + r.left) * 3,
        ((r.top + y) * img.width + r.left + r.width) * 3,
      ),
      y * r.width * 3,
    );
  return out;
}
