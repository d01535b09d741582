// The worker's half of arranging a staging by hand (issue 31): re-render a stored layout into the
// stored original, as a preview (at most PREVIEW_MAX_SIDE on the long side, no delivery checks) or
// as the saved full-resolution result (structure guard and delivery checks, as after a staging run).
import sharp from 'sharp';
import { PREVIEW_MAX_SIDE } from '#shared/constants/layout.ts';
import type { Style } from '#shared/constants/staging.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { encodeCheckedDelivery, guardStructure } from '#server/engines/guard/index.ts';
import { renderArrangement } from '../local/arrange/index.ts';
import type { RawImage } from '../types.ts';

/**
 * Render pixels of a preview (before 2x2 supersampling): about half a 1600 px preview, upsampled by
 * the compositor. The 3-D render is most of a preview's time; a staging renders 1.2 MP.
 */
const PREVIEW_RENDER_PIXELS = 700_000;

export interface ArrangeTask {
  op: 'arrange';
  mode: 'preview' | 'save';
  /** The stored original (already EXIF-rotated and re-encoded). */
  bytes: Uint8Array;
  style: Style;
  room: RoomModel;
  pieces: Piece[];
  watermark: boolean;
}

export interface Arranged {
  /** JPEG: the preview, or the full-size result with the disclosure mark when asked for. */
  image: Uint8Array;
  /** JPEG, 400 px on the long side; only for a save. */
  thumbnail: Uint8Array | null;
  structureScore: number;
  needsReview: boolean;
  width: number;
  height: number;
}

export async function arrange(task: ArrangeTask): Promise<Arranged> {
  return task.mode === 'preview' ? preview(task) : save(task);
}

async function preview(task: ArrangeTask): Promise<Arranged> {
  // Decoded straight at preview size (libvips shrinks while decoding the JPEG): the 12 MP decode
  // would cost more than the render.
  const { data, info } = await sharp(task.bytes)
    .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img: RawImage = { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
  const staged = await renderArrangement(img, task.room, task.pieces, task.style, {
    maxRenderPixels: PREVIEW_RENDER_PIXELS,
  });
  const out = staged.image;
  const jpeg = await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  return {
    image: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
    thumbnail: null,
    structureScore: 1,
    needsReview: false,
    width: out.width,
    height: out.height,
  };
}

async function save(task: ArrangeTask): Promise<Arranged> {
  const img = await decodeImage(task.bytes);
  const staged = await renderArrangement(img, task.room, task.pieces, task.style);
  // The same checks as a staging run's delivery: the structure guard, then the delivered JPEG's
  // size and borders. No retry: the agent chose this arrangement; a failing one is flagged.
  const r = await guardStructure(img, staged, { canRetry: false });
  const { image } = await encodeCheckedDelivery(img, r.output, r.plan, {
    mark: task.watermark,
    consumeInput: true,
  });
  const thumbnail = await sharp(image)
    .resize(400, 400, { fit: 'inside' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return {
    image,
    thumbnail: new Uint8Array(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength),
    structureScore: r.structureScore,
    needsReview: r.plan.action === 'flag',
    width: img.width,
    height: img.height,
  };
}
