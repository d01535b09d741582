import type { CurrentJob, JobStatus } from '#shared/schemas/jobs.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findOwned,
  meanRecentRunSeconds,
  newestProcessingSingle,
  type TransformationRow,
} from '../transformations/index.ts';
import { estimateWait } from './wait-estimate.ts';

/** Assumed run time before any run has completed (a 3 MP photo on the local engine, with margin). */
const DEFAULT_RUN_SECONDS = 5;

/** Mean run time of the last 50 completed runs (any user): the unit of the wait estimate. */
export async function recentRunSeconds(ctx: AppContext): Promise<number> {
  const seconds = await meanRecentRunSeconds(ctx.db);
  return seconds !== null && seconds > 0 ? seconds : DEFAULT_RUN_SECONDS;
}

/**
 * The owner's view of a job. Queued: its place in the order workers take jobs (plan priority, then
 * time) and an estimate of when its result is ready (estimateWait) at the recent mean run time.
 */
export async function jobStatus(ctx: AppContext, userId: string, id: string): Promise<JobStatus> {
  const row = await findOwned(ctx.db, id, userId);
  if (!row) throw notFound('Transformation not found');
  return describeJob(ctx, row, () => recentRunSeconds(ctx));
}

/** One row's status; `runSeconds` is asked only for unsettled rows (a batch asks once for all). */
export async function describeJob(
  ctx: AppContext,
  row: TransformationRow,
  runSeconds: () => Promise<number>,
): Promise<JobStatus> {
  const status: JobStatus['status'] =
    row.status === 'completed' || row.status === 'failed' ? row.status : 'processing';
  const base = { id: row.id, status, errorMessage: row.errorMessage };
  if (status !== 'processing')
    return { ...base, state: status, queuePosition: null, estimatedWaitSeconds: null };
  const run = await runSeconds();
  if (row.startedAt) {
    const runningForSeconds = (ctx.clock().getTime() - row.startedAt.getTime()) / 1000;
    return { ...base, state: 'running', ...estimateWait({ runSeconds: run, runningForSeconds }) };
  }
  const place = await ctx.jobs.position(row.id);
  return {
    ...base,
    state: 'queued',
    ...estimateWait({ runSeconds: run, ahead: place?.ahead ?? 0, running: place?.running ?? 0 }),
  };
}

/**
 * The user's newest single transformation still in the queue or running, if any: a page waiting on
 * POST /api/transform-room does not know the id of its job until the answer comes, so it asks this.
 * Batch photos are left out (their page polls the batch).
 */
export async function currentJob(ctx: AppContext, userId: string): Promise<CurrentJob> {
  const row = await newestProcessingSingle(ctx.db, userId);
  return { job: row ? await describeJob(ctx, row, () => recentRunSeconds(ctx)) : null };
}
