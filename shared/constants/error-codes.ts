// Every code an API error body can carry, `{ "code": …, "message": … }`. The client decides on codes only
// (never on the wording, which the spec owns); the server maps each code to its HTTP status in one place
// (server/lib/errors.ts). A contract test fails if a route answers with a code that is not listed here.
export const ERROR_CODES = [
  // One per kind of answer.
  'bad_request',
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'unavailable',
  'internal',
  // Answers the client treats on their own.
  'usage_limit_exceeded',
  'staging_unavailable',
  'database_unavailable',
  'incorrect_current_password',
  'weak_password',
  'same_password',
  'invalid_token',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
