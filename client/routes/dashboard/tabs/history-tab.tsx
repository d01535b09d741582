import { useMemo, useState } from 'react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, History } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS, type RoomType, type Style } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useTransformations } from '#client/features/dashboard/api.ts';
import { CardGrid, CardGridSkeleton } from '#client/features/dashboard/components/card-grid.tsx';
import { EmptyState } from '#client/features/dashboard/components/empty-state.tsx';
import { LabelledSelect } from '#client/features/dashboard/components/labelled-select.tsx';
import { TransformationCard } from '#client/features/dashboard/components/transformation-card.tsx';
import { titleCase } from '#client/features/dashboard/display-title.ts';
import {
  ALL,
  applyHistoryView,
  DEFAULT_VIEW,
  filterOptions,
  type HistoryView,
  type SortKey,
} from '#client/features/dashboard/history-sort.ts';
import { useTransformationActions } from '#client/features/dashboard/use-transformation-actions.tsx';

/** Cards rendered per step: 500 transformations stay smooth because only a page's worth is in the DOM. */
const PAGE_SIZE = 24;

const SORT_OPTIONS = [
  { value: 'date', label: 'Date' },
  { value: 'style', label: 'Style' },
  { value: 'title', label: 'Title' },
];

export function HistoryTab() {
  const list = useTransformations();
  const { actions, dialogs } = useTransformationActions();
  const [view, setView] = useState<HistoryView>(DEFAULT_VIEW);
  const [shown, setShown] = useState(PAGE_SIZE);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const options = useMemo(() => filterOptions(all), [all]);
  const items = useMemo(() => applyHistoryView(all, view), [all, view]);

  // A new sort or filter starts again at the first page.
  const change = (patch: Partial<HistoryView>) => {
    setView((v) => ({ ...v, ...patch }));
    setShown(PAGE_SIZE);
  };
  const styleOptions = [
    { value: ALL, label: 'All Styles' },
    ...options.styles.map((s) => ({ value: s, label: STYLE_LABELS[s as Style] ?? titleCase(s) })),
  ];
  const roomOptions = [
    { value: ALL, label: 'All Rooms' },
    ...options.rooms.map((r) => ({ value: r, label: ROOM_TYPE_LABELS[r as RoomType] ?? titleCase(r) })),
  ];
  const asc = view.dir === 'asc';

  return (
    <section aria-labelledby="history-heading" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="history-heading" className="text-xl font-semibold tracking-tight">
            Transformation History
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="history-count" aria-live="polite">
            {items.length} of {all.length} transformations
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 items-end gap-3 rounded-xl border bg-card p-3 shadow-sm sm:flex sm:flex-wrap sm:p-4">
        <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
          <LabelledSelect
            id="history-sort"
            label="Sort by"
            value={view.sort}
            options={SORT_OPTIONS}
            onChange={(v) => change({ sort: v as SortKey })}
            className="flex-1 sm:w-36"
          />
          <Button
            variant="outline"
            size="icon"
            onClick={() => change({ dir: asc ? 'desc' : 'asc' })}
            aria-label={asc ? 'Ascending order, switch to descending' : 'Descending order, switch to ascending'}
            title={asc ? 'Ascending' : 'Descending'}
          >
            {asc ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
          </Button>
        </div>
        <LabelledSelect id="history-style" label="Style" value={view.style} options={styleOptions} onChange={(v) => change({ style: v })} className="sm:w-44" />
        <LabelledSelect id="history-room" label="Room" value={view.room} options={roomOptions} onChange={(v) => change({ room: v })} className="sm:w-44" />
        {(view.style !== ALL || view.room !== ALL) && (
          <Button variant="ghost" className="col-span-2 sm:col-span-1" onClick={() => change({ style: ALL, room: ALL })}>
            Clear filters
          </Button>
        )}
      </div>

      {list.isPending ? (
        <CardGridSkeleton count={8} />
      ) : items.length === 0 ? (
        <EmptyState icon={History} title={all.length === 0 ? 'No transformations yet' : 'Nothing matches these filters'}>
          <p className="text-sm text-muted-foreground">
            {all.length === 0 ? 'Staged photos appear here.' : 'Try another style or room.'}
          </p>
        </EmptyState>
      ) : (
        <CardGrid>
          {items.slice(0, shown).map((t) => (
            <TransformationCard key={t.id} t={t} actions={actions} withOriginal show={['favorite', 'edit', 'download', 'delete']} />
          ))}
        </CardGrid>
      )}
      {items.length > shown && (
        <div className="flex flex-col items-center gap-2">
          <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
            Load More
          </Button>
          <p className="text-xs text-muted-foreground">
            Showing {shown} of {items.length}
          </p>
        </div>
      )}
      {dialogs}
    </section>
  );
}
