import type { MiddlewareHandler } from 'hono';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { forbidden } from './errors.ts';

// Cookie sessions are sent with every request the browser makes, including ones another site triggers.
// A custom header cannot be set by a cross-site form or a "simple" cross-origin fetch without a CORS
// preflight (which we never grant), so its presence proves the request came from our own client.
// Sec-Fetch-Site adds a second, browser-enforced check.

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'roomstage';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Called by Stripe's servers, authenticated by its signature instead. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

export function csrfProtection(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    if (c.req.header('Sec-Fetch-Site') === 'cross-site') throw forbidden(AUTH_MESSAGES.csrfRejected);
    if (c.req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE) throw forbidden(AUTH_MESSAGES.csrfRejected);
    return next();
  };
}
