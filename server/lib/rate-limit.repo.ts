// The `rate_limits` table's queries. The table is infrastructure owned by server/lib (no module owns
// it), so its repo lives here, named *.repo.ts like every other file allowed to query (decision 0195).
import { eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** One atomic upsert per hit: an expired window restarts at 1 with a new reset time, a live one counts up. */
export async function countHit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const nowIso = now.toISOString();
  const resetIso = new Date(now.getTime() + windowMs).toISOString();
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
  return row;
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
