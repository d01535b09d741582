import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_REQUEST_BYTES } from '#shared/constants/staging.ts';
import { MAX_BATCH_PHOTOS } from '#shared/schemas/batches.ts';
import { AppError, errorBody, forbidden } from './errors.ts';
import { limitStreamedBody } from './multipart.ts';
import { MAX_UPLOAD_LABEL, UPLOAD_SIZE_ERROR } from '#shared/constants/figures.ts';

// What an /api request may carry, checked before any route reads it:
// - JSON routes take at most 64 KB (the largest real body, a registration, is under 2 KB), so nobody
//   can make us buffer and parse megabytes without an account; only the image uploads take 12 MB
//   (a batch: 30 photos' worth), and those are streamed, never buffered whole.
// - A body must say what it is: `application/json` on JSON routes, multipart on uploads. Browsers send
//   cross-site `text/plain` forms without a preflight; they are never parsed as JSON.
// - A state-changing request from a browser carries `Origin`; when present it must be our APP_URL.

export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Stripe's event payloads can be large (an invoice with many lines); still bounded. */
export const WEBHOOK_BODY_MAX_BYTES = 1024 * 1024;

/** Routes that take a multipart image upload. */
export const UPLOAD_PATHS = new Set([
  '/api/identify-room',
  '/api/placement-check',
  '/api/furnish-area',
  '/api/check-existing-transformations',
  '/api/transform-room',
  '/api/batches',
]);
/** A batch carries up to MAX_BATCH_PHOTOS photos of at most 10 MB each (each is checked again). */
const BATCH_PATH = '/api/batches';
/** Called by Stripe's servers (no Origin; authenticated by its signature). */
export const WEBHOOK_PATHS = new Set(['/api/stripe/webhook']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const JSON_TOO_LARGE = 'Request body is too large.';
export const JSON_ONLY = 'Request body must be JSON (Content-Type: application/json).';
export const UPLOAD_TOO_LARGE = UPLOAD_SIZE_ERROR;
export const BATCH_TOO_LARGE = `A batch holds at most ${MAX_BATCH_PHOTOS} photos of less than ${MAX_UPLOAD_LABEL} each.`;

/**
 * Per-route body size, refused before anything is buffered. JSON and webhook bodies are small and read
 * whole by their routes. Upload bodies are never buffered here: they are read as a stream by the upload
 * reader (server/lib/multipart.ts), so a declared Content-Length over the limit is refused at once and
 * a body without one (chunked) is counted as it streams; the reader then answers the same 413.
 */
export function bodyLimits(): MiddlewareHandler {
  const upload = streamedLimit(MAX_REQUEST_BYTES, UPLOAD_TOO_LARGE);
  const webhook = bodyLimit({
    maxSize: WEBHOOK_BODY_MAX_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', JSON_TOO_LARGE), 413),
  });
  const batch = streamedLimit(MAX_BATCH_PHOTOS * MAX_REQUEST_BYTES, BATCH_TOO_LARGE);
  const json = bodyLimit({
    maxSize: JSON_BODY_MAX_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', JSON_TOO_LARGE), 413),
  });
  return (c, next) => {
    const path = c.req.path;
    if (path === BATCH_PATH && c.req.method === 'POST') return batch(c, next);
    if (UPLOAD_PATHS.has(path)) return upload(c, next);
    if (WEBHOOK_PATHS.has(path)) return webhook(c, next);
    return json(c, next);
  };
}

function streamedLimit(maxSize: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxSize)
      return c.json(errorBody('payload_too_large', message), 413);
    // Counted by the upload reader as the body streams (the body is not touched here: wrapping it in a
    // Fetch-API stream would cost a copy of every chunk).
    limitStreamedBody(c.req.raw, maxSize, message);
    return next();
  };
}

const hasBody = (contentLength: string | undefined, transferEncoding: string | undefined) =>
  (contentLength !== undefined && contentLength !== '0') || transferEncoding !== undefined;

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** 415 for a body that is not JSON on a JSON route. Uploads are checked by their own reader. */
export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (SAFE_METHODS.has(c.req.method) || UPLOAD_PATHS.has(path) || WEBHOOK_PATHS.has(path)) return next();
    if (!hasBody(c.req.header('content-length'), c.req.header('transfer-encoding'))) return next();
    if (mediaType(c.req.header('content-type')) !== 'application/json') {
      throw new AppError('unsupported_media_type', JSON_ONLY);
    }
    return next();
  };
}

/**
 * 403 when a state-changing request names an origin that is not ours. Absent Origin is allowed: servers,
 * scripts and some same-origin navigations send none, and the CSRF header check still applies.
 */
export function sameOrigin(appUrl: string): MiddlewareHandler {
  const ours = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || WEBHOOK_PATHS.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== ours) throw forbidden();
    return next();
  };
}
