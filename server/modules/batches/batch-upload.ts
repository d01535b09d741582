import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { MAX_BATCH_PHOTOS } from '#shared/schemas/batches.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * Reads a multipart form with up to MAX_BATCH_PHOTOS `images` files and the text fields. Every file is
 * checked here (size, not empty) before anything is decoded; a bad one refuses the whole batch and
 * names the photo by its place in the upload.
 */
export async function readBatchUpload(c: Context): Promise<{ photos: Uint8Array[]; fields: Record<string, string> }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('Please upload photos (multipart form field "images").');
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The upload could not be read. Please try again.');
  }
  const raw = body.images;
  const files = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((f): f is File => f instanceof File);
  if (files.length === 0) throw badRequest('Please upload photos (multipart form field "images").');
  if (files.length > MAX_BATCH_PHOTOS) throw badRequest(`A batch holds at most ${MAX_BATCH_PHOTOS} photos.`);
  for (const [i, file] of files.entries()) {
    if (file.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', `Photo ${i + 1}: File size must be less than 10MB.`);
    if (file.size === 0) throw new AppError('unprocessable', `Photo ${i + 1}: The image is empty.`);
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v;
  return { photos: await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer()))), fields };
}
