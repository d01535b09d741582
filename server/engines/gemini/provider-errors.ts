// Everything the provider can do wrong, turned into AppErrors a user can read. Provider messages
// are never passed on: they can quote the request, and the request carries the API key.
import { ApiError } from '@google/genai';
import { AppError, unavailable } from '#server/lib/errors.ts';
import { configError, EngineConfigError, OPERATOR } from '#server/engines/remote/errors.ts';

export const BUSY_MESSAGE = 'The AI service is busy right now. Please try again in a minute.';
export const DOWN_MESSAGE = 'The AI service is temporarily unavailable. Please try again in a few minutes.';
export const TIMEOUT_MESSAGE = 'The AI service took too long to answer. Please try again.';
export const CANCELLED_MESSAGE = 'The request to the AI service was cancelled. Please try again.';
export const UNREACHABLE_MESSAGE = 'The AI service could not be reached. Please try again in a few minutes.';
export const MISCONFIGURED_MESSAGE =
  'The AI service rejected our request. Please try again later or contact support.';
export const SAFETY_MESSAGE =
  'The AI service declined to stage this photo (safety filter). Try a different photo.';
export const NO_IMAGE_MESSAGE = 'The AI service returned no image. Please try again.';
export const BAD_IMAGE_MESSAGE = 'The AI service returned an unreadable image. Please try again.';
export const BAD_ANSWER_MESSAGE = 'The AI service returned an unreadable answer. Please try again.';

const DEFAULT_RETRY_AFTER_S = 60;

interface GoogleErrorBody {
  error?: { status?: string; message?: string; details?: { retryDelay?: string; reason?: string }[] };
}

function parseBody(message: string): GoogleErrorBody {
  try {
    const body: unknown = JSON.parse(message);
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

/** Google puts the back-off in a RetryInfo detail ("17s"), not in a Retry-After header. */
function retryAfterSeconds(body: GoogleErrorBody): number {
  for (const detail of body.error?.details ?? []) {
    const match = /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay ?? '');
    if (match) return Math.max(1, Math.ceil(Number(match[1])));
  }
  return DEFAULT_RETRY_AFTER_S;
}

/** A log-safe cause: the HTTP status and Google's status word, nothing the provider wrote freely. */
function withCause(err: AppError, cause: string): AppError {
  err.cause = new Error(cause);
  return err;
}

const isAbort = (err: unknown) =>
  err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');

/**
 * Maps a failed SDK call. `callerSignal` tells a caller's cancel apart from our own timeout:
 * both surface as the same AbortError from fetch.
 */
export function mapProviderError(err: unknown, callerSignal: AbortSignal | undefined): AppError {
  if (err instanceof AppError) return err;
  if (callerSignal?.aborted) {
    const reason: unknown = callerSignal.reason;
    return reason instanceof AppError ? reason : unavailable(CANCELLED_MESSAGE);
  }
  if (err instanceof ApiError) {
    const body = parseBody(err.message);
    const cause = `Gemini HTTP ${err.status} ${body.error?.status ?? ''}`.trim();
    // A free-tier key has a quota of zero for the image models: no wait ever fixes it.
    if (err.status === 429 && /\blimit: 0\b/.test(body.error?.message ?? ''))
      return new EngineConfigError(`${cause} limit: 0`, OPERATOR.freeTier);
    if (err.status === 429) {
      const seconds = retryAfterSeconds(body);
      return withCause(unavailable(BUSY_MESSAGE, seconds), cause);
    }
    if (err.status === 408 || err.status === 504) return withCause(unavailable(TIMEOUT_MESSAGE, 30), cause);
    if (err.status >= 500) return withCause(unavailable(DOWN_MESSAGE, 30), cause);
    // 400 (bad key, refused parameter), 401, 403, 404 (unknown model): our configuration, not the photo.
    const keyRefused = body.error?.details?.some((d) => d.reason === 'API_KEY_INVALID');
    if (keyRefused) return new EngineConfigError(cause, OPERATOR.key);
    if (err.status === 400) return new EngineConfigError(cause, OPERATOR.parameter);
    return configError('Gemini', err.status, body.error?.status);
  }
  if (isAbort(err)) return unavailable(TIMEOUT_MESSAGE, 30);
  if (err instanceof SyntaxError)
    return withCause(unavailable(BAD_ANSWER_MESSAGE), 'Gemini sent a non-JSON body');
  // fetch reports refused connections, DNS and TLS failures as a TypeError('fetch failed').
  if (err instanceof TypeError) return withCause(unavailable(UNREACHABLE_MESSAGE, 30), 'Gemini unreachable');
  return withCause(new AppError('internal', MISCONFIGURED_MESSAGE), 'Unexpected Gemini client failure');
}
