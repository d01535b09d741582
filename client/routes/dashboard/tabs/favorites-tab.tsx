import { Heart } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useFavorites } from '#client/features/dashboard/api.ts';
import { TransformationGrid } from '#client/features/dashboard/components/card-grid.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { useTransformationActions } from '#client/features/dashboard/use-transformation-actions.tsx';
import type { DashboardTab } from '../dashboard-tabs.ts';

export function FavoritesTab({ onGoTo }: { onGoTo: (tab: DashboardTab) => void }) {
  const list = useFavorites();
  const { actions, dialogs } = useTransformationActions();
  // An item just unfavorited leaves at once, before the refetch confirms it.
  const items = (list.data ?? []).filter((t) => t.isFavorite);
  return (
    <section aria-labelledby="favorites-heading" className="grid gap-5">
      <div>
        <h2 id="favorites-heading" className="text-xl font-semibold tracking-tight">
          Favorites
        </h2>
        <p className="text-sm text-muted-foreground">
          {items.length} favorite {items.length === 1 ? 'transformation' : 'transformations'}
        </p>
      </div>
      <TransformationGrid
        items={items}
        isPending={list.isPending}
        skeletons={4}
        empty={
          <EmptyState icon={Heart} title="No favorites yet">
            <p className="max-w-sm text-sm text-muted-foreground">
              Tap the heart on any transformation to keep your best shots here.
            </p>
            <Button variant="outline" onClick={() => onGoTo('history')}>
              Browse your history
            </Button>
          </EmptyState>
        }
        card={{ actions, show: ['download', 'favorite'], favoriteLabel: () => 'Remove from favorites' }}
      />
      {dialogs}
    </section>
  );
}
