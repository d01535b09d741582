import { useState } from 'react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, History, Loader2, Search } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS, type RoomType, type Style } from '#shared/constants/staging.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TransformationGrid } from '#client/features/dashboard/components/card-grid.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
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

const SORT_OPTIONS = [
  { value: 'date', label: 'Date' },
  { value: 'style', label: 'Style' },
  { value: 'title', label: 'Title' },
];

export function HistoryTab() {
  const { actions, dialogs } = useTransformationActions();
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
  const asc = view.dir === 'asc';

  return (
    <section aria-labelledby="history-heading" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="history-heading" className="text-xl font-semibold tracking-tight">
            Transformation History
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="history-count" aria-live="polite">
            {list.total} of {list.totalAll} transformations
          </p>
        </div>
      </div>

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
        <LabelledSelect
          id="history-style"
          label="Style"
          value={view.style}
          options={styleOptions}
          onChange={(v) => change({ style: v })}
          className="sm:w-44"
        />
        <LabelledSelect
          id="history-room"
          label="Room"
          value={view.room}
          options={roomOptions}
          onChange={(v) => change({ room: v })}
          className="sm:w-44"
        />
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
        empty={
          <EmptyState
            icon={History}
            title={list.totalAll === 0 ? 'No transformations yet' : 'Nothing matches these filters'}
          >
            <p className="text-sm text-muted-foreground">
              {list.totalAll === 0 ? 'Staged photos appear here.' : 'Try other words, another style or room.'}
            </p>
          </EmptyState>
        }
        card={{ actions, withOriginal: true, show: ['favorite', 'edit', 'download', 'delete'] }}
      />
      {list.hasMore && (
        <div className="flex flex-col items-center gap-2">
          <Button variant="outline" onClick={list.loadMore} disabled={list.isLoadingMore}>
            {list.isLoadingMore && <Loader2 className="animate-spin" aria-hidden />} Load More
          </Button>
          <p className="text-xs text-muted-foreground">
            Showing {items.length} of {list.total}
          </p>
        </div>
      )}
      {dialogs}
    </section>
  );
}
