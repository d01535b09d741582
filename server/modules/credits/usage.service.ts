import type { Usage } from '#shared/schemas/staging.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { addMonths, dueReset } from './billing-period.ts';
import { dueForReset, readAccount, resetUsage, type AccountRow } from './account.repo.ts';

/** Applies a due monthly reset to an account row already read (and, in a charge, locked). */
export async function resetIfDue(db: DbOrTx, account: AccountRow, now: Date): Promise<AccountRow> {
  const due = dueReset(account.usageResetDate, now);
  if (!due) return account;
  await resetUsage(db, account.id, due.nextResetDate);
  return { ...account, monthlyUsage: 0, usageResetDate: due.nextResetDate };
}

export async function getUsage(ctx: AppContext, userId: string): Promise<Usage> {
  const account = await ctx.db.transaction(async (tx) => {
    const a = await readAccount(tx, userId, true);
    if (!a) throw unauthorized();
    return resetIfDue(tx, a, ctx.clock());
  });
  return {
    usage: account.monthlyUsage,
    limit: account.limit,
    credits: account.creditsBalance,
    subscriptionPlan: account.subscriptionPlan,
    subscriptionStatus: account.subscriptionStatus,
    usageResetDate: account.usageResetDate?.toISOString() ?? null,
    subscriptionPeriodEnd: account.subscriptionPeriodEnd?.toISOString() ?? null,
    subscriptionBillingCycle: account.subscriptionBillingCycle,
    subscriptionPendingPlan: account.subscriptionPendingPlan,
  };
}

/** The periodic job: resets every account whose date has passed, in batches, each under its row lock. */
export async function resetAllDue(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock();
    const batch = await dueForReset(ctx.db, now, 200);
    for (const { id } of batch) {
      await ctx.db.transaction(async (tx) => {
        const a = await readAccount(tx, id, true);
        if (a) await resetIfDue(tx, a, now);
      });
    }
    total += batch.length;
    if (batch.length < 200) return total;
  }
}

/**
 * A newly paid subscription period starts a fresh allowance: usage back to 0, and the next reset a
 * month ahead, or at the end of the paid period when that comes first.
 */
export async function startAllowancePeriod(
  db: DbOrTx,
  userId: string,
  now: Date,
  periodEnd: Date | null,
): Promise<void> {
  const monthAhead = addMonths(now, 1);
  const resetDate = periodEnd && periodEnd.getTime() < monthAhead.getTime() ? periodEnd : monthAhead;
  await resetUsage(db, userId, resetDate);
}
