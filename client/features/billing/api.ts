// Billing calls: one query or mutation hook per endpoint. The dashboard's Billing tab reuses these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditPackage, SubscriptionPlan } from '#shared/schemas/catalog.ts';
import type {
  CancelSubscriptionResponse,
  CheckoutResponse,
  CreateSubscriptionInput,
  CreateSubscriptionResponse,
  CheckoutResult,
  CreditPurchase,
  Payment,
  PlanChangeInput,
  PlanChangePreview,
  PlanChangeResult,
  Receipt,
  TestCheckoutResult,
  TestCheckoutSession,
} from '#shared/schemas/billing.ts';
import { apiJson } from '#client/lib/api.ts';
import { AUTH_USER_KEY } from '#client/features/auth/use-auth.ts';

export const PLANS_KEY = ['/api/subscription-plans'] as const;
export const PACKAGES_KEY = ['/api/credit-packages'] as const;
export const PAYMENTS_KEY = ['/api/payments'] as const;
export const CREDIT_PURCHASES_KEY = ['/api/credit-purchases'] as const;
export const USAGE_KEY = ['/api/usage'] as const;

export const usePlans = () => useQuery<SubscriptionPlan[]>({ queryKey: PLANS_KEY });
export const usePackages = () => useQuery<CreditPackage[]>({ queryKey: PACKAGES_KEY });
export const usePayments = (enabled = true) => useQuery<Payment[]>({ queryKey: PAYMENTS_KEY, enabled });
export const useCreditPurchases = (enabled = true) =>
  useQuery<CreditPurchase[]>({ queryKey: CREDIT_PURCHASES_KEY, enabled });

/** Checkout is a full-page navigation (a form post would be blocked by the CSP's form-action). */
export const goToCheckout = (url: string) => window.location.assign(url);

export const useCreateSubscription = () =>
  useMutation({
    mutationFn: (input: CreateSubscriptionInput) =>
      apiJson<CreateSubscriptionResponse>('POST', '/api/create-subscription', input),
  });

export const usePurchaseCredits = () =>
  useMutation({
    mutationFn: (packageId: string) => apiJson<CheckoutResponse>('POST', '/api/purchase-credits', { packageId }),
  });

/** Refreshes what a plan change touches: the user, usage and payment history. */
export function useRefreshAccount() {
  const qc = useQueryClient();
  return () =>
    Promise.all([AUTH_USER_KEY, USAGE_KEY, PAYMENTS_KEY, CREDIT_PURCHASES_KEY].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useCancelSubscription() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => apiJson<CancelSubscriptionResponse>('POST', '/api/cancel-subscription'),
    onSuccess: () => refresh(),
  });
}

const testSessionKey = (id: string) => ['/api/checkout/test', id] as const;
export const useTestCheckoutSession = (id: string) =>
  useQuery<TestCheckoutSession>({ queryKey: testSessionKey(id), enabled: id !== '' });

export const useTestCheckoutAction = (id: string, action: 'pay' | 'cancel') =>
  useMutation({ mutationFn: () => apiJson<TestCheckoutResult>('POST', `/api/checkout/test/${id}/${action}`) });

/** What choosing `planId` would do for a subscriber (null: no dialog open, nothing fetched). */
export const usePlanChangePreview = (planId: string | null) =>
  useQuery<PlanChangePreview>({
    queryKey: ['/api/plan-change', planId],
    queryFn: () => apiJson<PlanChangePreview>('GET', `/api/plan-change?planId=${encodeURIComponent(planId ?? '')}`),
    enabled: planId !== null,
    // Re-priced every time the dialog opens: the proration depends on the moment.
    staleTime: 0,
    gcTime: 0,
  });

export function useApplyPlanChange() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: PlanChangeInput) => apiJson<PlanChangeResult>('POST', '/api/plan-change', input),
    onSuccess: () => refresh(),
  });
}

export const useReceipt = (id: string) => useQuery<Receipt>({ queryKey: ['/api/payments', id, 'receipt'], enabled: id !== '' });

/** A credit checkout's outcome; asked again every 1.5 s while Stripe's webhook is on its way. */
export const useCheckoutResult = (sessionId: string | null) =>
  useQuery<CheckoutResult>({
    queryKey: ['/api/checkout-result', sessionId ?? ''],
    enabled: sessionId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 20 ? 1500 : false),
  });
