import type { TestCheckoutResult, TestCheckoutSession } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M, returnPath as outcomePath } from '#shared/schemas/billing.ts';
import type { BillingCycle } from '#shared/constants/plans.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findPackage, findPlan } from '../catalog/index.ts';
import { addMonths } from '../credits/index.ts';
import * as repo from './billing.repo.ts';
import { hasLiveSubscription, testCheckoutAllowed } from './billing.service.ts';
import { grantCreditPack, provisionSubscriptionPeriod } from './fulfillment.service.ts';
import { sendReceipts } from './receipts.service.ts';
import { isSessionId, testSubscriptionId } from './test-checkout-provider.ts';

// The built-in checkout page's three calls. Pay runs the same fulfillment functions as the Stripe
// webhook, under the session's row lock, so a second Pay (or a second tab) finds it paid and grants nothing.

const kindOf = (kind: string) => (kind === 'credits' ? 'credits' : 'subscription');
const cancelPath = (kind: string) => outcomePath(kindOf(kind), 'canceled');
const returnPath = (row: repo.TestSessionRow) =>
  row.status === 'paid' ? outcomePath(kindOf(row.kind), 'success', row.id) : cancelPath(row.kind);

/** The owner's session; anyone else (or a disabled test checkout) gets a 404 that reveals nothing. */
async function ownSession(
  ctx: AppContext,
  db: AppContext['db'] | Tx,
  userId: string,
  id: string,
  lock = false,
) {
  if (ctx.billing.kind !== 'test' || !testCheckoutAllowed(ctx.env)) throw notFound(M.testCheckoutDisabled);
  const row = isSessionId(id) ? await repo.findTestSession(db, id, lock) : null;
  if (!row || row.userId !== userId) throw notFound(M.testSessionNotFound);
  return row;
}

export async function getTestSession(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<TestCheckoutSession> {
  const row = await ownSession(ctx, ctx.db, userId, id);
  const credits = row.kind === 'credits';
  const pkg = credits && row.packageId ? await findPackage(ctx.db, row.packageId) : null;
  const plan = !credits && row.planId ? await findPlan(ctx.db, row.planId) : null;
  return {
    id: row.id,
    kind: credits ? 'credits' : 'subscription',
    status: row.status as TestCheckoutSession['status'],
    itemName: pkg?.name ?? plan?.name ?? 'Unknown item',
    billingCycle: (row.billingCycle as BillingCycle | null) ?? null,
    credits: pkg?.credits ?? null,
    amount: Number(row.amount),
    currency: 'usd',
    returnUrl: row.status === 'open' ? cancelPath(row.kind) : returnPath(row),
  };
}

export async function payTestSession(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<TestCheckoutResult> {
  const { result, paymentId } = await payInTransaction(ctx, userId, id);
  await sendReceipts(ctx, [paymentId]);
  return result;
}

async function payInTransaction(ctx: AppContext, userId: string, id: string) {
  return ctx.db.transaction(async (tx) => {
    const done = (r: TestCheckoutResult, paymentId: string | null = null) => ({ result: r, paymentId });
    const row = await ownSession(ctx, tx, userId, id, true);
    if (row.status === 'canceled') throw conflict(M.testSessionClosed);
    if (row.status === 'paid') return done({ status: 'paid' as const, returnUrl: returnPath(row) });
    // Two open plan checkouts paid one after the other must not stack two subscriptions.
    const user = await repo.findBillingUser(tx, userId, true);
    if (row.kind === 'subscription' && user && hasLiveSubscription(user))
      throw conflict(M.activeSubscription);
    const now = ctx.clock();
    const amountCents = Math.round(Number(row.amount) * 100);
    let periodEnd: Date | null = null;
    let fulfilled;
    if (row.kind === 'credits') {
      const pkg = row.packageId ? await findPackage(tx, row.packageId) : null;
      if (!pkg) throw notFound(M.testSessionNotFound);
      fulfilled = await grantCreditPack(tx, {
        userId,
        packageId: pkg.id,
        packageName: pkg.name,
        credits: pkg.credits,
        amountCents,
        currency: 'usd',
        paymentRef: `test_${row.id}`,
        source: 'test_checkout',
        sourceId: row.id,
      });
    } else {
      const plan = row.planId ? await findPlan(tx, row.planId) : null;
      if (!plan) throw notFound(M.testSessionNotFound);
      const billingCycle: BillingCycle = row.billingCycle === 'yearly' ? 'yearly' : 'monthly';
      periodEnd = addMonths(now, billingCycle === 'yearly' ? 12 : 1);
      fulfilled = await provisionSubscriptionPeriod(tx, {
        userId,
        planId: plan.id,
        planName: plan.name,
        subscriptionId: testSubscriptionId(row.id),
        status: 'active',
        paymentRef: `test_${row.id}`,
        amountCents,
        currency: 'usd',
        periodEnd,
        billingCycle,
        now,
      });
    }
    const paid = { ...row, status: 'paid' };
    await repo.updateTestSession(tx, row.id, { status: 'paid', completedAt: now, periodEnd });
    return done({ status: 'paid' as const, returnUrl: returnPath(paid) }, fulfilled.paymentId);
  });
}

export async function cancelTestSession(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<TestCheckoutResult> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownSession(ctx, tx, userId, id, true);
    if (row.status === 'paid') return { status: 'paid' as const, returnUrl: returnPath(row) };
    await repo.updateTestSession(tx, row.id, { status: 'canceled', completedAt: ctx.clock() });
    return { status: 'canceled' as const, returnUrl: cancelPath(row.kind) };
  });
}
