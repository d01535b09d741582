import { sql } from 'drizzle-orm';
import type { JobStatus } from '#shared/schemas/jobs.ts';
import type { AppContext } from '../../context.ts';
import { transformations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { findOwned, type TransformationRow } from '../transformations/index.ts';

/** Assumed run time before any run has completed (a 3 MP photo on the local engine, with margin). */
const DEFAULT_RUN_SECONDS = 5;

/** Mean run time of the last 50 completed runs (any user): the unit of the wait estimate. */
export async function recentRunSeconds(ctx: AppContext): Promise<number> {
  const result = await ctx.db.execute(sql`
    select avg(extract(epoch from (r.completed_at - r.started_at)))::float8 as seconds
      from (select ${transformations.completedAt} as completed_at, ${transformations.startedAt} as started_at
              from ${transformations}
             where ${transformations.status} = 'completed' and ${transformations.startedAt} is not null
             order by ${transformations.completedAt} desc limit 50) r`);
  const seconds = Number((result as { rows: { seconds: number | null }[] }).rows[0]?.seconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RUN_SECONDS;
}

/**
 * The owner's view of a job. Queued: its place in the order workers take jobs (plan priority, then
 * time) and an estimate of when its result is ready: the jobs ahead shared among the runs going on
 * now (at least one), plus its own run, at the recent mean run time.
 */
export async function jobStatus(ctx: AppContext, userId: string, id: string): Promise<JobStatus> {
  const row = await findOwned(ctx.db, id, userId);
  if (!row) throw notFound('Transformation not found');
  return describeJob(ctx, row, () => recentRunSeconds(ctx));
}

/** One row's status; `runSeconds` is asked only for unsettled rows (a batch asks once for all). */
export async function describeJob(ctx: AppContext, row: TransformationRow, runSeconds: () => Promise<number>): Promise<JobStatus> {
  const status: JobStatus['status'] = row.status === 'completed' || row.status === 'failed' ? row.status : 'processing';
  const base = { id: row.id, status, errorMessage: row.errorMessage };
  if (status !== 'processing') return { ...base, state: status, queuePosition: null, estimatedWaitSeconds: null };
  const run = await runSeconds();
  if (row.startedAt) {
    const elapsed = (ctx.clock().getTime() - row.startedAt.getTime()) / 1000;
    return { ...base, state: 'running', queuePosition: null, estimatedWaitSeconds: Math.max(1, Math.ceil(run - elapsed)) };
  }
  const place = await ctx.jobs.position(row.id);
  const ahead = place?.ahead ?? 0;
  const lanes = Math.max(1, place?.running ?? 0);
  return { ...base, state: 'queued', queuePosition: ahead + 1, estimatedWaitSeconds: Math.ceil((ahead / lanes + 1) * run) };
}
