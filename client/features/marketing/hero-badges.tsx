import { Clock, PiggyBank, TrendingUp } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';

const BADGES = [
  { icon: TrendingUp, label: 'Sell Faster' },
  { icon: Clock, label: 'Minutes Not Days' },
  { icon: PiggyBank, label: 'Cost Effective' },
] as const;

/** The three hero badges of the home page. */
export function HeroBadges({ className }: { className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Highlights">
      {BADGES.map((b) => (
        <li
          key={b.label}
          className="inline-flex items-center gap-1.5 rounded-full border bg-background/90 px-3 py-1.5 text-sm font-medium shadow-xs"
        >
          <b.icon className="size-4 text-brand-accent" aria-hidden />
          {b.label}
        </li>
      ))}
    </ul>
  );
}
