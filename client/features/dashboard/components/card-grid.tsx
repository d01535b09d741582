import type { ComponentProps, ReactNode } from 'react';
import type { Transformation } from '#shared/schemas/staging.ts';
import { cn } from '#client/lib/utils.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { TransformationCard } from './transformation-card.tsx';

/** The responsive grid every transformation list uses. */
export function CardGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3',
        !wide && 'xl:grid-cols-4',
      )}
    >
      {children}
    </div>
  );
}

export function CardGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <CardGrid>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-[4/3.6] rounded-xl" />
      ))}
    </CardGrid>
  );
}

/**
 * A transformation list's three states: loading (skeleton cards), empty (an EmptyState with `empty`'s
 * icon, words and next step), or one card per item.
 */
export function TransformationGrid({
  items,
  isPending,
  skeletons,
  wide,
  card,
  empty,
}: {
  items: readonly Transformation[];
  isPending: boolean;
  skeletons: number;
  wide?: boolean;
  /** What every card shows and does. */
  card: Omit<ComponentProps<typeof TransformationCard>, 't'>;
  empty: ComponentProps<typeof EmptyState>;
}) {
  if (isPending) return <CardGridSkeleton count={skeletons} />;
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <CardGrid wide={wide}>
      {items.map((t) => (
        <TransformationCard key={t.id} t={t} {...card} />
      ))}
    </CardGrid>
  );
}
