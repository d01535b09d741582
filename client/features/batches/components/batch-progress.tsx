import { useEffect, useRef } from 'react';
import { AlertCircle, CheckCircle2, Clock, Download, Loader2, Plus } from 'lucide-react';
import { ROOM_TYPE_LABELS, STYLE_LABELS } from '#shared/constants/staging.ts';
import type { Batch, BatchItem } from '#shared/schemas/batches.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queueStatusText } from '#client/lib/queue-wait.ts';
import { cn } from '#client/lib/utils.ts';
import { AFTER_TRANSFORM, invalidateAll } from '#client/lib/query-keys.ts';
import { PublicLinkPanel } from '#client/components/public-link-panel.tsx';
import { batchDownloadUrl, isSettled, useBatch } from '../api.ts';

export interface BatchProgressProps {
  id: string;
  onNewBatch: () => void;
}

/** A started batch: overall progress, each photo's place in the queue or result, and the ZIP download. */
export function BatchProgress({ id, onNewBatch }: BatchProgressProps) {
  const { data: batch, error } = useBatch(id);
  useSettledOnce(batch);

  if (error) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-4 p-6">
          <p role="alert" className="flex items-center gap-2 text-destructive">
            <AlertCircle className="size-5" aria-hidden /> {error.message}
          </p>
          <Button variant="outline" onClick={onNewBatch}>
            <Plus aria-hidden /> New Batch
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!batch) return <Skeleton className="h-64 w-full" />;

  const settled = isSettled(batch);
  const done = batch.completed + batch.failed;
  const percent = batch.total === 0 ? 100 : Math.round((done / batch.total) * 100);
  return (
    <div className="grid gap-6" data-testid="batch-progress" data-settled={settled}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
          <div>
            <CardTitle>{settled ? 'Your Listing Is Staged' : 'Staging Your Listing…'}</CardTitle>
            <CardDescription className="mt-1.5">
              {STYLE_LABELS[batch.style]} style · {batch.total} {batch.total === 1 ? 'photo' : 'photos'}.{' '}
              {settled
                ? 'Download every result as one ZIP.'
                : 'You may leave this page; the photos keep staging.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {batch.completed > 0 ? (
              <a
                href={batchDownloadUrl(batch.id)}
                download
                className={buttonVariants({ variant: settled ? 'default' : 'outline' })}
                data-testid="batch-download"
              >
                <Download aria-hidden />{' '}
                {settled ? 'Download All (ZIP)' : `Download ${batch.completed} Finished (ZIP)`}
              </a>
            ) : (
              <Button disabled>
                <Download aria-hidden /> Download All (ZIP)
              </Button>
            )}
            {settled && (
              <Button variant="outline" onClick={onNewBatch}>
                <Plus aria-hidden /> New Batch
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent>
          <div className="flex items-center justify-between text-sm">
            {/* Announced politely once per photo finished, not on every percent (the figure beside it). */}
            <span data-testid="batch-counts" role="status" aria-atomic="true">
              {batch.completed} of {batch.total} staged
              {batch.failed > 0 && (
                <span className="text-destructive"> · {batch.failed} failed (not charged)</span>
              )}
            </span>
            <span className="font-semibold tabular-nums text-primary">{percent}%</span>
          </div>
          <Progress value={percent} className="mt-2" aria-label="Batch progress" />
          {/* The listing page: every original beside its staged photo; its link goes into DISCLOSURE.txt. */}
          {settled && batch.completed > 0 && (
            <div className="mt-4">
              <PublicLinkPanel target={{ kind: 'listing', id: batch.id }} />
            </div>
          )}
        </CardContent>
      </Card>
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        aria-label="Photos in this batch"
      >
        {batch.items.map((item) => (
          <BatchItemCard key={item.id} item={item} />
        ))}
      </ul>
    </div>
  );
}

/** When the batch settles while on screen: refresh the balance and history, and say how it went. */
function useSettledOnce(batch: Batch | undefined) {
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!batch) return;
    if (!isSettled(batch)) {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    void invalidateAll(queryClient, AFTER_TRANSFORM);
    toast(
      batch.failed === 0
        ? { title: 'Batch complete', description: `All ${batch.total} photos are staged.` }
        : {
            title: 'Batch finished',
            description: `${batch.completed} of ${batch.total} photos staged; ${batch.failed} failed and were not charged.`,
          },
    );
  }, [batch]);
}

function BatchItemCard({ item }: { item: BatchItem }) {
  const title = item.title ?? `Photo ${item.index + 1}`;
  const src = item.thumbnailUrl ?? item.originalImageUrl;
  const waiting = queueStatusText(item);
  return (
    <li
      data-testid="batch-item"
      data-state={item.state}
      className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm"
    >
      <div className="relative aspect-[4/3] bg-muted">
        {src && (
          <img
            src={src}
            alt={title}
            className={cn(
              'absolute inset-0 size-full object-cover',
              item.state !== 'completed' && 'opacity-60',
            )}
          />
        )}
        {(item.state === 'queued' || item.state === 'running') && (
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-background/85 shadow">
              {item.state === 'running' ? (
                <Loader2 className="size-5 animate-spin text-primary" aria-hidden />
              ) : (
                <Clock className="size-5 text-muted-foreground" aria-hidden />
              )}
            </span>
          </span>
        )}
      </div>
      <div className="grid gap-1.5 p-2.5">
        <p className="truncate text-sm font-medium" title={title}>
          {title}
        </p>
        <p className="text-xs text-muted-foreground">{ROOM_TYPE_LABELS[item.roomType]}</p>
        <div data-testid="batch-item-status">
          {item.state === 'completed' && (
            <Badge variant="success">
              <CheckCircle2 aria-hidden /> Staged
            </Badge>
          )}
          {item.state === 'failed' && (
            <Badge variant="destructive">
              <AlertCircle aria-hidden /> Failed
            </Badge>
          )}
          {waiting && <p className="text-xs font-medium text-primary">{waiting}</p>}
        </div>
        {item.state === 'failed' && item.errorMessage && (
          <p className="line-clamp-3 text-xs text-muted-foreground">{item.errorMessage}</p>
        )}
      </div>
    </li>
  );
}
