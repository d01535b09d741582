import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Images, Users, Wallet } from 'lucide-react';
import type { AdminStats } from '#shared/schemas/admin.ts';
import { Card } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';

interface Stat {
  title: string;
  value: number | undefined;
  hint: string;
  icon: LucideIcon;
  danger?: boolean;
}

function StatCard({ title, value, hint, icon: Icon, danger }: Stat) {
  return (
    <Card className={cn('p-4', danger && 'border-destructive/30 bg-destructive/5')}>
      <div className="flex items-center justify-between gap-2">
        <p className={cn('text-sm font-medium text-muted-foreground', danger && 'text-destructive')}>
          {title}
        </p>
        <Icon className={cn('size-4 text-muted-foreground', danger && 'text-destructive')} aria-hidden />
      </div>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className={cn('mt-1 text-3xl font-bold tabular-nums', danger && 'text-destructive')}>
          {value.toLocaleString('en-US')}
        </p>
      )}
      <p className={cn('mt-1 text-xs text-muted-foreground', danger && 'text-destructive/80')}>{hint}</p>
    </Card>
  );
}

/** The four cards; Failed Jobs in red. */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  const cards: Stat[] = [
    {
      title: 'Total Users',
      value: stats?.totalUsers,
      hint: `${stats?.activeUsers ?? '–'} active`,
      icon: Users,
    },
    {
      title: 'Transformations',
      value: stats?.totalTransformations,
      hint: `${stats?.pendingTransformations ?? '–'} pending`,
      icon: Images,
    },
    {
      title: 'Users with Credits',
      value: stats?.usersWithCredits,
      hint: 'Holding a credit balance',
      icon: Wallet,
    },
    // Red only when there is something to look at; "0 - Need attention" in red was a false alarm.
    {
      title: 'Failed Jobs',
      value: stats?.failedTransformations,
      hint: (stats?.failedTransformations ?? 0) > 0 ? 'Need attention' : 'None right now',
      icon: AlertTriangle,
      danger: (stats?.failedTransformations ?? 0) > 0,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Statistics">
      {cards.map((c) => (
        <StatCard key={c.title} {...c} />
      ))}
    </div>
  );
}
