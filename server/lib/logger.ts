import pino, { type Logger } from 'pino';

export type { Logger };

// Secrets and personal data never reach the log, whatever a caller passes in.
const REDACT = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: { service: 'roomstage' } });
}

const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;

/**
 * A path as the log may show it: token-like segments (reset links are /reset-password/<token>) masked.
 * Logs are copied, shipped and kept far longer than a link lives.
 */
export const loggablePath = (pathname: string) =>
  pathname
    .split('/')
    .map((seg) => (TOKEN_SEGMENT.test(seg) ? ':token' : seg))
    .join('/');

/** A link as the log may show it: its path only (no host, no query), tokens masked. */
export function loggableLink(link: string): string {
  try {
    return loggablePath(new URL(link).pathname);
  } catch {
    return '(link)';
  }
}
