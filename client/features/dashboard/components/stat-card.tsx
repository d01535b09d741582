import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';

interface Props {
  title: string;
  icon: LucideIcon;
  /** Undefined while loading: a skeleton keeps the card's height. */
  value: ReactNode | undefined;
  children?: ReactNode;
  testId?: string;
}

/** One of the overview's four figures (usage, plan, credits, reset date). */
export function StatCard({ title, icon: Icon, value, children, testId }: Props) {
  return (
    <Card data-testid={testId} className="flex flex-col">
      {/* Two per row on a phone (about 170 px each): tighter padding and a smaller figure below sm. */}
      <CardContent className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-8">
            <Icon className="size-4" aria-hidden />
          </span>
        </div>
        <div className="text-lg font-bold tracking-tight sm:text-2xl">
          {value ?? <Skeleton className="h-8 w-24" />}
        </div>
        {children && <div className="mt-auto grid gap-2 text-sm">{children}</div>}
      </CardContent>
    </Card>
  );
}
