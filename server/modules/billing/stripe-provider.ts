import Stripe from 'stripe';
import type { BillingCycle } from '#shared/constants/plans.ts';
import type { Env } from '../../env.ts';
import {
  PaymentDeclinedError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaidInvoice,
  type PlanPrice,
  type PaymentProvider,
  type SubscriptionInfo,
  type WebhookEvent,
} from './payment-provider.ts';

/** Stripe's default; a delivery signed longer ago than this is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** SDK options: STRIPE_API_URL points the SDK at another host (the fake Stripe server in tests). */
export function stripeClientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiUrl) return base;
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;
const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/** The price's recurring interval as our cycle: every 1 month or every 1 year; anything else is unknown. */
export function cycleOf(
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'> | null | undefined,
): BillingCycle | null {
  if (!recurring || recurring.interval_count !== 1) return null;
  if (recurring.interval === 'year') return 'yearly';
  if (recurring.interval === 'month') return 'monthly';
  return null;
}

export function toSubscriptionInfo(s: Stripe.Subscription): SubscriptionInfo {
  // Since API 2025-03-31 the period lives on the items; a single-item subscription is what we create.
  const item = s.items.data[0];
  return {
    id: s.id,
    status: s.status,
    customerId: idOf(s.customer),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodStart: toDate(item?.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end),
    billingCycle: cycleOf(item?.price?.recurring),
    userId: s.metadata.userId ?? null,
    planId: s.metadata.planId ?? null,
  };
}

function checkoutParams(req: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const { item } = req;
  const common = {
    client_reference_id: req.userId,
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email }),
  };
  if (item.kind === 'subscription') {
    const metadata = {
      userId: req.userId,
      kind: item.kind,
      planId: item.planId,
      billingCycle: item.billingCycle,
    };
    return {
      ...common,
      mode: 'subscription',
      metadata,
      subscription_data: { metadata },
      line_items: [
        {
          quantity: 1,
          // The price comes from our catalogue row, never from the browser.
          price_data: {
            currency: 'usd',
            unit_amount: item.amountCents,
            recurring: { interval: item.billingCycle === 'yearly' ? 'year' : 'month' },
            product_data: { name: `${item.planName} (${item.billingCycle})`, metadata },
          },
        },
      ],
    };
  }
  const metadata = {
    userId: req.userId,
    kind: item.kind,
    packageId: item.packageId,
    credits: String(item.credits),
  };
  return {
    ...common,
    mode: 'payment',
    metadata,
    payment_intent_data: { metadata },
    // A one-off payment gets an invoice too, so payment history can link Stripe's hosted invoice.
    invoice_creation: { enabled: true, invoice_data: { metadata } },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: item.amountCents,
          product_data: { name: `${item.packageName} (${item.credits} credits)`, metadata },
        },
      },
    ],
  };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const planMetadata = (to: PlanPrice) => ({
  userId: to.userId,
  kind: 'subscription',
  planId: to.planId,
  billingCycle: to.billingCycle,
});

/**
 * The running item and a Price for the new plan. Prices are made from our catalogue row (never from the
 * browser); the idempotency key makes a retried or repeated change within a day reuse one Price.
 */
async function prepareChange(stripe: Stripe, id: string, to: PlanPrice) {
  const sub = await stripe.subscriptions.retrieve(id);
  const itemId = sub.items.data[0]?.id;
  if (!itemId) throw new Error(`Stripe subscription ${id} has no item`);
  const day = new Date().toISOString().slice(0, 10);
  const price = await stripe.prices.create(
    {
      currency: 'usd',
      unit_amount: to.amountCents,
      recurring: { interval: to.billingCycle === 'yearly' ? 'year' : 'month' },
      product_data: { name: `${to.planName} (${to.billingCycle})`, metadata: planMetadata(to) },
      metadata: planMetadata(to),
    },
    { idempotencyKey: `price:${to.planId}:${to.billingCycle}:${to.amountCents}:${day}` },
  );
  return { itemId, priceId: price.id };
}

export function createStripeProvider(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>,
): PaymentProvider {
  const key = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!key || !webhookSecret)
    throw new Error('createStripeProvider: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required');
  const stripe = new Stripe(key, stripeClientOptions(env.STRIPE_API_URL));
  return {
    kind: 'stripe',
    usesCustomers: true,
    async createCustomer(user, idempotencyKey) {
      const c = await stripe.customers.create(
        { email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id } },
        { idempotencyKey },
      );
      return c.id;
    },
    async createCheckoutSession(req) {
      const s = await stripe.checkout.sessions.create(checkoutParams(req), {
        idempotencyKey: req.idempotencyKey,
      });
      if (!s.url) throw new Error('Stripe returned a Checkout Session without a url');
      return { id: s.id, url: s.url };
    },
    async retrieveSubscription(id) {
      return toSubscriptionInfo(await stripe.subscriptions.retrieve(id));
    },
    async cancelAtPeriodEnd(id) {
      return toSubscriptionInfo(await stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },
    async resume(id) {
      return toSubscriptionInfo(await stripe.subscriptions.update(id, { cancel_at_period_end: false }));
    },
    async previewUpgrade(id, to, prorationDate) {
      const { itemId, priceId } = await prepareChange(stripe, id, to);
      const preview = await stripe.invoices.createPreview({
        subscription: id,
        subscription_details: {
          items: [{ id: itemId, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: unix(prorationDate),
        },
      });
      return preview.amount_due;
    },
    async changePlan(id, to, when, prorationDate) {
      const { itemId, priceId } = await prepareChange(stripe, id, to);
      const params: Stripe.SubscriptionUpdateParams = {
        items: [{ id: itemId, price: priceId }],
        cancel_at_period_end: false,
        metadata: planMetadata(to),
        expand: ['latest_invoice'],
        ...(when === 'now'
          ? {
              proration_behavior: 'always_invoice',
              proration_date: unix(prorationDate),
              payment_behavior: 'error_if_incomplete',
            }
          : { proration_behavior: 'none' }),
      };
      let updated: Stripe.Subscription;
      try {
        updated = await stripe.subscriptions.update(id, params);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(err.message);
        throw err;
      }
      const inv = updated.latest_invoice;
      const invoice: PaidInvoice | null =
        when === 'now' &&
        inv &&
        typeof inv === 'object' &&
        inv.status === 'paid' &&
        inv.billing_reason === 'subscription_update' &&
        inv.id
          ? {
              id: inv.id,
              amountPaidCents: inv.amount_paid,
              currency: inv.currency,
              hostedUrl: inv.hosted_invoice_url ?? null,
            }
          : null;
      return { subscription: toSubscriptionInfo(updated), invoice };
    },
    async cancelDuplicate(id) {
      const sub = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.payments'] });
      if (sub.status !== 'canceled') await stripe.subscriptions.cancel(id);
      const inv = sub.latest_invoice;
      const payments = inv && typeof inv === 'object' ? (inv.payments?.data ?? []) : [];
      let refunded = 0;
      for (const p of payments) {
        const pi = idOf(p.payment.payment_intent);
        if (!pi || p.status !== 'paid') continue;
        const r = await stripe.refunds.create(
          { payment_intent: pi, reason: 'duplicate' },
          { idempotencyKey: `refund:${id}:${pi}` },
        );
        refunded += r.amount;
      }
      return refunded;
    },
    async invoiceUrl(invoiceId) {
      return (await stripe.invoices.retrieve(invoiceId)).hosted_invoice_url ?? null;
    },
    verifyWebhook(rawBody, signature): WebhookEvent {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
      }
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },
  };
}
