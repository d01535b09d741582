import { useState } from 'react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, History, Loader2, Search } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS, type RoomType, type Style } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TransformationGrid } from '#client/features/dashboard/components/card-grid.tsx';
import { PendingButton } from '#client/components/pending-button.tsx';
import { TabSection } from '#client/features/dashboard/components/tab-section.tsx';
import { LabelledSelect } from '#client/features/dashboard/components/labelled-select.tsx';
import { titleCase } from '#client/lib/format.ts';
import {
  ALL,
  DEFAULT_VIEW,
  orderedOptions,
  type HistoryView,
  type SortKey,
} from '#client/features/dashboard/history-sort.ts';
import { useHistorySearch } from '#client/features/dashboard/use-history-search.ts';
import { useTransformationActions } from '#client/features/dashboard/use-transformation-actions.tsx';
import type { ArrangeSlot } from '#client/features/dashboard/components/image-viewer-dialog.tsx';
import { ArrangeFurniture } from '#client/features/arrange/arrange-furniture.tsx';

const SORT_OPTIONS = [
  { value: 'date', label: 'Date' },
  { value: 'style', label: 'Style' },
  { value: 'title', label: 'Title' },
];

// A past staging is arranged from its image viewer too (issue 31 item 2: "the dashboard's view").
const arrange: ArrangeSlot = (t, onSaved) => (
  <ArrangeFurniture transformationId={t.id} imageSrc={t.transformedImageUrl ?? ''} onSaved={onSaved} />
);

export function HistoryTab() {
  const { actions, dialogs } = useTransformationActions(arrange);
  const [view, setView] = useState<HistoryView>(DEFAULT_VIEW);
  const [search, setSearch] = useState('');
  // Search, filters, sort and pages are done by the server (GET /api/transformations/search).
  const list = useHistorySearch(view, search);
  const options = orderedOptions(list.styles, list.rooms);
  const items = list.items;
  const change = (patch: Partial<HistoryView>) => setView((v) => ({ ...v, ...patch }));
  const filtered = view.style !== ALL || view.room !== ALL || list.appliedSearch.trim() !== '';
  const styleOptions = [
    { value: ALL, label: 'All Styles' },
    ...options.styles.map((s) => ({ value: s, label: STYLE_LABELS[s as Style] ?? titleCase(s) })),
  ];
  const roomOptions = [
    { value: ALL, label: 'All Rooms' },
    ...options.rooms.map((r) => ({ value: r, label: ROOM_TYPE_LABELS[r as RoomType] ?? titleCase(r) })),
  ];
  const filters = [
    { key: 'style', label: 'Style', options: styleOptions },
    { key: 'room', label: 'Room', options: roomOptions },
  ] as const;
  const asc = view.dir === 'asc';

  return (
    <TabSection
      id="history-heading"
      title="Transformation History"
      description={`${list.total} of ${list.totalAll} transformations`}
      descriptionProps={{ 'data-testid': 'history-count', 'aria-live': 'polite' }}
    >
      <div className="grid grid-cols-2 items-end gap-3 rounded-xl border bg-card p-3 shadow-sm sm:flex sm:flex-wrap sm:p-4">
        <div className="col-span-2 sm:w-64" role="search">
          <Label htmlFor="history-search" className="mb-1.5 block text-xs font-medium text-muted-foreground">
            Search
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="history-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Title, notes, style or room"
              maxLength={200}
              className="pl-8"
            />
            {list.isFetching && !list.isPending && (
              <Loader2
                className="absolute right-2.5 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
                aria-hidden
              />
            )}
          </div>
        </div>
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
            aria-label={
              asc ? 'Ascending order, switch to descending' : 'Descending order, switch to ascending'
            }
            title={asc ? 'Ascending' : 'Descending'}
          >
            {asc ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
          </Button>
        </div>
        {filters.map((f) => (
          <LabelledSelect
            key={f.key}
            id={`history-${f.key}`}
            label={f.label}
            value={view[f.key]}
            options={f.options}
            onChange={(v) => change({ [f.key]: v })}
            className="sm:w-44"
          />
        ))}
        {filtered && (
          <Button
            variant="ghost"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              change({ style: ALL, room: ALL });
              setSearch('');
            }}
          >
            Clear filters
          </Button>
        )}
      </div>

      <TransformationGrid
        items={items}
        isPending={list.isPending}
        skeletons={8}
        card={{ actions, withOriginal: true, show: ['favorite', 'edit', 'download', 'delete'] }}
        empty={{
          icon: History,
          title: list.totalAll === 0 ? 'No transformations yet' : 'Nothing matches these filters',
          text:
            list.totalAll === 0 ? 'Staged photos appear here.' : 'Try other words, another style or room.',
        }}
      />
      {list.hasMore && (
        <div className="flex flex-col items-center gap-2">
          <PendingButton
            variant="outline"
            onClick={list.loadMore}
            disabled={list.isLoadingMore}
            pending={list.isLoadingMore}
          >
            Load More
          </PendingButton>
          <p className="text-xs text-muted-foreground">
            Showing {items.length} of {list.total}
          </p>
        </div>
      )}
      {dialogs}
    </TabSection>
  );
}
