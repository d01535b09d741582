// HTTP and transport failures of any remote engine, as AppErrors a user can read. Provider text is
// never passed on (it can quote the request, and the request carries the key); the log-safe cause
// names the provider, the status and the provider's error code only.
import { STAGING_UNAVAILABLE_MESSAGE, STAGING_UNAVAILABLE_RETRY_AFTER_S } from '#shared/constants/staging.ts';
import { AppError, unavailable } from '#server/lib/errors.ts';
import {
  BUSY_MESSAGE,
  CANCELLED_MESSAGE,
  DOWN_MESSAGE,
  MISCONFIGURED_MESSAGE,
  SAFETY_MESSAGE,
  TIMEOUT_MESSAGE,
  UNREACHABLE_MESSAGE,
} from './messages.ts';

export const DEFAULT_RETRY_AFTER_S = 60;
const MAX_RETRY_AFTER_S = 3600;

export function withCause<E extends AppError>(err: E, cause: string): E {
  err.cause = new Error(cause);
  return err;
}

/** Retry-After as seconds (a number or an HTTP date); `retry-after-ms` (OpenAI) wins when present. */
export function retryAfterSeconds(
  get: (name: string) => string | null | undefined,
  now = Date.now(),
): number {
  const ms = Number(get('retry-after-ms'));
  if (get('retry-after-ms') && Number.isFinite(ms) && ms > 0) return clampSeconds(ms / 1000);
  const value = get('retry-after')?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_S;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? clampSeconds(seconds) : DEFAULT_RETRY_AFTER_S;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_S : clampSeconds((date - now) / 1000);
}

const clampSeconds = (s: number) => Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(s)));

/**
 * The provider refused our configuration (model, key, account, parameters), not the agent's photo:
 * waiting does not help, an operator has to act. The agent reads the plain unavailable sentence; the
 * operator reads `operatorMessage` in the log and the admin console's engine health.
 */
export class EngineConfigError extends AppError {
  constructor(
    /** Log-safe: the provider, the HTTP status and the provider's own error code. */
    readonly providerCode: string,
    readonly operatorMessage: string,
    /** The configured model is unknown to the provider (retired or misspelt): the engine is unusable. */
    readonly modelMissing = false,
  ) {
    super('staging_unavailable', STAGING_UNAVAILABLE_MESSAGE, {
      'Retry-After': String(STAGING_UNAVAILABLE_RETRY_AFTER_S),
    });
    this.cause = new Error(`${providerCode}: ${operatorMessage}`);
  }
}

/** What an operator is told for each refusal that is our configuration's fault. */
export const OPERATOR = {
  model:
    'the configured model does not exist or was shut down; set it to a current model (README, "Provider models")',
  parameter: 'the model refused a parameter we sent; see the README\'s "Provider models" table',
  key: 'the API key or token was refused; check it',
  forbidden: 'the account may not use this model (for OpenAI GPT Image: verify the organisation)',
  credit: 'the account has no credit or quota left; add billing with the provider',
  freeTier:
    'the key is on the free tier, which has no quota (limit: 0) for this model; enable billing on its project',
  input: 'the model refused our input; the configured model does not take an image to edit',
  other: 'the provider refused our request',
} as const;

/** The provider code as a log-safe string: `OpenAI HTTP 404 model_not_found`. */
export const providerCode = (provider: string, status: number, code?: string | null) =>
  `${provider} HTTP ${status}${code ? ` ${code}` : ''}`;

/** A 4xx that is our configuration's fault, by status (the provider's code refines it where known). */
export function configError(provider: string, status: number, code?: string | null): EngineConfigError {
  const pc = providerCode(provider, status, code);
  if (status === 404 || code === 'model_not_found') return new EngineConfigError(pc, OPERATOR.model, true);
  if (status === 401) return new EngineConfigError(pc, OPERATOR.key);
  if (status === 402) return new EngineConfigError(pc, OPERATOR.credit);
  if (status === 403) return new EngineConfigError(pc, OPERATOR.forbidden);
  if (status === 422) return new EngineConfigError(pc, OPERATOR.input);
  if (status === 400 && code && /^(invalid_|unsupported_|unknown_parameter)/.test(code))
    return new EngineConfigError(pc, OPERATOR.parameter);
  return new EngineConfigError(pc, OPERATOR.other);
}

export const safetyBlocked = (cause: string) =>
  withCause(new AppError('unprocessable', SAFETY_MESSAGE), cause);

/** A non-2xx answer. 4xx other than 408/429 are our configuration, not the user's photo. */
export function statusError(
  provider: string,
  status: number,
  retryAfter: number,
  code?: string | null,
): AppError {
  const cause = providerCode(provider, status, code);
  if (status === 429) return withCause(unavailable(BUSY_MESSAGE, retryAfter), cause);
  if (status === 408 || status === 504) return withCause(unavailable(TIMEOUT_MESSAGE, 30), cause);
  if (status >= 500) return withCause(unavailable(DOWN_MESSAGE, 30), cause);
  return configError(provider, status, code);
}

/** A non-2xx answer whose headers say when to retry (Retry-After, or OpenAI's retry-after-ms). */
export const responseError = (
  provider: string,
  status: number,
  headers: { get(name: string): string | null } | undefined,
  code?: string | null,
): AppError =>
  statusError(
    provider,
    status,
    retryAfterSeconds((n) => headers?.get(n)),
    code,
  );

const isAbort = (err: unknown) =>
  err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');

/**
 * A call that failed before an HTTP answer arrived. `callerSignal` tells a caller's cancel apart
 * from our own timeout: fetch reports both as an AbortError.
 */
export function transportError(
  provider: string,
  err: unknown,
  callerSignal: AbortSignal | undefined,
): AppError {
  if (err instanceof AppError) return err;
  if (callerSignal?.aborted) {
    const reason: unknown = callerSignal.reason;
    return reason instanceof AppError ? reason : unavailable(CANCELLED_MESSAGE);
  }
  if (isAbort(err)) return withCause(unavailable(TIMEOUT_MESSAGE, 30), `${provider} timed out`);
  // fetch reports refused connections, DNS and TLS failures as TypeError('fetch failed').
  if (err instanceof TypeError)
    return withCause(unavailable(UNREACHABLE_MESSAGE, 30), `${provider} unreachable`);
  return withCause(new AppError('internal', MISCONFIGURED_MESSAGE), `Unexpected ${provider} client failure`);
}

/** Throws the caller's reason (or a cancel) before any network call when the signal is already aborted. */
export function throwIfCancelled(provider: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw transportError(provider, signal.reason, signal);
}
