import { Heart } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useFavorites } from '#client/features/dashboard/api.ts';
import { TransformationGrid } from '#client/features/dashboard/components/card-grid.tsx';
import { TabSection } from '#client/features/dashboard/components/tab-section.tsx';
import { useTransformationActions } from '#client/features/dashboard/use-transformation-actions.tsx';
import type { DashboardTab } from '../dashboard-tabs.ts';

export function FavoritesTab({ onGoTo }: { onGoTo: (tab: DashboardTab) => void }) {
  const list = useFavorites();
  const { actions, dialogs } = useTransformationActions();
  // An item just unfavorited leaves at once, before the refetch confirms it.
  const items = (list.data ?? []).filter((t) => t.isFavorite);
  return (
    <TabSection
      id="favorites-heading"
      title="Favorites"
      description={`${items.length} favorite ${items.length === 1 ? 'transformation' : 'transformations'}`}
    >
      <TransformationGrid
        items={items}
        isPending={list.isPending}
        skeletons={4}
        card={{ actions, show: ['download', 'favorite'], favoriteLabel: () => 'Remove from favorites' }}
        empty={{
          icon: Heart,
          title: 'No favorites yet',
          text: 'Tap the heart on any transformation to keep your best shots here.',
          children: (
            <Button variant="outline" onClick={() => onGoTo('history')}>
              Browse your history
            </Button>
          ),
        }}
      />
      {dialogs}
    </TabSection>
  );
}
