import type { AppContext } from '../../context.ts';
import { failAndRefund } from './charge.ts';
import {
  listStuck,
  releaseRunToken,
  removeImages,
  type TransformationRow,
} from '../transformations/index.ts';
import type { JobQueue } from './job-queue.ts';
import { CRASH_FAILURE, MAX_ATTEMPTS, STALE_AFTER_MS, TIMEOUT_FAILURE } from './staging-run.ts';
import { notifySettled } from './outcomes.ts';
import { startPeriodic } from '../../lib/periodic.ts';

/** A processing row whose job is gone is given this long for its enqueue to land (charge, then send). */
const ENQUEUE_GRACE_MS = 30_000;

export interface RecoveryOptions {
  /**
   * Runs whose heartbeat is older than this are dead regardless of STALE_AFTER_MS: on PGlite the
   * database belongs to one process, so at start every run from before the boot is dead.
   */
  deadBefore?: Date;
}

export interface RecoveryReport {
  timedOut: number;
  requeued: number;
  refunded: number;
}

/**
 * Settles what crashed processes left behind. Each decision is a guarded update of the row (status
 * and fencing token), so any number of copies may run it at once:
 * - past its deadline: failed and refunded (nothing stays processing past STAGING_TIMEOUT_MS + grace);
 * - a started run whose heartbeat stopped (its worker died): the job is run again, at most
 *   MAX_ATTEMPTS runs in all, then failed and refunded;
 * - never started and its job failed (the run could not reach the database to claim it): run again;
 * - never started and its job is gone or finished (a crash between charge and enqueue): refunded.
 */
export async function recoverStuck(
  ctx: AppContext,
  queue: JobQueue,
  opts: RecoveryOptions = {},
): Promise<RecoveryReport> {
  const now = ctx.clock();
  const report: RecoveryReport = { timedOut: 0, requeued: 0, refunded: 0 };
  const staleBefore = new Date(Math.max(now.getTime() - STALE_AFTER_MS, opts.deadBefore?.getTime() ?? 0));
  const rows = await listStuck(ctx.db, now, staleBefore, new Date(now.getTime() - ENQUEUE_GRACE_MS));
  for (const row of rows) {
    try {
      if (row.deadlineAt && row.deadlineAt < now) {
        if (await settleOverdue(ctx, queue, row.id)) report.timedOut++;
      } else if (row.startedAt) {
        if (row.attempts >= MAX_ATTEMPTS) {
          if (await failAndRefund(ctx, row.id, CRASH_FAILURE, row.attemptId ?? undefined)) report.refunded++;
          await queue.cancel(row.id).catch(() => undefined);
        } else if (await releaseRun(ctx, row)) {
          await queue.requeue(row.id);
          report.requeued++;
        }
      } else {
        const state = await queue.state(row.id);
        if (state === 'created' || state === 'retry' || state === 'active') continue;
        if (state === 'failed') {
          // Its run failed before it could claim the row (the database was unreachable): run it again.
          await queue.requeue(row.id);
          report.requeued++;
          continue;
        }
        if (await failAndRefund(ctx, row.id, CRASH_FAILURE)) report.refunded++;
      }
      notifySettled(row.id);
    } catch (err) {
      ctx.logger.error({ err, transformationId: row.id }, 'recovery of a staging job failed');
    }
  }
  if (report.timedOut + report.requeued + report.refunded > 0)
    ctx.logger.warn(report, 'recovered stuck staging jobs');
  return report;
}

/**
 * Fails and refunds a row past its deadline and cancels its job. Recovery does it for every overdue
 * row; a request that waited past the deadline does it for its own row rather than wait for recovery.
 * True when this call settled the row.
 */
export async function settleOverdue(ctx: AppContext, queue: JobQueue, id: string): Promise<boolean> {
  const settled = await failAndRefund(ctx, id, TIMEOUT_FAILURE);
  await queue.cancel(id).catch(() => undefined);
  return settled !== null;
}

/**
 * Takes the row away from a dead run: its token is cleared (should the run still be alive after all,
 * it can no longer complete the row and removes its own files) and whatever it stored is removed.
 * False when someone else settled or released the row first.
 */
async function releaseRun(ctx: AppContext, row: TransformationRow): Promise<boolean> {
  if (!(await releaseRunToken(ctx.db, row.id, row.attemptId))) return false;
  if (row.attemptId)
    await removeImages(ctx, { originalImageUrl: null, attemptId: row.attemptId, createdAt: row.createdAt });
  return true;
}

/** Recovery at start (with `deadBefore` on an embedded database) and then every `everyMs`. */
export function startRecoveryJob(
  ctx: AppContext,
  queue: JobQueue,
  opts: RecoveryOptions & { everyMs?: number } = {},
): () => void {
  return startPeriodic(ctx.logger, {
    name: 'staging recovery',
    everyMs: opts.everyMs ?? 5000,
    run: async (first) => void (await recoverStuck(ctx, queue, first ? opts : {})),
  });
}
