import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { PendingButton } from '#client/components/pending-button.tsx';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';

/** What the frame reads of an admin list's infinite query (pages already flattened to rows). */
export interface PagedRows<T> {
  data: T[] | undefined;
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface Props<T> {
  label: string;
  columns: string[];
  query: PagedRows<T>;
  emptyText: string;
  /** One table row per list row. */
  children: (row: T) => ReactNode;
}

/**
 * The shared body of the three admin tabs: 600 px high and scrolling both ways (the header sticks), a
 * spinner while the first page loads, and "Load more" while the server reports another page.
 */
export function AdminTableFrame<T>({ label, columns, query, emptyText, children }: Props<T>) {
  const { isLoading, hasNextPage: hasMore, isFetchingNextPage: loadingMore } = query;
  const rows = query.data ?? [];
  return (
    // Focusable and named: a keyboard must be able to scroll the frame sideways on a phone even when
    // no row has a button in it (axe: scrollable-region-focusable).
    <div
      className="h-[600px] overflow-auto rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-ring"
      data-testid={`${label}-table`}
      role="region"
      aria-label={`${label} table`}
      tabIndex={0}
    >
      {isLoading ? (
        <div
          className="flex h-full items-center justify-center"
          role="status"
          aria-label={`Loading ${label}`}
        >
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        </div>
      ) : (
        <>
          <Table aria-label={label} className="min-w-[860px]">
            <TableHeader className="sticky top-0 z-10 bg-muted/95 backdrop-blur">
              <TableRow className="hover:bg-transparent">
                {columns.map((c) => (
                  <TableHead key={c} className={c === 'Actions' ? 'text-right' : undefined}>
                    {c}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>{rows.map(children)}</TableBody>
          </Table>
          {rows.length === 0 && (
            <p className="py-16 text-center text-sm text-muted-foreground">{emptyText}</p>
          )}
          {hasMore && (
            <div className="flex justify-center border-t p-3">
              <PendingButton
                variant="outline"
                size="sm"
                onClick={() => void query.fetchNextPage()}
                disabled={loadingMore}
                pending={loadingMore}
              >
                Load more
              </PendingButton>
            </div>
          )}
        </>
      )}
    </div>
  );
}
