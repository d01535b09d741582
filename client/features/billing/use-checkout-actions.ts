import { useState } from 'react';
import { useLocation } from 'wouter';
import type { BillingCycle } from '#shared/constants/plans.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { goToCheckout, useCreateSubscription, usePurchaseCredits, useRefreshAccount } from './api.ts';

// The pricing page's two actions with the spec's toasts. The pending id stays set
// while the browser leaves for Checkout, so the button keeps reading 'Processing...' until it does.

/** Choosing a plan: visitors go to /login; a url opens Checkout; a message means it is already done. */
export function useSubscribe() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const mutation = useCreateSubscription();
  const refresh = useRefreshAccount();
  const subscribe = (planId: string, billingCycle: BillingCycle) => {
    if (!user) return navigate('/login');
    setPendingId(planId);
    mutation.mutate(
      { planId, billingCycle },
      {
        onSuccess: (data) => {
          if ('url' in data && data.url) return goToCheckout(data.url);
          setPendingId(null);
          toast({
            title: 'Success!',
            description: ('message' in data && data.message) || 'Plan activated successfully',
          });
          void refresh();
        },
        onError: (err) => {
          setPendingId(null);
          toast({ variant: 'destructive', title: 'Subscription Failed', description: err.message });
        },
      },
    );
  };
  return { subscribe, pendingId };
}

export function useBuyCredits() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const mutation = usePurchaseCredits();
  const buy = (packageId: string) => {
    if (!user) return navigate('/login');
    setPendingId(packageId);
    mutation.mutate(packageId, {
      onSuccess: (data) => goToCheckout(data.url),
      onError: (err) => {
        setPendingId(null);
        toast({ variant: 'destructive', title: 'Credit Purchase Failed', description: err.message });
      },
    });
  };
  return { buy, pendingId };
}
