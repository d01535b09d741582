import { cn } from '#client/lib/utils.ts';

export interface Stat {
  value: string;
  label: string;
}

/** A row of big numbers with captions (features hero, examples page). */
export function StatsStrip({ stats, className }: { stats: readonly Stat[]; className?: string }) {
  return (
    <dl
      className={cn(
        'mx-auto grid max-w-3xl grid-cols-2 gap-px overflow-hidden rounded-xl border bg-border shadow-xs sm:grid-cols-4',
        className,
      )}
    >
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col-reverse items-center bg-background/90 px-3 py-4">
          <dt className="text-xs text-muted-foreground sm:text-sm">{s.label}</dt>
          <dd className="text-2xl font-bold tracking-tight text-primary">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
