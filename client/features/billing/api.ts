// Billing calls: one query or mutation hook per endpoint, each answer parsed with its shared schema.
// The dashboard's Billing tab reuses these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { creditPackageListSchema, subscriptionPlanListSchema } from '#shared/schemas/catalog.ts';
import {
  cancelSubscriptionResponseSchema,
  checkoutResponseSchema,
  checkoutResultSchema,
  creditPurchaseSchema,
  createSubscriptionResponseSchema,
  paymentSchema,
  planChangePreviewSchema,
  planChangeResultSchema,
  receiptSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
  type CheckoutResult,
  type CreateSubscriptionInput,
  type PlanChangeInput,
} from '#shared/schemas/billing.ts';
import { apiParsed, getParsed } from '#client/lib/api.ts';
import { AFTER_PURCHASE, invalidateAll, QUERY_KEYS } from '#client/lib/query-keys.ts';

const PLANS_KEY = ['/api/subscription-plans'] as const;
const PACKAGES_KEY = ['/api/credit-packages'] as const;
const { payments: PAYMENTS_KEY, creditPurchases: CREDIT_PURCHASES_KEY } = QUERY_KEYS;

export const usePlans = () =>
  useQuery({ queryKey: PLANS_KEY, queryFn: getParsed(subscriptionPlanListSchema, PLANS_KEY[0]) });
export const usePackages = () =>
  useQuery({ queryKey: PACKAGES_KEY, queryFn: getParsed(creditPackageListSchema, PACKAGES_KEY[0]) });
export const usePayments = (enabled = true) =>
  useQuery({ queryKey: PAYMENTS_KEY, queryFn: getParsed(z.array(paymentSchema), PAYMENTS_KEY[0]), enabled });
export const useCreditPurchases = (enabled = true) =>
  useQuery({
    queryKey: CREDIT_PURCHASES_KEY,
    queryFn: getParsed(z.array(creditPurchaseSchema), CREDIT_PURCHASES_KEY[0]),
    enabled,
  });

/** Checkout is a full-page navigation (a form post would be blocked by the CSP's form-action). */
export const goToCheckout = (url: string) => window.location.assign(url);

export const useCreateSubscription = () =>
  useMutation({
    mutationFn: (input: CreateSubscriptionInput) =>
      apiParsed(createSubscriptionResponseSchema, 'POST', '/api/create-subscription', input),
  });

export const usePurchaseCredits = () =>
  useMutation({
    mutationFn: (packageId: string) =>
      apiParsed(checkoutResponseSchema, 'POST', '/api/purchase-credits', { packageId }),
  });

/** Refreshes what a payment or a plan change touches: the user, usage and payment history. */
export function useRefreshAccount() {
  const qc = useQueryClient();
  return () => invalidateAll(qc, AFTER_PURCHASE);
}

export function useCancelSubscription() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => apiParsed(cancelSubscriptionResponseSchema, 'POST', '/api/cancel-subscription'),
    onSuccess: () => refresh(),
  });
}

export const useTestCheckoutSession = (id: string) =>
  useQuery({
    queryKey: ['/api/checkout/test', id],
    queryFn: getParsed(testCheckoutSessionSchema, `/api/checkout/test/${encodeURIComponent(id)}`),
    enabled: id !== '',
  });

export const useTestCheckoutAction = (id: string, action: 'pay' | 'cancel') =>
  useMutation({
    mutationFn: () =>
      apiParsed(testCheckoutResultSchema, 'POST', `/api/checkout/test/${encodeURIComponent(id)}/${action}`),
  });

/** What choosing `planId` would do for a subscriber (null: no dialog open, nothing fetched). */
export const usePlanChangePreview = (planId: string | null) =>
  useQuery({
    queryKey: ['/api/plan-change', planId],
    queryFn: getParsed(
      planChangePreviewSchema,
      `/api/plan-change?planId=${encodeURIComponent(planId ?? '')}`,
    ),
    enabled: planId !== null,
    // Re-priced every time the dialog opens: the proration depends on the moment.
    staleTime: 0,
    gcTime: 0,
  });

export function useApplyPlanChange() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: PlanChangeInput) =>
      apiParsed(planChangeResultSchema, 'POST', '/api/plan-change', input),
    onSuccess: () => refresh(),
  });
}

export const useReceipt = (id: string) =>
  useQuery({
    queryKey: [...PAYMENTS_KEY, id, 'receipt'],
    queryFn: getParsed(receiptSchema, `/api/payments/${encodeURIComponent(id)}/receipt`),
    enabled: id !== '',
  });

/** A credit checkout's outcome; asked again every 1.5 s while Stripe's webhook is on its way. */
export const useCheckoutResult = (sessionId: string | null) =>
  useQuery<CheckoutResult>({
    queryKey: ['/api/checkout-result', sessionId ?? ''],
    queryFn: getParsed(checkoutResultSchema, `/api/checkout-result/${encodeURIComponent(sessionId ?? '')}`),
    enabled: sessionId !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < 20 ? 1500 : false,
  });
