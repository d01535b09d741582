import { CalendarClock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useUsage } from '#client/hooks/use-usage.ts';
import { formatDate, titleCase } from '#client/lib/format.ts';
import { usePlans } from '../api.ts';

/**
 * A paid plan that is set to end, or to change at the period end: says when, and offers to keep it
 * (the resume goes through the plan-change dialog, which states the next payment).
 */
export function SubscriptionNotice({
  onKeep,
  enabled = true,
}: {
  onKeep: (planId: string) => void;
  enabled?: boolean;
}) {
  const { data: u } = useUsage(enabled);
  const { data: plans } = usePlans();
  if (!u || u.subscriptionPlan === 'free') return null;
  const name = (id: string) => plans?.find((p) => p.id === id)?.name ?? titleCase(id);
  const plan = name(u.subscriptionPlan);
  const end = u.subscriptionPeriodEnd ? formatDate(u.subscriptionPeriodEnd) : null;
  const when = end ? `on ${end}` : 'at the end of the billing period';
  let text: string | null = null;
  if (u.subscriptionStatus === 'canceling') {
    text = `Your ${plan} plan is canceled and ends ${when}. You keep it until then, and can resume it any time before.`;
  } else if (u.subscriptionPendingPlan) {
    text = `Your ${plan} plan changes to ${name(u.subscriptionPendingPlan)} ${when}. You keep ${plan} until then.`;
  }
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="subscription-notice"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{text}</span>
      </p>
      <Button size="sm" className="shrink-0" onClick={() => onKeep(u.subscriptionPlan)}>
        {u.subscriptionStatus === 'canceling' ? `Resume ${plan}` : `Keep ${plan}`}
      </Button>
    </div>
  );
}
