import type { BillingCycle } from '#shared/constants/plans.ts';
import type { Tx } from '../../db/client.ts';
import { applyCreditChange, startAllowancePeriod } from '../credits/index.ts';
import * as repo from './billing.repo.ts';
import { packDescription, periodDescription, upgradeDescription } from './receipt-text.ts';

// The ONE set of fulfillment functions. The Stripe webhook and the embedded test checkout both call
// these, inside the transaction that also records the event (or closes the test session). Each one is
// idempotent by a unique payment reference, so a replay changes nothing.

const dollars = (cents: number) => (cents / 100).toFixed(2);

export interface CreditPackGrant {
  userId: string;
  packageId: string;
  packageName: string;
  credits: number;
  amountCents: number;
  currency: string;
  /** Unique per purchase: the PaymentIntent (or Checkout Session) id, or `test_<session id>`. */
  paymentRef: string;
  /** Ledger source and id: ('stripe_checkout', session id) or ('test_checkout', session id). */
  source: 'stripe_checkout' | 'test_checkout';
  sourceId: string;
  invoiceUrl?: string | null;
}

/** What a fulfilment did: `paymentId` is the new payment row (its receipt is due), null for a replay. */
export interface Fulfilled {
  applied: boolean;
  paymentId: string | null;
}
const NOTHING: Fulfilled = { applied: false, paymentId: null };

/** A paid credit pack: purchase row, payment row and the credits through the ledger. */
export async function grantCreditPack(tx: Tx, g: CreditPackGrant): Promise<Fulfilled> {
  const user = await repo.findBillingUser(tx, g.userId, true);
  if (!user) return NOTHING;
  const row = {
    userId: g.userId,
    stripePaymentId: g.paymentRef,
    amount: dollars(g.amountCents),
    currency: g.currency,
    status: 'succeeded',
  };
  const fresh = await repo.insertCreditPurchase(tx, {
    ...row,
    packageId: g.packageId,
    creditsReceived: g.credits,
  });
  if (!fresh) return NOTHING;
  const paymentId = await repo.insertPayment(tx, {
    ...row,
    planId: null,
    description: packDescription(g.packageName, g.credits),
    invoiceUrl: g.invoiceUrl ?? null,
  });
  const change = await applyCreditChange(tx, {
    userId: g.userId,
    delta: g.credits,
    reason: `Purchased ${g.packageName} (${g.credits} credits)`,
    source: g.source,
    sourceId: g.sourceId,
  });
  return { applied: change?.applied ?? false, paymentId };
}

export interface SubscriptionPeriod {
  userId: string;
  planId: string;
  subscriptionId: string;
  /** 'active', or 'canceling' when the subscription is set to end with this period. */
  status: 'active' | 'canceling';
  /** Unique per period: the invoice id, or `test_<session id>`. */
  paymentRef: string;
  amountCents: number;
  currency: string;
  periodEnd: Date | null;
  billingCycle: BillingCycle | null;
  now: Date;
  /** For the receipt: the plan's name, and Stripe's hosted invoice when there is one. */
  planName: string;
  invoiceUrl?: string | null;
}

/**
 * One paid period: the plan, status, period end and cycle, a fresh monthly allowance and a payment row. The
 * usage reset date is the sooner of the period end and one month ahead: a yearly plan still resets usage monthly.
 */
export async function provisionSubscriptionPeriod(tx: Tx, p: SubscriptionPeriod): Promise<Fulfilled> {
  const user = await repo.findBillingUser(tx, p.userId, true);
  if (!user) return NOTHING;
  const paymentId = await repo.insertPayment(tx, {
    userId: p.userId,
    stripePaymentId: p.paymentRef,
    amount: dollars(p.amountCents),
    currency: p.currency,
    status: 'succeeded',
    planId: p.planId,
    description: periodDescription(p.planName, p.billingCycle, p.periodEnd),
    invoiceUrl: p.invoiceUrl ?? null,
  });
  if (!paymentId) return NOTHING;
  await repo.updateSubscription(tx, p.userId, {
    subscriptionPlan: p.planId,
    subscriptionStatus: p.status,
    stripeSubscriptionId: p.subscriptionId,
    subscriptionPeriodEnd: p.periodEnd,
    subscriptionBillingCycle: p.billingCycle,
    // A new period is on the plan it was billed for: a scheduled downgrade has now happened.
    subscriptionPendingPlan: null,
  });
  // The allowance is the credits module's: the new period's reset goes through it.
  await startAllowancePeriod(tx, p.userId, p.now, p.periodEnd);
  return { applied: true, paymentId };
}

