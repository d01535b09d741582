import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';

interface Props {
  label: string;
  columns: string[];
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
}

/**
 * The shared body of the three admin tabs: 600 px high and scrolling both ways (the header sticks), a
 * spinner while the first page loads, and "Load more" while the server reports another page.
 */
export function AdminTableFrame({
  label,
  columns,
  isLoading,
  isEmpty,
  emptyText,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
}: Props) {
  return (
    <div className="h-[600px] overflow-auto rounded-lg border bg-card" data-testid={`${label}-table`}>
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
            <TableBody>{children}</TableBody>
          </Table>
          {isEmpty && <p className="py-16 text-center text-sm text-muted-foreground">{emptyText}</p>}
          {hasMore && (
            <div className="flex justify-center border-t p-3">
              <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore && <Loader2 className="animate-spin" aria-hidden />} Load more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
