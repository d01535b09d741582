import crypto from 'node:crypto';
import type {
  CancelSubscriptionResponse,
  CreditPurchase,
  CreateSubscriptionInput,
  CreateSubscriptionResponse,
  Payment,
} from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M, returnPath, STRIPE_SESSION_PLACEHOLDER } from '#shared/schemas/billing.ts';
import type { AppContext, Clock } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, unavailable } from '../../lib/errors.ts';
import { findPackage, findPlan } from '../catalog/index.ts';
import * as repo from './billing.repo.ts';
import { endSubscription } from './fulfillment.service.ts';
import { isEnded, type CheckoutItem, type PaymentProvider } from './payment-provider.ts';
import { formatDay } from './plan-change-rules.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestCheckoutProvider } from './test-checkout-provider.ts';

/** Stripe when a key is configured, otherwise the embedded test checkout. */
export function createPaymentProvider(env: Env, db: DbOrTx, clock: Clock): PaymentProvider {
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createTestCheckoutProvider(db, clock);
}

/** The test checkout takes no money, so production refuses it unless the operator opts in. */
export const testCheckoutAllowed = (env: Env) => !env.isProduction || env.ALLOW_TEST_CHECKOUT;

const cents = (dollars: string) => Math.round(Number(dollars) * 100);
/** Any linked subscription, also one set to cancel: a new plan is a plan change, never a second subscription. */
export const hasLiveSubscription = (u: repo.BillingUser) => u.stripeSubscriptionId !== null;

/** Same request within the same minute -> same key -> the provider returns the same session (double clicks). */
function idempotencyKey(parts: string[], now: Date) {
  const bucket = Math.floor(now.getTime() / 60_000);
  return crypto
    .createHash('sha256')
    .update([...parts, bucket].join('|'))
    .digest('hex');
}

async function loadUser(ctx: AppContext, userId: string) {
  const user = await repo.findBillingUser(ctx.db, userId);
  if (!user) throw badRequest('Unknown user');
  return user;
}

/** The stored customer, or a new one created once (the idempotency key makes a race create one). */
async function ensureCustomer(ctx: AppContext, user: repo.BillingUser): Promise<string | null> {
  if (!ctx.billing.usesCustomers) return null;
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  const id = await ctx.billing.createCustomer(
    { id: user.id, email: user.email, name },
    `customer:${user.id}`,
  );
  await repo.setCustomerIdIfMissing(ctx.db, user.id, id);
  return (await repo.findBillingUser(ctx.db, user.id))?.stripeCustomerId ?? id;
}

async function startCheckout(
  ctx: AppContext,
  user: repo.BillingUser,
  item: CheckoutItem,
): Promise<{ url: string }> {
  if (ctx.billing.kind === 'test' && !testCheckoutAllowed(ctx.env)) throw unavailable(M.paymentsUnavailable);
  const base = ctx.env.APP_URL;
  const itemId = item.kind === 'subscription' ? `${item.planId}:${item.billingCycle}` : item.packageId;
  const session = await ctx.billing.createCheckoutSession({
    userId: user.id,
    email: user.email,
    customerId: await ensureCustomer(ctx, user),
    item,
    successUrl: `${base}${returnPath(item.kind, 'success', STRIPE_SESSION_PLACEHOLDER)}`,
    cancelUrl: `${base}${returnPath(item.kind, 'canceled')}`,
    idempotencyKey: idempotencyKey(
      ['checkout', user.id, item.kind, itemId, String(item.amountCents)],
      ctx.clock(),
    ),
  });
  return { url: session.url };
}

/**
 * Free: a paid plan ends at its period end (never at once: the paid month is not lost by a click). Paid: a
 * checkout for the plan's price, unless the user already has a subscription (a plan change, decision 0060,
 * never a second subscription).
 */
export async function createSubscription(
  ctx: AppContext,
  userId: string,
  input: CreateSubscriptionInput,
): Promise<CreateSubscriptionResponse> {
  const plan = await findPlan(ctx.db, input.planId);
  if (!plan) throw badRequest(M.unknownPlan);
  if (!plan.isActive) throw badRequest(M.planUnavailable);
  const user = await loadUser(ctx, userId);
  const price = input.billingCycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
  if (price === null) throw badRequest(M.noYearlyPrice);
  if (plan.id === 'free' || cents(price) === 0) return switchToFree(ctx, user, plan.id);
  if (await stillSubscribed(ctx, user)) {
    throw conflict(
      user.subscriptionPlan === plan.id && user.subscriptionStatus === 'active'
        ? M.alreadyOnPlan
        : M.activeSubscription,
    );
  }
  return startCheckout(ctx, user, {
    kind: 'subscription',
    planId: plan.id,
    planName: plan.name,
    billingCycle: input.billingCycle,
    amountCents: cents(price),
  });
}

