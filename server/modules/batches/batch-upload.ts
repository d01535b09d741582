import fs from 'node:fs/promises';
import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { MAX_BATCH_PHOTOS } from '#shared/schemas/batches.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { UPLOAD_SIZE_ERROR } from '#shared/constants/figures.ts';

/** One photo of a batch, spooled to a temporary file: read when needed, never all at once. */
export interface BatchPhoto {
  read(): Promise<Uint8Array>;
  /** Replaces the spooled upload (with its re-encoded copy, once validated). */
  replace(bytes: Uint8Array): Promise<void>;
}

const NO_PHOTOS = 'Please upload photos (multipart form field "images").';

/**
 * Reads a multipart form with up to MAX_BATCH_PHOTOS `images` files and the text fields, streamed:
 * each photo goes to a private temporary file as it arrives (a batch may be 30 × 10 MB; none is held in
 * memory). Every file is checked here (count, size, not empty) before anything is decoded; a bad one
 * refuses the whole batch and names the photo by its place in the upload. The caller must call
 * `dispose` when done (the route does, in `finally`); on a refusal here nothing is left behind.
 */
export async function readBatchUpload(
  c: Context,
): Promise<{ photos: BatchPhoto[]; fields: Record<string, string>; dispose: () => Promise<void> }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw badRequest(NO_PHOTOS);
  const body = await readMultipart(c, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    spool: true,
    // Photos past the limit, or after one that is already too large, would only be refused: not kept.
    keep: (f, seen) => {
      const images = seen.filter((s) => s.field === 'images');
      return f.field === 'images' && images.length <= MAX_BATCH_PHOTOS && !images.some((s) => s.tooLarge);
    },
  });
  try {
    const files = body.files.filter((f) => f.field === 'images');
    if (files.length === 0) throw badRequest(NO_PHOTOS);
    if (files.length > MAX_BATCH_PHOTOS)
      throw badRequest(`A batch holds at most ${MAX_BATCH_PHOTOS} photos.`);
    for (const [i, file] of files.entries()) {
      if (file.tooLarge) throw new AppError('payload_too_large', `Photo ${i + 1}: ${UPLOAD_SIZE_ERROR}`);
      if (file.size === 0) throw new AppError('unprocessable', `Photo ${i + 1}: The image is empty.`);
    }
    const fields: Record<string, string> = {};
    for (const [k, v] of body.fields) {
      if (Object.hasOwn(fields, k))
        throw badRequest(`The form field "${k.slice(0, 40)}" was sent more than once.`);
      fields[k] = v;
    }
    const photos = files.map((f): BatchPhoto => {
      const file = f.path!;
      return {
        read: async () => new Uint8Array(await fs.readFile(file)),
        replace: (bytes) => fs.writeFile(file, bytes),
      };
    });
    return { photos, fields, dispose: body.dispose };
  } catch (err) {
    await body.dispose();
    throw err;
  }
}
