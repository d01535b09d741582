import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES } from '#shared/constants/staging.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { UPLOAD_SIZE_ERROR } from '#shared/constants/figures.ts';

export const ONE_FILE_ONLY = 'Please upload one image at a time.';
const NO_IMAGE = 'Please upload an image (multipart form field "image").';

/**
 * Reads a multipart form with an `image` file, streamed (see server/lib/multipart.ts). The body is
 * already capped at 12 MB by the request guards; the file itself must be at most 10 MB, and only that
 * much of it is ever held. The file's name and declared type are ignored: the content is checked by
 * its magic bytes later.
 */
export async function readUpload(c: Context): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw badRequest(NO_IMAGE);
  // Only the first file is kept, and only if it is the `image`: a second one is refused anyway.
  const body = await readMultipart(c, {
    maxFileBytes: MAX_UPLOAD_BYTES,
    keep: (f, seen) => seen.length === 1 && f.field === 'image',
  });
  await body.dispose();
  // Exactly one file: with two, which one was staged (and charged for) would be our guess.
  if (body.files.length > 1) throw badRequest(ONE_FILE_ONLY);
  const names = body.fields.map(([k]) => k);
  const file = body.files[0];
  if (!file?.bytes || names.includes('image')) throw badRequest(NO_IMAGE);
  if (file.tooLarge) throw new AppError('payload_too_large', UPLOAD_SIZE_ERROR);
  if (file.size === 0) throw new AppError('unprocessable', 'The image is empty.');
  const fields: Record<string, string> = {};
  for (const [k, v] of body.fields) {
    if (Object.hasOwn(fields, k))
      throw badRequest(`The form field "${k.slice(0, 40)}" was sent more than once.`);
    fields[k] = v;
  }
  return { bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), fields };
}