/**
 * Whether the linked subscription still runs. A link to one the provider has ended (its deleted event
 * lost or not yet arrived) is cleared here, so it cannot block a new checkout.
 */
async function stillSubscribed(ctx: AppContext, user: repo.BillingUser): Promise<boolean> {
  const subId = user.stripeSubscriptionId;
  if (!subId) return false;
  const sub = await ctx.billing.retrieveSubscription(subId);
  if (!isEnded(sub)) return true;
  await ctx.db.transaction((tx) => endSubscription(tx, user.id, subId));
  return false;
}

/** Free while paying: the same as cancelling (the plan runs to its period end). Free already: nothing to do. */
async function switchToFree(ctx: AppContext, user: repo.BillingUser, planId: string) {
  if (!user.stripeSubscriptionId) {
    if (user.subscriptionPlan === planId) throw conflict(M.alreadyOnPlan);
    await repo.updateSubscription(ctx.db, user.id, {
      subscriptionPlan: planId,
      subscriptionStatus: 'active',
    });
    return { message: M.switchedToFree };
  }
  if (user.subscriptionPlan === 'free') throw conflict(M.subscriptionProcessing);
  if (user.subscriptionStatus === 'canceling') return { message: endsMessage(user.subscriptionPeriodEnd) };
  const r = await cancelSubscription(ctx, user.id);
  return { message: endsMessage(r.subscriptionPeriodEnd ? new Date(r.subscriptionPeriodEnd) : null) };
}

const endsMessage = (end: Date | null) =>
  `${M.switchedToFreeAtPeriodEnd} Your paid plan stays active until ${end ? formatDay(end) : 'the end of the billing period'}.`;

export async function purchaseCredits(
  ctx: AppContext,
  userId: string,
  packageId: string,
): Promise<{ url: string }> {
  const pkg = await findPackage(ctx.db, packageId);
  if (!pkg) throw badRequest(M.unknownPackage);
  if (!pkg.isActive) throw badRequest(M.packageUnavailable);
  const user = await loadUser(ctx, userId);
  return startCheckout(ctx, user, {
    kind: 'credits',
    packageId: pkg.id,
    packageName: pkg.name,
    credits: pkg.credits,
    amountCents: cents(pkg.price),
  });
}

/**
 * Stops renewal; the plan stays until the period ends (then customer.subscription.deleted downgrades).
 * Answers with that end, taken from the provider's reply (the truth) or else the stored one.
 */
export async function cancelSubscription(
  ctx: AppContext,
  userId: string,
): Promise<CancelSubscriptionResponse> {
  const user = await loadUser(ctx, userId);
  const subId = user.stripeSubscriptionId;
  if (user.subscriptionPlan === 'free' || !subId) throw badRequest(M.noSubscription);
  const sub = await ctx.billing.cancelAtPeriodEnd(subId);
  const periodEnd = await ctx.db.transaction(async (tx) => {
    const current = await repo.findBillingUser(tx, userId, true);
    if (current?.stripeSubscriptionId !== subId) return null;
    const end = sub.currentPeriodEnd ?? current.subscriptionPeriodEnd;
    await repo.updateSubscription(tx, userId, {
      subscriptionStatus: 'canceling',
      subscriptionPeriodEnd: end,
      subscriptionBillingCycle: sub.billingCycle ?? current.subscriptionBillingCycle,
    });
    return end;
  });
  if (sub.status === 'canceled') {
    await ctx.db.transaction((tx) => endSubscription(tx, userId, subId));
    return { message: M.canceled, subscriptionPeriodEnd: null };
  }
  return { message: M.canceled, subscriptionPeriodEnd: periodEnd?.toISOString() ?? null };
}

/** The deactivation hook: a running subscription stops renewing (throws if the provider fails). */
export async function cancelForDeactivation(ctx: AppContext, userId: string): Promise<void> {
  const user = await loadUser(ctx, userId);
  if (!user.stripeSubscriptionId || user.subscriptionStatus === 'canceling') return;
  await cancelSubscription(ctx, userId);
}

const toIso = (d: Date) => d.toISOString();
const money = (v: string) => Math.round(Number(v) * 100) / 100;

export async function listPayments(ctx: AppContext, userId: string): Promise<Payment[]> {
  return (await repo.listPayments(ctx.db, userId)).map((r) => ({
    ...r,
    amount: money(r.amount),
    createdAt: toIso(r.createdAt),
  }));
}

export async function listCreditPurchases(ctx: AppContext, userId: string): Promise<CreditPurchase[]> {
  return (await repo.listCreditPurchases(ctx.db, userId)).map((r) => ({
    ...r,
    amount: money(r.amount),
    createdAt: toIso(r.createdAt),
  }));
}
