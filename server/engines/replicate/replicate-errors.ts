// Replicate failures as AppErrors: HTTP errors from the SDK (ApiError carries the response), and
// predictions that ended `failed` or `canceled`, whose error text says whether a safety filter fired.
import { AppError, unavailable } from '#server/lib/errors.ts';
import { responseError, safetyBlocked, transportError, withCause } from '#server/engines/remote/errors.ts';
import { CANCELLED_MESSAGE, NO_IMAGE_MESSAGE } from '#server/engines/remote/messages.ts';

const PROVIDER = 'Replicate';
// FLUX models on Replicate report their filter as "NSFW content detected", "flagged as sensitive (E005)".
const SAFETY_TEXT = /nsfw|safety|sensitive|flagged|moderation|E005/i;

/** The SDK's ApiError (a failed HTTP answer) is not exported at runtime; it is known by its shape. */
const isApiError = (err: unknown): err is Error & { response: Response } =>
  err instanceof Error &&
  err.name === 'ApiError' &&
  (err as { response?: unknown }).response instanceof Response;

export function mapReplicateError(err: unknown, signal: AbortSignal | undefined): AppError {
  if (err instanceof AppError) return err;
  if (signal?.aborted) return transportError(PROVIDER, err, signal);
  if (isApiError(err)) return responseError(PROVIDER, err.response.status, err.response.headers);
  if (err instanceof SyntaxError)
    return withCause(
      unavailable('The AI service returned an unreadable answer. Please try again.'),
      'Replicate sent a non-JSON body',
    );
  return transportError(PROVIDER, err, signal);
}

export function predictionFailed(status: 'failed' | 'canceled', error: unknown): AppError {
  const text = typeof error === 'string' ? error : JSON.stringify(error ?? '');
  if (status === 'canceled')
    return withCause(unavailable(CANCELLED_MESSAGE), 'Replicate prediction canceled');
  if (SAFETY_TEXT.test(text)) return safetyBlocked('Replicate prediction failed: safety filter');
  // The model ran and produced nothing usable; another attempt usually works.
  return withCause(new AppError('unprocessable', NO_IMAGE_MESSAGE), 'Replicate prediction failed');
}
