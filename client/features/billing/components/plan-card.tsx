import { Check, Loader2, Sparkles } from 'lucide-react';
import type { BillingCycle } from '#shared/constants/plans.ts';
import type { SubscriptionPlan } from '#shared/schemas/catalog.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  cyclePrice,
  formatPrice,
  planButtonLabel,
  transformationsLine,
  yearlySavingPercent,
} from '../pricing-rules.ts';

export interface PlanCardProps {
  plan: SubscriptionPlan;
  cycle: BillingCycle;
  isCurrent: boolean;
  isPending: boolean;
  /** Another plan's call is running: hold every button. */
  disabled: boolean;
  onSelect: (plan: SubscriptionPlan) => void;
}

export function PlanCard({ plan, cycle, isCurrent, isPending, disabled, onSelect }: PlanCardProps) {
  const popular = plan.id === 'pro';
  const price = cyclePrice(plan, cycle);
  const saving = cycle === 'yearly' ? yearlySavingPercent(plan.monthlyPrice, plan.yearlyPrice) : null;
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col',
        popular && 'border-primary shadow-lg ring-1 ring-primary md:-my-2 md:py-2',
      )}
    >
      {(popular || isCurrent) && (
        <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-2">
          {popular && (
            <Badge className="px-3 py-1">
              <Sparkles aria-hidden /> Most Popular
            </Badge>
          )}
          {isCurrent && (
            <Badge variant="success" className="border-success/30 bg-background px-3 py-1 shadow-sm">
              Current Plan
            </Badge>
          )}
        </div>
      )}
      <CardHeader className="pt-8">
        <h3 id={titleId} className="text-xl font-semibold tracking-tight">
          {plan.name}
        </h3>
        <p className="text-sm text-muted-foreground md:min-h-10">{plan.description}</p>
        <p className="pt-3">
          <span className="text-4xl font-bold tracking-tight">{formatPrice(price.amount)}</span>
          <span className="ml-1 text-sm text-muted-foreground">{price.period}</span>
        </p>
        {/* Rendered on every card while yearly is shown, so the cards' lines stay aligned. */}
        {cycle === 'yearly' && (
          <p className="min-h-5 text-sm font-medium text-success">
            {saving !== null && saving > 0 ? `Save ${saving}%` : ''}
          </p>
        )}
        <p className="text-sm font-semibold text-primary">
          {transformationsLine(plan.monthlyTransformations)}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2.5 text-sm">
          {plan.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{f}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          size="lg"
          variant={popular ? 'default' : 'outline'}
          disabled={isCurrent || disabled}
          aria-busy={isPending}
          onClick={() => onSelect(plan)}
        >
          {isPending && <Loader2 className="animate-spin" aria-hidden />}
          {planButtonLabel({ planId: plan.id, planName: plan.name, isCurrent, isPending })}
        </Button>
      </CardFooter>
    </Card>
  );
}
