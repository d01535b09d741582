import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';

// Fixed-window counters in the `rate_limits` table, so every server copy sees the same counts. One
// atomic upsert per hit: no read-then-write race between copies.

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
  const nowIso = now.toISOString();
  const resetIso = new Date(now.getTime() + rule.windowMs).toISOString();
  // An expired window restarts at 1 with a new reset time; a live one just counts up.
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(resetIso) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0];
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    resetAt: row.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Takes one event back (e.g. an attempt that turned out to succeed). */
export async function unhit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets every event of `key`. */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Housekeeping: drops windows that ended before `now`. */
export async function deleteExpired(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  return rows.length;
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
