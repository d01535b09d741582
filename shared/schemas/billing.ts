import { z } from 'zod';
import { BILLING_CYCLES } from '../constants/plans.ts';

export const BILLING_MESSAGES = {
  unknownPlan: 'Unknown subscription plan',
  unknownPackage: 'Unknown credit package',
  planUnavailable: 'This plan is no longer available',
  packageUnavailable: 'This credit package is no longer available',
  noYearlyPrice: 'This plan has no yearly billing',
  paymentsUnavailable: 'Payments are not available right now. Please contact support.',
  alreadyOnPlan: 'You are already subscribed to this plan.',
  activeSubscription:
    'You already have a subscription. Choose the plan you want on the pricing page to change it: we never bill two subscriptions at once.',
  subscriptionProcessing: 'Your subscription payment is still being processed. Please try again in a minute.',
  paymentIssue:
    'Your last payment did not go through. Please update your payment method before changing plans.',
  alreadyEnding: 'Your subscription already ends at the close of the current billing period.',
  downgradeScheduled: 'This plan change is already scheduled for the end of your billing period.',
  scheduledChangeChoice:
    'You have a plan change scheduled. Choose whether to keep it or drop it when you resume your plan.',
  noPlanToChange: 'You do not have a paid subscription to change. Choose a plan to subscribe.',
  paymentDeclined: 'Your payment method was declined, so your plan has not changed.',
  receiptNotFound: 'Receipt not found',
  checkoutNotFound: 'Checkout not found',
  switchedToFree: 'You are now on the Free plan.',
  switchedToFreeAtPeriodEnd:
    'You will move to the Free plan when your paid period ends. Your subscription will not renew and no further payments will be taken.',
  noSubscription: 'You do not have a paid subscription to cancel.',
  canceled: 'Your subscription will end at the close of the current billing period.',
  testCheckoutDisabled: 'The test checkout is disabled on this server.',
  testSessionNotFound: 'Checkout session not found',
  testSessionClosed: 'This checkout session was canceled.',
  badSignature: 'Invalid webhook signature',
} as const;

export const billingCycleSchema = z.enum(BILLING_CYCLES, {
  error: 'Billing cycle must be monthly or yearly',
});