export interface PlanChangeApplied {
  userId: string;
  subscriptionId: string;
  /** Upgrade (now): the plan from now on. */
  planId: string;
  fromPlanName: string;
  toPlanName: string;
  periodEnd: Date | null;
  billingCycle: BillingCycle | null;
  /** The prorated invoice the upgrade was paid with; null when nothing was charged. */
  invoice: { ref: string; amountCents: number; currency: string; url: string | null } | null;
}

/**
 * An upgrade that the provider has already been paid for: the new plan from now, renewing again. Usage
 * and its reset date stay (this is not a new period). Idempotent on the invoice: the webhook's
 * invoice.paid for the same invoice, arriving before or after, adds no second payment.
 */
export async function applyUpgrade(tx: Tx, c: PlanChangeApplied): Promise<Fulfilled> {
  const user = await repo.findBillingUser(tx, c.userId, true);
  if (user?.stripeSubscriptionId !== c.subscriptionId) return NOTHING;
  await repo.updateSubscription(tx, c.userId, {
    subscriptionPlan: c.planId,
    subscriptionStatus: 'active',
    subscriptionPendingPlan: null,
    ...(c.periodEnd ? { subscriptionPeriodEnd: c.periodEnd } : {}),
    ...(c.billingCycle ? { subscriptionBillingCycle: c.billingCycle } : {}),
  });
  if (!c.invoice) return { applied: true, paymentId: null };
  const paymentId = await repo.insertPayment(tx, {
    userId: c.userId,
    stripePaymentId: c.invoice.ref,
    amount: dollars(c.invoice.amountCents),
    currency: c.invoice.currency,
    status: 'succeeded',
    planId: c.planId,
    description: upgradeDescription(c.fromPlanName, c.toPlanName, c.periodEnd),
    invoiceUrl: c.invoice.url,
  });
  return { applied: true, paymentId };
}

/** Links a subscription to its user at checkout (provisioning waits for the paid invoice). */
export async function linkSubscription(
  tx: Tx,
  userId: string,
  subscriptionId: string,
  customerId: string | null,
) {
  const user = await repo.findBillingUser(tx, userId, true);
  if (!user) return;
  if (customerId) await repo.setCustomerIdIfMissing(tx, userId, customerId);
  await repo.updateSubscription(tx, userId, { stripeSubscriptionId: subscriptionId });
}

/** A subscription that ended: back to the free plan. Credits stay (they never expire). */
export async function endSubscription(tx: Tx, userId: string, subscriptionId: string): Promise<boolean> {
  const user = await repo.findBillingUser(tx, userId, true);
  // Only the subscription the user is on now: an older one ending must not touch a newer one.
  if (user?.stripeSubscriptionId !== subscriptionId) return false;
  await repo.updateSubscription(tx, userId, {
    subscriptionPlan: 'free',
    subscriptionStatus: 'canceled',
    stripeSubscriptionId: null,
    subscriptionPeriodEnd: null,
    subscriptionBillingCycle: null,
    subscriptionPendingPlan: null,
  });
  return true;
}

/** What the provider says about the running period; a null field keeps what is stored. */
export interface KnownPeriod {
  periodEnd?: Date | null;
  billingCycle?: BillingCycle | null;
}

/**
 * Status changes that do not end the subscription (past_due, canceling, active again). The period end
 * and cycle, when the provider gave them, also refresh the stored ones.
 */
export async function setSubscriptionStatus(
  tx: Tx,
  userId: string,
  subscriptionId: string,
  status: string,
  known: KnownPeriod = {},
) {
  const user = await repo.findBillingUser(tx, userId, true);
  if (user?.stripeSubscriptionId !== subscriptionId) return false;
  await repo.updateSubscription(tx, userId, {
    subscriptionStatus: status,
    ...(known.periodEnd ? { subscriptionPeriodEnd: known.periodEnd } : {}),
    ...(known.billingCycle ? { subscriptionBillingCycle: known.billingCycle } : {}),
  });
  return true;
}
