import type { BillingCycle } from '#shared/constants/plans.ts';
import type { AppContext } from '../../context.ts';
import { findPlan } from '../catalog/index.ts';
import { addMonths } from '../credits/index.ts';
import * as repo from './billing.repo.ts';
import { endSubscription, provisionSubscriptionPeriod } from './fulfillment.service.ts';
import { sendReceipts } from './receipts.service.ts';
import { startPeriodic } from '../../lib/periodic.ts';

// Embedded test checkout only: nothing like Stripe's renewal invoice or customer.subscription.deleted
// arrives when a test subscription's period ends, so this job does what Stripe would: a subscription set
// to cancel ends (the user goes back to free); any other renews for one more period at the price and
// plan its session holds then (a downgrade scheduled for the period end applies here), with a payment
// row and a receipt (no card is charged).

/** Returns how many subscriptions ended or renewed. Each change runs under the user's row lock. */
export async function endExpiredTestSubscriptions(ctx: AppContext): Promise<number> {
  let n = 0;
  const receipts: (string | null)[] = [];
  for (const row of await repo.endedTestSubscriptions(ctx.db, ctx.clock())) {
    const subId = row.subscriptionId;
    const session = row.session;
    if (!subId || !session.periodEnd) continue;
    const oldEnd = session.periodEnd;
    const changed = await ctx.db.transaction(async (tx) => {
      if (session.cancelAtPeriodEnd) return endSubscription(tx, row.userId, subId);
      const plan = session.planId ? await findPlan(tx, session.planId) : null;
      if (!plan) return endSubscription(tx, row.userId, subId);
      const cycle: BillingCycle = session.billingCycle === 'yearly' ? 'yearly' : 'monthly';
      const periodEnd = addMonths(oldEnd, cycle === 'yearly' ? 12 : 1);
      const done = await provisionSubscriptionPeriod(tx, {
        userId: row.userId,
        planId: plan.id,
        planName: plan.name,
        subscriptionId: subId,
        status: 'active',
        // One payment per period: a second copy of the job renewing the same period adds nothing.
        paymentRef: `test_${session.id}_${oldEnd.toISOString()}`,
        amountCents: Math.round(Number(session.amount) * 100),
        currency: 'usd',
        periodEnd,
        billingCycle: cycle,
        now: ctx.clock(),
      });
      await repo.updateTestSession(tx, session.id, { periodEnd });
      receipts.push(done.paymentId);
      return done.applied;
    });
    if (changed) n++;
  }
  await sendReceipts(ctx, receipts);
  return n;
}

export function startTestSubscriptionJob(ctx: AppContext, everyMs = 15 * 60 * 1000): () => void {
  if (ctx.billing.kind !== 'test') return () => {};
  return startPeriodic(ctx.logger, {
    name: 'test subscription job',
    everyMs,
    run: async () => {
      const n = await endExpiredTestSubscriptions(ctx);
      if (n > 0) ctx.logger.info({ count: n }, 'test subscriptions ended or renewed');
    },
  });
}