/** POST /api/create-subscription. The client names the plan and cycle, never a price. */
export const createSubscriptionSchema = z.object({
  planId: z.string({ error: 'Plan is required' }).min(1, 'Plan is required').max(32),
  billingCycle: billingCycleSchema.default('monthly'),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

/** POST /api/purchase-credits. */
export const purchaseCreditsSchema = z.object({
  packageId: z.string({ error: 'Package is required' }).min(1, 'Package is required').max(32),
});
export type PurchaseCreditsInput = z.infer<typeof purchaseCreditsSchema>;

/** A checkout to open (`url`) or, for the free plan, a done change (`message`). */
export const checkoutResponseSchema = z.object({ url: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });
export const createSubscriptionResponseSchema = z.union([checkoutResponseSchema, messageResponseSchema]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/**
 * POST /api/cancel-subscription. `subscriptionPeriodEnd` (ISO 8601, not in the spec) is when the plan
 * stops; null when the provider ended it at once or no end is known.
 */
export const cancelSubscriptionResponseSchema = messageResponseSchema.extend({
  subscriptionPeriodEnd: z.string().nullable(),
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

export const PLAN_CHANGE_KINDS = ['upgrade', 'downgrade', 'cancel', 'resume'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];
export const SCHEDULED_CHANGE_CHOICES = ['drop', 'keep'] as const;
export type ScheduledChangeChoice = (typeof SCHEDULED_CHANGE_CHOICES)[number];

/** GET /api/plan-change?planId= (preview) and POST /api/plan-change (apply), for a paying subscriber. */
export const planChangeSchema = z.object({
  planId: z.string({ error: 'Plan is required' }).min(1, 'Plan is required').max(32),
  /** The preview's proration time (Unix seconds), so the charge equals the figure the user confirmed. */
  prorationDate: z.coerce.number().int().positive().optional(),
  /**
   * Resuming a cancelled plan that also has a downgrade scheduled (issue 34, decision 0160): 'drop' renews
   * the current plan, 'keep' renews into the scheduled plan at the period end. Required exactly then.
   */
  scheduledChange: z
    .enum(SCHEDULED_CHANGE_CHOICES, { error: 'Choose to keep or drop the scheduled plan change' })
    .optional(),
});
export type PlanChangeInput = z.infer<typeof planChangeSchema>;

export const planChangePreviewSchema = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  fromPlanId: z.string(),
  fromPlanName: z.string(),
  toPlanId: z.string(),
  toPlanName: z.string(),
  billingCycle: billingCycleSchema,
  /** Dollars charged at once (an upgrade's prorated difference); 0 otherwise. */
  amountDueNow: z.number(),
  currency: z.string(),
  /** ISO 8601: when the new plan applies (now, or the period end). */
  effectiveDate: z.string(),
  /** ISO 8601: the end of the period already paid; null when not known. */
  periodEnd: z.string().nullable(),
  /** The next renewal's amount (dollars) and date; null after a cancellation. */
  nextPayment: z.object({ amount: z.number(), date: z.string().nullable() }).nullable(),
  prorationDate: z.number().int().nullable(),
  /**
   * A resume of a cancelled plan that would drop this already scheduled downgrade: its plan and the
   * renewal it bills (dollars) if kept. Null otherwise. The agent must choose (`scheduledChange`).
   */
  scheduledChange: z.object({ planId: z.string(), planName: z.string(), amount: z.number() }).nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeResultSchema = z.object({ kind: z.enum(PLAN_CHANGE_KINDS), message: z.string() });
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

/** GET /api/payments/:id/receipt: the in-app receipt page's content. */
export const receiptSchema = z.object({
  id: z.string(),
  /** Short, human reference (the first 8 characters of the id, upper-case). */
  number: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  kind: z.enum(['subscription', 'credits']),
  description: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /api/checkout-result/:sessionId: what a finished credit checkout gave (shown on return). */
export const checkoutResultSchema = z.object({
  status: z.enum(['completed', 'pending', 'canceled']),
  itemName: z.string().nullable(),
  credits: z.number().int().nullable(),
  creditsBalance: z.number().int(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** GET /api/payments item. `planId` is null for a credit pack payment. */
export const paymentSchema = z.object({
  id: z.string(),
  planId: z.string().nullable(),
  /** Not in the spec: what it bought, and Stripe's hosted invoice when there is one. */
  description: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  /** Dollars. */
  amount: z.number(),
  currency: z.string(),
  /** 'succeeded' or another provider status. */
  status: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/credit-purchases item. */
export const creditPurchaseSchema = z.object({
  id: z.string(),
  /** Not in the spec: the payment row of this purchase, whose receipt it links. */
  paymentId: z.string().nullable(),
  packageId: z.string(),
  creditsReceived: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type CreditPurchase = z.infer<typeof creditPurchaseSchema>;

export const TEST_CHECKOUT_KINDS = ['subscription', 'credits'] as const;
export const TEST_CHECKOUT_STATUSES = ['open', 'paid', 'canceled'] as const;

/** GET /api/checkout/test/:sessionId: what the built-in test checkout page shows. */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(TEST_CHECKOUT_KINDS),
  status: z.enum(TEST_CHECKOUT_STATUSES),
  /** Plan name or package name. */
  itemName: z.string(),
  billingCycle: billingCycleSchema.nullable(),
  credits: z.number().int().nullable(),
  /** Dollars. */
  amount: z.number(),
  currency: z.string(),
  /** Where the page goes after Pay (or Cancel). */
  returnUrl: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/** POST /api/checkout/test/:sessionId/pay and /cancel. */
export const testCheckoutResultSchema = z.object({
  status: z.enum(TEST_CHECKOUT_STATUSES),
  returnUrl: z.string(),
});
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;

/** Where checkout sends the browser back: the Billing tab for plans, the credits section for packs. */
export const RETURN_PATHS = {
  subscription: '/dashboard?tab=billing',
  credits: '/pricing#credits',
} as const;

/**
 * The same places with the outcome in the query, which the pages turn into a confirmation or a notice:
 * `purchase=success&session=<id>` after paying, `purchase=canceled` after leaving the checkout.
 */
export const returnPath = (
  kind: 'subscription' | 'credits',
  outcome: 'success' | 'canceled',
  sessionId?: string,
) => {
  const q = `purchase=${outcome}${sessionId ? `&session=${sessionId}` : ''}`;
  return kind === 'credits'
    ? `/pricing?${q}#credits`
    : outcome === 'success'
      ? `/dashboard?tab=billing&${q}`
      : `/pricing?${q}`;
};
/** Stripe fills this in with the Checkout Session id on the success URL. */
export const STRIPE_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
