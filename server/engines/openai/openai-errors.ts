// OpenAI SDK failures as AppErrors. The SDK's own retries are off (maxRetries 0): we decide on retries.
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, unavailable } from '#server/lib/errors.ts';
import {
  EngineConfigError,
  OPERATOR,
  providerCode,
  responseError,
  safetyBlocked,
  transportError,
  withCause,
} from '#server/engines/remote/errors.ts';
import { CANCELLED_MESSAGE, TIMEOUT_MESSAGE } from '#server/engines/remote/messages.ts';

const PROVIDER = 'OpenAI';
// Image edits refused by the moderation system come back as 400 with one of these codes.
const SAFETY_CODES = new Set([
  'moderation_blocked',
  'content_policy_violation',
  'image_generation_user_error',
]);

export function mapOpenAIError(err: unknown, signal: AbortSignal | undefined): AppError {
  if (err instanceof AppError) return err;
  if (signal?.aborted) return transportError(PROVIDER, err, signal);
  if (err instanceof APIUserAbortError) return unavailable(CANCELLED_MESSAGE);
  if (err instanceof APIConnectionTimeoutError)
    return withCause(unavailable(TIMEOUT_MESSAGE, 30), 'OpenAI timed out');
  if (err instanceof APIError && typeof err.status === 'number') {
    const code = typeof err.code === 'string' ? err.code : null;
    if (code && SAFETY_CODES.has(code)) return safetyBlocked(`OpenAI HTTP ${err.status} ${code}`);
    // An exhausted quota is a 429 too, but no amount of waiting fixes it: it is the operator's account.
    if (err.status === 429 && code === 'insufficient_quota') {
      return new EngineConfigError(providerCode(PROVIDER, 429, code), OPERATOR.credit);
    }
    return responseError(PROVIDER, err.status, err.headers as Headers | undefined, code);
  }
  // APIConnectionError wraps fetch's TypeError; anything else is unexpected.
  if (err instanceof APIError) return transportError(PROVIDER, new TypeError('fetch failed'), signal);
  return transportError(PROVIDER, err, signal);
}
