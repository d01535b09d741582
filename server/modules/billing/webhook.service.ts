import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findPackage, findPlan } from '../catalog/index.ts';
import * as repo from './billing.repo.ts';
import { cancelDuplicates } from './duplicate-subscription.ts';
import * as fulfil from './fulfillment.service.ts';
import { isEnded, type SubscriptionInfo, type WebhookEvent } from './payment-provider.ts';
import { sendReceipts } from './receipts.service.ts';

// Stripe events -> fulfillment. Provider reads (re-reading a subscription, an invoice's hosted page) happen
// BEFORE the database transaction, so no network call holds a row lock. The event id is inserted first
// inside the same transaction as the effects: a replay or a concurrent second delivery finds it and does
// nothing. Receipts and the cancelling of a duplicate subscription follow the commit.

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** An expandable Stripe field: an id string or an object with an id. */
const ref = (v: unknown) => str(v) ?? str(obj(v).id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our user ids are UUIDs; anything else in a reference is not ours (and would fail the uuid column). */
const userIdOf = (v: unknown) => {
  const s = str(v);
  return s && UUID.test(s) ? s : null;
};

/** The user's status for a live subscription. */
export function userStatusFor(s: SubscriptionInfo): string {
  if (s.status === 'active' || s.status === 'trialing') return s.cancelAtPeriodEnd ? 'canceling' : 'active';
  return s.status;
}

/** The subscription an invoice belongs to (API 2025-03-31+: under parent.subscription_details). */
const invoiceSubscriptionId = (invoice: Obj) =>
  ref(obj(obj(invoice.parent).subscription_details).subscription) ?? ref(invoice.subscription);
/** The plan an invoice billed: the subscription's metadata as it was when the invoice was made. */
const invoicePlanId = (invoice: Obj) =>
  str(obj(obj(obj(invoice.parent).subscription_details).metadata).planId);

interface Prepared {
  /** The subscription the event is about, re-read from the provider (event order is not trusted). */
  sub: SubscriptionInfo | null;
  /** Whether the user already has ANOTHER subscription that is still running (a second one is a duplicate). */
  otherLive: boolean;
  invoiceUrl: string | null;
}

/** The subscription id an event is about, if any. */
function subscriptionIdOf(e: WebhookEvent): string | null {
  const o = e.object;
  if (e.type === 'invoice.paid' || e.type === 'invoice.payment_failed') return invoiceSubscriptionId(o);
  if (e.type === 'customer.subscription.updated' || e.type === 'customer.subscription.deleted')
    return str(o.id);
  if (e.type.startsWith('checkout.session.') && o.mode === 'subscription') return ref(o.subscription);
  return null;
}

async function prepare(ctx: AppContext, e: WebhookEvent): Promise<Prepared> {
  const subId = subscriptionIdOf(e);
  const sub = subId ? await ctx.billing.retrieveSubscription(subId) : null;
  let otherLive = false;
  const userId = userIdOf(e.object.client_reference_id) ?? userIdOf(sub?.userId);
  if (sub && userId && (e.type === 'invoice.paid' || e.type.startsWith('checkout.session.'))) {
    const linked = (await repo.findBillingUser(ctx.db, userId))?.stripeSubscriptionId;
    if (linked && linked !== sub.id) otherLive = !isEnded(await ctx.billing.retrieveSubscription(linked));
  }
  const invoiceId =
    e.type.startsWith('checkout.session.') && e.object.mode === 'payment' ? ref(e.object.invoice) : null;
  let invoiceUrl: string | null = null;
  if (invoiceId) {
    // Only a link on the receipt: without it the credits are still granted.
    invoiceUrl = await ctx.billing.invoiceUrl(invoiceId).catch((err: unknown) => {
      ctx.logger.warn({ err, invoice: invoiceId }, 'could not read the hosted invoice url');
      return null;
    });
  }
  return { sub, otherLive, invoiceUrl };
}

interface Effects {
  receipts: (string | null)[];
  duplicates: { subscriptionId: string; userId: string }[];
}

/** Verified event in, effects applied once. Returns false for a replay. */
export async function processWebhookEvent(ctx: AppContext, e: WebhookEvent): Promise<boolean> {
  const prepared = await prepare(ctx, e);
  const effects: Effects = { receipts: [], duplicates: [] };
  const applied = await ctx.db.transaction(async (tx) => {
    if (!(await repo.recordStripeEvent(tx, e.id, e.type))) return false;
    await apply(ctx, tx, e, prepared, effects);
    return true;
  });
  await sendReceipts(ctx, effects.receipts);
  await cancelDuplicates(ctx, effects.duplicates);
  return applied;
}

async function apply(ctx: AppContext, tx: Tx, e: WebhookEvent, p: Prepared, fx: Effects) {
  const o = e.object;
  switch (e.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutSession(ctx, tx, o, p, fx);
    case 'invoice.paid':
      return p.sub && invoicePaid(ctx, tx, o, p, fx);
    case 'invoice.payment_failed':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      // The status comes from the re-read: a payment_failed that arrives after a later success says nothing.
      return p.sub && subscriptionChanged(tx, p.sub);
    default:
      return; // Recorded, nothing else to do.
  }
}

async function checkoutSession(ctx: AppContext, tx: Tx, s: Obj, p: Prepared, fx: Effects) {
  const meta = obj(s.metadata);
  const raw = s.client_reference_id ?? meta.userId;
  const userId = userIdOf(s.client_reference_id) ?? userIdOf(meta.userId);
  // Answered 200 (recorded): Stripe would otherwise retry a session that can never be ours for days.
  if (!userId)
    return ctx.logger.warn(
      { session: s.id, reference: raw ?? null },
      'checkout session without a valid user reference',
    );
  const user = await repo.findBillingUser(tx, userId, true);
  if (!user) {
    return ctx.logger.error(
      { session: s.id, userId, amount: num(s.amount_total), mode: s.mode },
      'checkout session for an unknown user: fulfilment dropped',
    );
  }
  if (s.mode === 'subscription') {
    const sub = p.sub;
    // Re-read: a subscription that has already ended (its deleted event came first) is not linked.
    if (!sub || isEnded(sub)) return;
    if (p.otherLive) return fx.duplicates.push({ subscriptionId: sub.id, userId });
    await fulfil.linkSubscription(tx, userId, sub.id, ref(s.customer));
    return;
  }
  // Bank debits and the like complete unpaid and succeed later (async_payment_succeeded).
  if (s.mode !== 'payment' || meta.kind !== 'credits' || s.payment_status !== 'paid') return;
  const packageId = str(meta.packageId);
  const pkg = packageId ? await findPackage(tx, packageId) : null;
  if (!pkg)
    return ctx.logger.error({ session: s.id, packageId }, 'paid checkout for an unknown credit package');
  const sessionId = str(s.id) ?? '';
  const done = await fulfil.grantCreditPack(tx, {
    userId,
    packageId: pkg.id,
    packageName: pkg.name,
    credits: pkg.credits,
    amountCents: num(s.amount_total),
    currency: str(s.currency) ?? 'usd',
    paymentRef: ref(s.payment_intent) ?? sessionId,
    source: 'stripe_checkout',
    sourceId: sessionId,
    invoiceUrl: p.invoiceUrl,
  });
  fx.receipts.push(done.paymentId);
}

async function invoicePaid(ctx: AppContext, tx: Tx, invoice: Obj, p: Prepared, fx: Effects) {
  const sub = p.sub!;
  // The re-read subscription is the truth: a late invoice.paid for an ended one grants nothing.
  if (isEnded(sub)) return;
  const userId =
    userIdOf(sub.userId) ?? (sub.customerId ? await repo.findUserIdByCustomer(tx, sub.customerId) : null);
  if (!userId) {
    return ctx.logger.error(
      { subscription: sub.id, invoice: invoice.id, amount: num(invoice.amount_paid) },
      'paid invoice for an unknown user: fulfilment dropped',
    );
  }
  const user = await repo.findBillingUser(tx, userId, true);
  if (!user) {
    return ctx.logger.error(
      { subscription: sub.id, invoice: invoice.id, userId },
      'paid invoice for an unknown user: fulfilment dropped',
    );
  }
  const other = user.stripeSubscriptionId !== null && user.stripeSubscriptionId !== sub.id;
  // A subscription set to end that the user has already left provisions nothing.
  if (other && sub.cancelAtPeriodEnd) return;
  // A second running subscription must not overwrite the first: it is cancelled and refunded.
  if (other && p.otherLive) return fx.duplicates.push({ subscriptionId: sub.id, userId });
  const planId = invoicePlanId(invoice) ?? sub.planId;
  const plan = planId ? await findPlan(tx, planId) : null;
  if (!plan) return ctx.logger.error({ subscription: sub.id, planId }, 'paid invoice for an unknown plan');
  const paid = {
    ref: str(invoice.id) ?? '',
    amountCents: num(invoice.amount_paid),
    currency: str(invoice.currency) ?? 'usd',
    url: str(invoice.hosted_invoice_url),
  };
  if (invoice.billing_reason === 'subscription_update') {
    // An upgrade's prorated invoice: the plan changes, the period and usage do not.
    if (other || user.subscriptionPlan === 'free') return;
    const from = await findPlan(tx, user.subscriptionPlan);
    const done = await fulfil.applyUpgrade(tx, {
      userId,
      subscriptionId: sub.id,
      planId: plan.id,
      fromPlanName: from?.id === plan.id ? '' : (from?.name ?? user.subscriptionPlan),
      toPlanName: plan.name,
      periodEnd: sub.currentPeriodEnd,
      billingCycle: sub.billingCycle,
      invoice: paid,
    });
    fx.receipts.push(done.paymentId);
    return;
  }
  const done = await fulfil.provisionSubscriptionPeriod(tx, {
    userId,
    planId: plan.id,
    planName: plan.name,
    subscriptionId: sub.id,
    status: sub.cancelAtPeriodEnd ? 'canceling' : 'active',
    paymentRef: paid.ref,
    amountCents: paid.amountCents,
    currency: paid.currency,
    periodEnd: sub.currentPeriodEnd,
    billingCycle: sub.billingCycle,
    now: ctx.clock(),
    invoiceUrl: paid.url,
  });
  fx.receipts.push(done.paymentId);
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
