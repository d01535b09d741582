import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

export const ONE_FILE_ONLY = 'Please upload one image at a time.';

/**
 * Reads a multipart form with an `image` file. The body is already capped at 12 MB by the app's body
 * limit; the file itself must be at most 10 MB. The file's name and declared type are ignored: the
 * content is checked by its magic bytes later.
 */
export async function readUpload(c: Context): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('Please upload an image (multipart form field "image").');
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The upload could not be read. Please try again.');
  }
  // Exactly one file: with two, which one was staged (and charged for) would be our guess.
  const files = Object.values(body).flat().filter((v): v is File => v instanceof File);
  if (files.length > 1) throw badRequest(ONE_FILE_ONLY);
  const file = Array.isArray(body.image) ? body.image[0] : body.image;
  if (!(file instanceof File)) throw badRequest('Please upload an image (multipart form field "image").');
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', 'File size must be less than 10MB.');
  if (file.size === 0) throw new AppError('unprocessable', 'The image is empty.');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) throw badRequest(`The form field "${k.slice(0, 40)}" was sent more than once.`);
    if (typeof v === 'string') fields[k] = v;
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}
