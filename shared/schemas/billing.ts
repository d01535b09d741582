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
    'You already have an active subscription. Cancel it from your dashboard before choosing another paid plan.',
  switchedToFree: 'You are now on the Free plan.',
  switchedToFreeAtPeriodEnd:
    'You are now on the Free plan. Your paid subscription will not renew and no further payments will be taken.',
  noSubscription: 'You do not have a paid subscription to cancel.',
  canceled: 'Your subscription will end at the close of the current billing period.',
  testCheckoutDisabled: 'The test checkout is disabled on this server.',
  testSessionNotFound: 'Checkout session not found',
  testSessionClosed: 'This checkout session was canceled.',
  badSignature: 'Invalid webhook signature',
} as const;

export const billingCycleSchema = z.enum(BILLING_CYCLES, { error: 'Billing cycle must be monthly or yearly' });

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

/** GET /api/payments item. `planId` is null for a credit pack payment. */
export const paymentSchema = z.object({
  id: z.string(),
  planId: z.string().nullable(),
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
export const testCheckoutResultSchema = z.object({ status: z.enum(TEST_CHECKOUT_STATUSES), returnUrl: z.string() });
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;

/** Where checkout sends the browser back: the Billing tab for plans, the credits section for packs. */
export const RETURN_PATHS = {
  subscription: '/dashboard?tab=billing',
  credits: '/pricing#credits',
} as const;
