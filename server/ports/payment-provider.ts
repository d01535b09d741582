import type { BillingCycle } from '#shared/constants/plans.ts';

// The payment service behind one interface: the Stripe adapter (billing/stripe-provider.ts) and the
// embedded test checkout (billing/test-checkout-provider.ts). Here, not in billing, because the app
// context carries a provider and every module imports the context (decision 0197). Services and the webhook only ever see these plain shapes.

export type CheckoutItem =
  | {
      kind: 'subscription';
      planId: string;
      planName: string;
      billingCycle: BillingCycle;
      amountCents: number;
    }
  | { kind: 'credits'; packageId: string; packageName: string; credits: number; amountCents: number };

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Set when the provider uses customers (Stripe); created once per user and stored. */
  customerId: string | null;
  item: CheckoutItem;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  /** Makes a retried create (network blip, double click) return the same session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused'
  | (string & {});

export interface SubscriptionInfo {
  id: string;
  status: SubscriptionStatus;
  customerId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** The cycle the provider bills; null when it is not one we sell (or not known). */
  billingCycle: BillingCycle | null;
  /** From the metadata we put on the subscription at checkout. */
  userId: string | null;
  planId: string | null;
}

/** A plan at a price, as a subscription is changed to it (the price always comes from our catalogue). */
export interface PlanPrice {
  userId: string;
  planId: string;
  planName: string;
  billingCycle: BillingCycle;
  amountCents: number;
}

/** An invoice the provider has been paid. */
export interface PaidInvoice {
  id: string;
  amountPaidCents: number;
  currency: string;
  /** Stripe's hosted invoice page; null for the test checkout. */
  hostedUrl: string | null;
}

/** A verified webhook event, reduced to what dispatch needs. `object` is the raw Stripe object. */
export interface WebhookEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /** Stripe keeps a customer per user; the test checkout has none. */
  readonly usesCustomers: boolean;
  createCustomer(
    user: { id: string; email: string; name: string | null },
    idempotencyKey: string,
  ): Promise<string>;
  createCheckoutSession(req: CheckoutRequest): Promise<CheckoutSession>;
  /** The subscription as the provider sees it now (the truth, whatever order events arrived in). */
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  cancelAtPeriodEnd(id: string): Promise<SubscriptionInfo>;
  /** Undoes cancelAtPeriodEnd: the subscription renews again. */
  resume(id: string): Promise<SubscriptionInfo>;
  /** What an upgrade made at `prorationDate` charges at once (the prorated difference), in cents. */
  previewUpgrade(id: string, to: PlanPrice, prorationDate: Date): Promise<number>;
  /**
   * 'now': the new price from now, the prorated difference invoiced and paid at once (a declined card
   * throws PaymentDeclinedError and changes nothing). 'period_end': the next renewal bills the new price,
   * nothing is charged or refunded now. Either way the subscription renews (cancel_at_period_end false).
   */
  changePlan(
    id: string,
    to: PlanPrice,
    when: 'now' | 'period_end',
    prorationDate: Date,
  ): Promise<{ subscription: SubscriptionInfo; invoice: PaidInvoice | null }>;
  /** Ends a second subscription of the same user at once and refunds what it was charged (in cents). */
  cancelDuplicate(id: string): Promise<number>;
  /** Stripe's hosted page of an invoice (credit packs get one through Checkout's invoice_creation). */
  invoiceUrl(invoiceId: string): Promise<string | null>;
  /** Throws WebhookSignatureError on a bad signature or a timestamp outside the tolerance. */
  verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}
