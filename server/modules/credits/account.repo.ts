import { eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionPlans, users } from '../../db/schema/index.ts';

const ACCOUNT = {
  id: users.id,
  monthlyUsage: users.monthlyUsage,
  creditsBalance: users.creditsBalance,
  usageResetDate: users.usageResetDate,
  subscriptionPlan: users.subscriptionPlan,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
  subscriptionBillingCycle: users.subscriptionBillingCycle,
  subscriptionPendingPlan: users.subscriptionPendingPlan,
  limit: subscriptionPlans.monthlyTransformations,
};
export type AccountRow = { [K in keyof typeof ACCOUNT]: (typeof ACCOUNT)[K]['_']['data'] };

/** The user's usage and plan limit; `forUpdate` locks the user row for the rest of the transaction. */
export async function readAccount(db: DbOrTx, userId: string, forUpdate = false): Promise<AccountRow | null> {
  const q = db
    .select(ACCOUNT)
    .from(users)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, users.subscriptionPlan))
    .where(eq(users.id, userId));
  const rows = forUpdate ? await q.for('update', { of: users }) : await q;
  return (rows[0] as AccountRow | undefined) ?? null;
}

export async function resetUsage(db: DbOrTx, userId: string, nextResetDate: Date): Promise<void> {
  await db.update(users).set({ monthlyUsage: 0, usageResetDate: nextResetDate }).where(eq(users.id, userId));
}

export async function addUsage(db: DbOrTx, userId: string, delta: 1 | -1): Promise<void> {
  await db
    .update(users)
    .set({ monthlyUsage: sql`greatest(${users.monthlyUsage} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

/** Users whose reset date has passed (or was never set), for the periodic job. */
export const dueForReset = (db: DbOrTx, now: Date, limit: number) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.usageResetDate} is null or ${lte(users.usageResetDate, now)}`)
    .limit(limit);

export interface CreditFigures {
  creditsBalance: number;
  monthlyUsage: number;
}

/**
 * Balance and usage of the given users, in one query (the admin console's user rows show them). Read
 * inside a transaction that holds the user row's lock, they are the figures an audit row records.
 */
export async function creditFiguresOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, CreditFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, creditsBalance: users.creditsBalance, monthlyUsage: users.monthlyUsage })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...figures }) => [id, figures]));
}

/** How many users have credits left (the console's statistics): one aggregate, no rows leave the database. */
export async function usersWithCredits(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(gt(users.creditsBalance, 0));
  return row?.n ?? 0;
}
