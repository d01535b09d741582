import type { ReactNode } from 'react';
import { Activity } from 'lucide-react';
import type { EngineHealth } from '#shared/schemas/admin.ts';
import { STAGING_UNAVAILABLE_MESSAGE } from '#shared/constants/staging.ts';
import { TitledCard } from '#client/components/titled-card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';
import { useEngineHealth } from '../api/queries.ts';
import { formatLatency, formatRate, tableDate } from '../format.ts';

const when = (iso: string | null) => (iso ? tableDate(iso) : 'Never');

function Item({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

function Details({ h }: { h: EngineHealth }) {
  const unhealthy = h.state === 'unhealthy';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={unhealthy ? 'destructive' : 'success'}>{unhealthy ? 'Unhealthy' : 'Healthy'}</Badge>
        <span className="text-sm text-muted-foreground">since {tableDate(h.since)}</span>
      </div>
      {unhealthy && (
        <p role="status" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
          New stagings are refused before anything is charged; agents read “{STAGING_UNAVAILABLE_MESSAGE}”
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item term="Engine">{h.engine}</Item>
        <Item term="Model">{h.model ?? 'None (no provider model)'}</Item>
        <Item term="Last model check">{when(h.lastCheckedAt)}</Item>
        <Item term="Last success">{when(h.lastSuccessAt)}</Item>
        <Item term="Last error" wide>
          {h.lastError ? (
            <>
              <code className="rounded bg-muted px-1 py-0.5 text-xs">{h.lastError.providerCode}</code>{' '}
              <span className="text-muted-foreground">at {tableDate(h.lastError.at)}</span>
              <span className="mt-0.5 block text-muted-foreground">{h.lastError.message}</span>
            </>
          ) : (
            'None'
          )}
        </Item>
        <Item term="Latency, last hour (p50 / p95)">
          {formatLatency(h.lastHour.p50Ms)} / {formatLatency(h.lastHour.p95Ms)}
        </Item>
        <Item term="Failure rate, last hour">
          {formatRate(h.lastHour.failureRate)}{' '}
          <span className="text-muted-foreground">
            ({h.lastHour.failures} of {h.lastHour.runs} {h.lastHour.runs === 1 ? 'run' : 'runs'})
          </span>
        </Item>
      </dl>
    </div>
  );
}

/** The staging engine's health (decision 0153): state, last success and error, last-hour figures. */
export function EngineHealthCard({ enabled }: { enabled: boolean }) {
  const query = useEngineHealth(enabled);
  return (
    <TitledCard
      aria-labelledby="engine-health-title"
      role="region"
      title={<span id="engine-health-title">Engine health</span>}
      icon={<Activity className="size-5 text-muted-foreground" aria-hidden />}
      titleClassName="text-lg"
      className={cn(query.data?.state === 'unhealthy' && 'border-destructive/40')}
    >
      {query.data ? (
        <Details h={query.data} />
      ) : query.isError ? (
        <p className="text-sm text-destructive">Engine health could not be loaded.</p>
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
    </TitledCard>
  );
}
