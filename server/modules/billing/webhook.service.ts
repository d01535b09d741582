import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findPackage, findPlan } from '../catalog/catalog.repo.ts';
import * as repo from './billing.repo.ts';
import * as fulfil from './fulfillment.service.ts';
import { isEnded, type SubscriptionInfo, type WebhookEvent } from './payment-provider.ts';

// Stripe events -> fulfillment. Provider reads (re-reading a subscription) happen BEFORE the database
// transaction, so no network call holds a row lock. The event id is inserted first inside the same
// transaction as the effects: a replay or a concurrent second delivery finds it and does nothing.

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** An expandable Stripe field: an id string or an object with an id. */
const ref = (v: unknown) => str(v) ?? str(obj(v).id);

/** The user's status for a live subscription. */
export function userStatusFor(s: SubscriptionInfo): string {
  if (s.status === 'active' || s.status === 'trialing') return s.cancelAtPeriodEnd ? 'canceling' : 'active';
  return s.status;
}

/** The subscription an invoice belongs to (API 2025-03-31+: under parent.subscription_details). */
const invoiceSubscriptionId = (invoice: Obj) =>
  ref(obj(obj(invoice.parent).subscription_details).subscription) ?? ref(invoice.subscription);

async function prepare(ctx: AppContext, e: WebhookEvent): Promise<SubscriptionInfo | null> {
  if (e.type === 'invoice.paid') {
    const id = invoiceSubscriptionId(e.object);
    return id ? ctx.billing.retrieveSubscription(id) : null;
  }
  if (e.type === 'customer.subscription.updated' || e.type === 'customer.subscription.deleted') {
    const id = str(e.object.id);
    return id ? ctx.billing.retrieveSubscription(id) : null;
  }
  return null;
}

/** Verified event in, effects applied once. Returns false for a replay. */
export async function processWebhookEvent(ctx: AppContext, e: WebhookEvent): Promise<boolean> {
  const sub = await prepare(ctx, e);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.recordStripeEvent(tx, e.id, e.type))) return false;
    await apply(ctx, tx, e, sub);
    return true;
  });
}

async function apply(ctx: AppContext, tx: Tx, e: WebhookEvent, sub: SubscriptionInfo | null) {
  const o = e.object;
  switch (e.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutSession(ctx, tx, o);
    case 'invoice.paid':
      return sub && invoicePaid(ctx, tx, o, sub);
    case 'invoice.payment_failed': {
      const subId = invoiceSubscriptionId(o);
      const userId = subId && (await repo.findUserIdBySubscription(tx, subId));
      if (subId && userId) await fulfil.setSubscriptionStatus(tx, userId, subId, 'past_due');
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return sub && subscriptionChanged(tx, sub);
    default:
      return; // Recorded, nothing else to do.
  }
}

async function checkoutSession(ctx: AppContext, tx: Tx, s: Obj) {
  const meta = obj(s.metadata);
  const userId = str(s.client_reference_id) ?? str(meta.userId);
  if (!userId) return ctx.logger.warn({ session: s.id }, 'checkout session without a user');
  if (s.mode === 'subscription') {
    const subId = ref(s.subscription);
    if (subId) await fulfil.linkSubscription(tx, userId, subId, ref(s.customer));
    return;
  }
  // Bank debits and the like complete unpaid and succeed later (async_payment_succeeded).
  if (s.mode !== 'payment' || meta.kind !== 'credits' || s.payment_status !== 'paid') return;
  const packageId = str(meta.packageId);
  const pkg = packageId ? await findPackage(tx, packageId) : null;
  if (!pkg) return ctx.logger.error({ session: s.id, packageId }, 'paid checkout for an unknown credit package');
  const sessionId = str(s.id) ?? '';
  await fulfil.grantCreditPack(tx, {
    userId,
    packageId: pkg.id,
    packageName: pkg.name,
    credits: pkg.credits,
    amountCents: num(s.amount_total),
    currency: str(s.currency) ?? 'usd',
    paymentRef: ref(s.payment_intent) ?? sessionId,
    source: 'stripe_checkout',
    sourceId: sessionId,
  });
}

async function invoicePaid(ctx: AppContext, tx: Tx, invoice: Obj, sub: SubscriptionInfo) {
  // The re-read subscription is the truth: a late invoice.paid for an ended one grants nothing.
  if (isEnded(sub)) return;
  const userId = sub.userId ?? (sub.customerId ? await repo.findUserIdByCustomer(tx, sub.customerId) : null);
  if (!userId) return ctx.logger.warn({ subscription: sub.id }, 'paid invoice for an unknown user');
  const user = await repo.findBillingUser(tx, userId, true);
  // A subscription set to end that the user has already left (switched to free) provisions nothing.
  if (!user || (sub.cancelAtPeriodEnd && user.stripeSubscriptionId !== sub.id)) return;
  const plan = sub.planId ? await findPlan(tx, sub.planId) : null;
  if (!plan) return ctx.logger.error({ subscription: sub.id, planId: sub.planId }, 'paid invoice for an unknown plan');
  await fulfil.provisionSubscriptionPeriod(tx, {
    userId,
    planId: plan.id,
    subscriptionId: sub.id,
    status: sub.cancelAtPeriodEnd ? 'canceling' : 'active',
    paymentRef: str(invoice.id) ?? '',
    amountCents: num(invoice.amount_paid),
    currency: str(invoice.currency) ?? 'usd',
    periodEnd: sub.currentPeriodEnd,
    billingCycle: sub.billingCycle,
    now: ctx.clock(),
  });
}

async function subscriptionChanged(tx: Tx, sub: SubscriptionInfo) {
  const userId = await repo.findUserIdBySubscription(tx, sub.id);
  if (!userId) return;
  if (isEnded(sub)) {
    await fulfil.endSubscription(tx, userId, sub.id);
    return;
  }
  const known = { periodEnd: sub.currentPeriodEnd, billingCycle: sub.billingCycle };
  await fulfil.setSubscriptionStatus(tx, userId, sub.id, userStatusFor(sub), known);
}
