import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { BillingCycle } from '#shared/constants/plans.ts';
import { useAuth } from '#client/hooks/use-auth.ts';
import { usePlans } from '../api.ts';
import { useSubscribe } from '../use-checkout-actions.ts';
import { BillingCycleToggle } from './billing-cycle-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { PurchaseNotice } from './purchase-notice.tsx';
import { SubscriptionNotice } from './subscription-notice.tsx';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16" role="status" aria-label={label}>
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
    </div>
  );
}

export function LoadError({ what }: { what: string }) {
  return (
    <p className="py-12 text-center text-muted-foreground">{`We couldn't load the ${what}. Please refresh the page.`}</p>
  );
}

/**
 * The toggle and the plan cards (the API already orders them free, pro, premium). A paying subscriber's
 * choice opens the plan-change dialog (upgrade now, downgrade or Free at the period end, resume) instead
 * of a checkout: a paid plan is never changed or lost by one click.
 */
export function PlansSection() {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [changeTo, setChangeTo] = useState<string | null>(null);
  const { user } = useAuth();
  const plans = usePlans();
  const { subscribe, pendingId } = useSubscribe();
  const subscriber = !!user && user.subscriptionPlan !== 'free';
  return (
    <div className="space-y-12">
      <PurchaseNotice kind="subscription" />
      {subscriber && (
        <div className="mx-auto max-w-3xl">
          <SubscriptionNotice onKeep={setChangeTo} />
        </div>
      )}
      <PlanChangeDialog planId={changeTo} onClose={() => setChangeTo(null)} />
      <BillingCycleToggle value={cycle} onChange={setCycle} />
      {plans.isLoading ? (
        <LoadingBlock label="Loading plans" />
      ) : !plans.data ? (
        <LoadError what="plans" />
      ) : (
        <div className="mx-auto grid max-w-md gap-8 md:max-w-none md:grid-cols-3 md:gap-6 lg:gap-8">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              isCurrent={user?.subscriptionPlan === plan.id}
              isPending={pendingId === plan.id}
              disabled={pendingId !== null}
              onSelect={(p) => (subscriber ? setChangeTo(p.id) : subscribe(p.id, cycle))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
