import type { DbOrTx } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';
import { countHit } from './rate-limit.repo.ts';

// Fixed-window counters in the `rate_limits` table, so every server copy sees the same counts. One
// atomic upsert per hit: no read-then-write race between copies. The queries: rate-limit.repo.ts.
export { clear, deleteExpired, unhit } from './rate-limit.repo.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateResult {
  /** False once the count in this window is above the limit. */
  allowed: boolean;
  count: number;
  resetAt: Date;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/** Counts one event against `key` and says whether it is still within the rule. */
export async function hit(db: DbOrTx, key: string, rule: RateRule, now: Date): Promise<RateResult> {
  const row = await countHit(db, key, rule.windowMs, now);
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    resetAt: row.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** "in N minutes" for messages, never 0. */
export const minutesUntil = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Counts one event and refuses it once over the limit: 429 with `Retry-After` and the message for the
 * minutes left (every limit speaks the same way: "Too many …. Please try again in N minutes.").
 */
export async function enforce(
  db: DbOrTx,
  key: string,
  rule: RateRule,
  now: Date,
  message: (minutes: number) => string,
): Promise<RateResult> {
  const r = await hit(db, key, rule, now);
  if (!r.allowed) throw tooManyRequests(message(minutesUntil(r.retryAfterSeconds)), r.retryAfterSeconds);
  return r;
}
