import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDebounced } from '#client/hooks/use-debounced.ts';
import { QUERY_KEYS } from '#client/lib/query-keys.ts';
import { fetchHistoryPage } from './api.ts';
import { historySearchParams, type HistoryView } from './history-sort.ts';

export const HISTORY_PAGE_SIZE = 24;
const DEBOUNCE_MS = 250;

/**
 * The History tab's data: search, filters, sort and pages come from the server, so a long history is
 * never downloaded whole. Keyed under /api/transformations, so every edit, favourite or delete refreshes it.
 */
export function useHistorySearch(view: HistoryView, search: string) {
  const q = useDebounced(search, DEBOUNCE_MS);
  const query = useInfiniteQuery({
    queryKey: [...QUERY_KEYS.transformations, 'search', view, q],
    queryFn: ({ pageParam }) => fetchHistoryPage(historySearchParams(view, q, pageParam, HISTORY_PAGE_SIZE)),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  return {
    items: pages.flatMap((p) => p.items),
    total: first?.total ?? 0,
    totalAll: first?.totalAll ?? 0,
    styles: first?.styles ?? [],
    rooms: first?.rooms ?? [],
    isPending: query.isPending,
    isFetching: query.isFetching,
    hasMore: !!query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
    /** The search text the list reflects (the box may be ahead of it while typing). */
    appliedSearch: q,
  };
}
