// One error type for everything the API reports on purpose. The error handler in app.ts maps it to
// `{ code, message }` (plus `field` for a form field at fault) with its status; anything else becomes a
// 500 that never leaks internals. The codes are listed once, in shared/ (the client decides on them).
import type { ErrorCode } from '#shared/constants/error-codes.ts';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';

export type { ErrorCode };

/** The HTTP status of each code: the one place a code becomes a status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
  usage_limit_exceeded: 403,
  staging_unavailable: 503,
  database_unavailable: 503,
  incorrect_current_password: 400,
  weak_password: 400,
  same_password: 400,
  invalid_token: 400,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** The form field at fault, when one is (an invalid input's first issue). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthorized = (message = 'Unauthorized') => new AppError('unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new AppError('unavailable', message, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});

/** The 403 when a run cannot be paid for (spec wording in shared/constants/staging.ts). */
export const usageLimitExceeded = () => new AppError('usage_limit_exceeded', USAGE_LIMIT_MESSAGE);

/** A stored failure code (a job row's) that is one of the listed codes. */
export const isErrorCode = (code: string | null | undefined): code is ErrorCode =>
  code != null && Object.hasOwn(ERROR_STATUS, code);

/** The body every API error answers with. */
export const errorBody = (code: ErrorCode, message: string, field?: string) =>
  field ? { code, message, field } : { code, message };

/** A framework HTTPException (a malformed request Hono refused itself) as one of the listed codes. */
export function httpExceptionCode(status: number): ErrorCode {
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);
  return code ?? (status >= 500 ? 'internal' : 'bad_request');
}
