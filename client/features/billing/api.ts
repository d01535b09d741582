// Billing calls: one query or mutation hook per endpoint. The dashboard's Billing tab reuses these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditPackage, SubscriptionPlan } from '#shared/schemas/catalog.ts';
import type {
  CancelSubscriptionResponse,
  CheckoutResponse,
  CreateSubscriptionInput,
  CreateSubscriptionResponse,
  CreditPurchase,
  Payment,
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
