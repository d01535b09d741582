import type { TestCheckoutResult, TestCheckoutSession } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M, RETURN_PATHS } from '#shared/schemas/billing.ts';
import type { BillingCycle } from '#shared/constants/plans.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findPackage, findPlan } from '../catalog/catalog.repo.ts';
import { addMonths } from '../usage/credit-rules.ts';
import * as repo from './billing.repo.ts';
import { hasLiveSubscription, testCheckoutAllowed } from './billing.service.ts';
import { grantCreditPack, provisionSubscriptionPeriod } from './fulfillment.service.ts';
import { isSessionId, testSubscriptionId } from './test-checkout-provider.ts';

// The built-in checkout page's three calls. Pay runs the same fulfillment functions as the Stripe
// webhook, under the session's row lock, so a second Pay (or a second tab) finds it paid and grants nothing.

const cancelPath = (kind: string) => (kind === 'credits' ? RETURN_PATHS.credits : '/pricing');
const returnPath = (row: repo.TestSessionRow) =>
  row.status === 'paid' ? RETURN_PATHS[row.kind === 'credits' ? 'credits' : 'subscription'] : cancelPath(row.kind);

/** The owner's session; anyone else (or a disabled test checkout) gets a 404 that reveals nothing. */
async function ownSession(ctx: AppContext, db: AppContext['db'] | Tx, userId: string, id: string, lock = false) {
  if (ctx.billing.kind !== 'test' || !testCheckoutAllowed(ctx.env)) throw notFound(M.testCheckoutDisabled);
  const row = isSessionId(id) ? await repo.findTestSession(db, id, lock) : null;
  if (!row || row.userId !== userId) throw notFound(M.testSessionNotFound);
  return row;
}

export async function getTestSession(ctx: AppContext, userId: string, id: string): Promise<TestCheckoutSession> {
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

export async function payTestSession(ctx: AppContext, userId: string, id: string): Promise<TestCheckoutResult> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownSession(ctx, tx, userId, id, true);
    if (row.status === 'canceled') throw conflict(M.testSessionClosed);
    if (row.status === 'paid') return { status: 'paid' as const, returnUrl: returnPath(row) };
    // Two open plan checkouts paid one after the other must not stack two subscriptions.
    const user = await repo.findBillingUser(tx, userId, true);
    if (row.kind === 'subscription' && user && hasLiveSubscription(user)) throw conflict(M.activeSubscription);
    const now = ctx.clock();
    const amountCents = Math.round(Number(row.amount) * 100);
    let periodEnd: Date | null = null;
    if (row.kind === 'credits') {
      const pkg = row.packageId ? await findPackage(tx, row.packageId) : null;
      if (!pkg) throw notFound(M.testSessionNotFound);
      await grantCreditPack(tx, {
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
      if (!row.planId) throw notFound(M.testSessionNotFound);
      const billingCycle: BillingCycle = row.billingCycle === 'yearly' ? 'yearly' : 'monthly';
      periodEnd = addMonths(now, billingCycle === 'yearly' ? 12 : 1);
      await provisionSubscriptionPeriod(tx, {
        userId,
        planId: row.planId,
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
    return { status: 'paid' as const, returnUrl: returnPath(paid) };
  });
}

export async function cancelTestSession(ctx: AppContext, userId: string, id: string): Promise<TestCheckoutResult> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownSession(ctx, tx, userId, id, true);
    if (row.status === 'paid') return { status: 'paid' as const, returnUrl: returnPath(row) };
    await repo.updateTestSession(tx, row.id, { status: 'canceled', completedAt: ctx.clock() });
    return { status: 'canceled' as const, returnUrl: cancelPath(row.kind) };
  });
}
