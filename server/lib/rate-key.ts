import crypto from 'node:crypto';

// Rate-limit and lockout counters are keyed by e-mail addresses, account ids and client IPs. The
// `rate_limits` table stores an HMAC of them under SESSION_SECRET instead of the values: a copy of the
// table reveals neither who signed in nor from where, and without the secret a key cannot be confirmed
// by hashing a list of guessed addresses (a plain SHA-256 of an e-mail can).

/** `scope:<32 hex>`; the parts are joined unambiguously before hashing. */
export function rateKey(secret: string, scope: string, ...parts: string[]): string {
  const mac = crypto.createHmac('sha256', secret).update(JSON.stringify(parts)).digest('hex');
  return `${scope}:${mac.slice(0, 32)}`;
}
