import { useState } from 'react';
import { Link } from 'wouter';
import { CalendarX, Crown, Receipt } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { IconTile } from '#client/components/icon-tile.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { useCancelSubscription, usePlans } from '#client/features/billing/api.ts';
import { subscribedPrice } from '#client/features/billing/pricing-rules.ts';
import { useUsage } from '#client/hooks/use-usage.ts';
import { ConfirmDialog } from '#client/features/dashboard/components/confirm-dialog.tsx';
import { PaymentHistoryCard } from '#client/features/billing/components/payment-history-card.tsx';
import { PlanChangeDialog } from '#client/features/billing/components/plan-change-dialog.tsx';
import { PurchaseNotice } from '#client/features/billing/components/purchase-notice.tsx';
import { formatDate, formatMoney, titleCase } from '#client/lib/format.ts';
import { monthlyAllowanceLabel } from '#shared/constants/figures.ts';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  canceling: 'Cancels at period end',
  canceled: 'Canceled',
};

function CurrentPlanCard() {
  const { data: u } = useUsage();
  const { data: plans } = usePlans();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [keeping, setKeeping] = useState<string | null>(null);
  const plan = plans?.find((p) => p.id === u?.subscriptionPlan);
  const pending = u?.subscriptionPendingPlan
    ? plans?.find((p) => p.id === u.subscriptionPendingPlan)
    : undefined;
  const isFree = !u || u.subscriptionPlan === 'free';
  const isCanceling = u?.subscriptionStatus === 'canceling';
  // The paid period's end, not usageResetDate: that one is monthly even on a yearly plan (decision 0010).
  const endDate = u?.subscriptionPeriodEnd ? formatDate(u.subscriptionPeriodEnd) : null;
  // The price of the cycle actually paid: a yearly subscriber paid $290 a year, not $29 a month.
  const price = plan ? subscribedPrice(plan, u?.subscriptionBillingCycle ?? null) : null;

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (r) => {
        setConfirming(false);
        toast({ title: 'Subscription Canceled', description: r.message });
      },
      onError: (err) =>
        toast({ title: 'Cancellation Failed', description: err.message, variant: 'destructive' }),
    });

  return (
    <Card data-testid="current-plan">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="flex items-center gap-3">
          <IconTile icon={Crown} />
          <div>
            <CardDescription>Current Plan</CardDescription>
            <CardTitle className="text-2xl">
              {u ? (plan?.name ?? titleCase(u.subscriptionPlan)) : <Skeleton className="h-7 w-24" />}
            </CardTitle>
          </div>
        </div>
        {u && (
          <Badge
            variant={isCanceling || u.subscriptionStatus !== 'active' ? 'outline' : 'success'}
            data-testid="plan-status"
          >
            {STATUS_LABEL[u.subscriptionStatus] ?? titleCase(u.subscriptionStatus)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {plan && price && (
          <p className="text-sm text-muted-foreground" data-testid="plan-price">
            {plan.monthlyPrice > 0 ? `${formatMoney(price.amount)} ${price.per}` : 'Free forever'} ·{' '}
            {monthlyAllowanceLabel(u?.limit ?? 0)}
          </p>
        )}
        {isCanceling && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="cancel-notice"
          >
            <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Your subscription is canceled and will not renew.
              {endDate
                ? ` Your plan stays active until ${endDate}.`
                : ' Your plan stays active until the end of the billing period.'}
            </span>
          </p>
        )}
        {pending && !isCanceling && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="pending-notice"
          >
            <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Your plan changes to {pending.name}{' '}
              {endDate ? `on ${endDate}` : 'at the end of the billing period'}. You keep{' '}
              {plan?.name ?? 'your plan'} until then.
            </span>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/pricing">Change Plan</Link>
          </Button>
          {u && !isFree && (isCanceling || pending) && (
            <Button variant="outline" onClick={() => setKeeping(u.subscriptionPlan)}>
              {isCanceling ? 'Resume Subscription' : `Keep ${plan?.name ?? 'Plan'}`}
            </Button>
          )}
          {!isFree && !isCanceling && (
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirming(true)}
            >
              Cancel Subscription
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Subscription?"
        description={`Your plan stays active until the end of the current billing period${endDate ? ` (${endDate})` : ''}, then you move to the Free plan. Unused credits stay on your account.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        isPending={cancel.isPending}
        onConfirm={confirm}
      />
      <PlanChangeDialog planId={keeping} onClose={() => setKeeping(null)} />
    </Card>
  );
}

export function BillingTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
      <div className="lg:col-span-2 empty:hidden">
        <PurchaseNotice kind="subscription" />
      </div>
      <div className="grid content-start gap-6">
        <CurrentPlanCard />
        <Card>
          <CardContent className="flex items-start gap-3 p-5 text-sm text-muted-foreground">
            <Receipt className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              Need more transformations this month?{' '}
              <a
                href="/pricing#credits"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Buy credits
              </a>{' '}
              — they never expire and are used after your monthly allowance.
            </p>
          </CardContent>
        </Card>
      </div>
      <PaymentHistoryCard />
    </div>
  );
}
