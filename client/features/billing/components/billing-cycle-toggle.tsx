import type { BillingCycle } from '#shared/constants/plans.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import { YEARLY_BADGE } from '../pricing-rules.ts';

const OPTIONS: { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly/Yearly switch; the static saving badge shows while Yearly is chosen. */
export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (v: BillingCycle) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="group"
        aria-label="Billing cycle"
        className="inline-flex rounded-full border bg-background p-1 shadow-sm"
      >
        {OPTIONS.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={value === o.value}
            onClick={() => onChange(o.value)}
            className={cn(
              'min-w-24 cursor-pointer rounded-full px-5 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              value === o.value
                ? 'bg-primary text-primary-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
      {value === 'yearly' && (
        <Badge variant="success" className="px-3 py-1 text-sm">
          {YEARLY_BADGE}
        </Badge>
      )}
    </div>
  );
}
