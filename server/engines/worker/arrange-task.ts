// The worker's half of arranging a staging by hand (issue 31): re-render a stored layout into the
// stored original, as a preview (at most PREVIEW_MAX_SIDE on the long side, no delivery checks) or
// as the saved full-resolution result (structure guard and delivery checks, as after a staging run).
import sharp from 'sharp';
import { PREVIEW_MAX_SIDE } from '#shared/constants/layout.ts';
import type { Style } from '#shared/constants/staging.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import {
  borderRuns,
  encodeCheckedDelivery,
  guardStructure,
  guardWorkCopy,
  type BorderRuns,
} from '#server/engines/guard/index.ts';
import { preparePhoto, renderArrangementOn, type PreparedPhoto } from '../local/arrange/index.ts';
import { cachedPhoto, prefetchPhoto } from './arrange-cache.ts';
import { thumbnailOf } from './thumbnail.ts';
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
  /**
   * Names this transformation's original (its id and the original's storage key): the worker keeps
   * the photo decoded and measured under it between tasks. Without one nothing is kept.
   */
  key?: string;
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

/** Called at the end of each phase with its name (the layout benchmark's timing spans). */
export type Span = (name: string) => void;

export async function arrange(task: ArrangeTask, span: Span = () => {}): Promise<Arranged> {
  return task.mode === 'preview' ? preview(task, span) : save(task, span);
}

async function preview(task: ArrangeTask, span: Span): Promise<Arranged> {
  const key = task.key;
  const photo = await cachedPhoto(key === undefined ? undefined : `${key}:preview`, async () => {
    // Decoded straight at preview size (libvips shrinks while decoding the JPEG): the 12 MP decode
    // would cost more than the render.
    const { data, info } = await sharp(task.bytes)
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img: RawImage = { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
    return preparePhoto(img, task.room, { maxRenderPixels: PREVIEW_RENDER_PIXELS });
  });
  span('photo');
  if (key !== undefined) prefetchPhoto(`${key}:full`, () => fullPhoto(task));
  const staged = await renderArrangementOn(photo, task.pieces, task.style, { span });
  const out = staged.image;
  const jpeg = await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  span('encode');
  return {
    image: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
    thumbnail: null,
    structureScore: 1,
    needsReview: false,
    width: out.width,
    height: out.height,
  };
}

/**
 * What a save checks against and is the same every save of a kept full-size photo: the delivery
 * check's runs of its borders and the structure guard's 512 px copy of it (decision 0180).
 */
interface PhotoChecks {
  borders: BorderRuns;
  work: Float32Array;
}
const checksOf = new WeakMap<PreparedPhoto, PhotoChecks>();

/** The stored original decoded at full size and measured, as a save renders into it. */
async function fullPhoto(task: ArrangeTask): Promise<PreparedPhoto> {
  const photo = await preparePhoto(await decodeImage(task.bytes), task.room);
  checksOf.set(photo, { borders: borderRuns(photo.img), work: await guardWorkCopy(photo.img) });
  return photo;
}

/**
 * Buffers of a photo's size that a save composites and recomposes into, reused by this thread's
 * next save: two fresh 36 MB buffers per 12 MP save cost their page faults and garbage collection.
 * A save that finds none of its size (two at once, another photo) gets fresh ones.
 */
const spares: Uint8Array[] = [];
const SPARES = 2;
function takeBuffer(bytes: number): Uint8Array {
  const i = spares.findIndex((b) => b.length === bytes);
  return i < 0 ? new Uint8Array(bytes) : spares.splice(i, 1)[0]!;
}
function giveBack(...bufs: Uint8Array[]): void {
  for (const b of bufs) {
    spares.unshift(b);
    spares.length = Math.min(spares.length, SPARES);
  }
}

async function save(task: ArrangeTask, span: Span): Promise<Arranged> {
  const photo = await cachedPhoto(task.key === undefined ? undefined : `${task.key}:full`, () =>
    fullPhoto(task),
  );
  const img = photo.img;
  span('photo');
  // A kept photo's saves reuse this thread's buffers; a one-off keeps nothing (and may blend into
  // its own photo, which a kept photo's next save still needs).
  const kept = task.key !== undefined;
  const [canvas, scratch] = kept ? [takeBuffer(img.data.length), takeBuffer(img.data.length)] : [];
  const staged = await renderArrangementOn(photo, task.pieces, task.style, { span, into: canvas });
  // The same checks as a staging run's delivery: the structure guard, then the delivered JPEG's
  // size and borders. No retry: the agent chose this arrangement; a failing one is flagged.
  const checks = checksOf.get(photo);
  const r = await guardStructure(img, staged, { canRetry: false, inputWork: checks?.work });
  span('guard');
  const { image } = await encodeCheckedDelivery(img, r.output, r.plan, {
    mark: task.watermark,
    photoBorders: checks?.borders ?? borderRuns(img),
    consumeInput: !kept,
    scratch,
  });
  if (canvas && scratch) giveBack(canvas, scratch);
  span('delivery');
  const thumbnail = await thumbnailOf(image);
  span('thumbnail');
  return {
    image,
    thumbnail,
    structureScore: r.structureScore,
    needsReview: r.plan.action === 'flag',
    width: img.width,
    height: img.height,
  };
}
