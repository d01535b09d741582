import crypto from 'node:crypto';
import { STAGING_UNAVAILABLE_RETRY_AFTER_S, type RoomType, type Style } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import { EngineConfigError } from '../../engines/remote/errors.ts';
import { DEADLINE_MESSAGE } from '../../engines/worker/deadline.ts';
import { AppError } from '../../lib/errors.ts';
import { recordRun } from '../engine-health/index.ts';
import { completeRun, failAndRefund, type Failure } from './charge.ts';
import { beat, claimRun, runKeys } from '../transformations/index.ts';
import { STALE_AFTER_MS } from '#shared/constants/jobs.ts';
import { notifySettled } from './outcomes.ts';

/** How often a run proves it is alive; recovery treats a run silent for STALE_AFTER_MS as dead. */
export const HEARTBEAT_MS = 2000;
export { STALE_AFTER_MS };
/**
 * A row must be settled by STAGING_TIMEOUT_MS plus this after it was charged: room for the queue wait
 * and a retry after a crash, and the bound recovery enforces.
 */
export const DEADLINE_GRACE_MS = 30_000;
/** Runs started for one row, the first included: a photo that kills its worker twice is refunded. */
export const MAX_ATTEMPTS = 3;

const NOT_CHARGED = 'You have not been charged.';
export const TIMEOUT_FAILURE: Failure = {
  code: 'unavailable',
  message: `Staging took too long and was stopped. ${NOT_CHARGED} Please try again.`,
};
export const CRASH_FAILURE: Failure = {
  code: 'internal',
  message: `Staging failed. ${NOT_CHARGED} Please try again.`,
};
/** How long after the deadline a worker thread that has not answered is stopped (its cancel goes out first). */
const WORKER_STOP_GRACE_MS = 5000;
/** Retry-After of a timed-out run's 503. */
export const TIMEOUT_RETRY_AFTER = 30;

/**
 * One staging job: claim the row with a fresh fencing token, stage the stored upload in the worker
 * pool before the row's deadline, store the result under the token's keys, complete the row if the
 * token still holds it. Any failure settles the row as failed and refunded, except a lost database
 * connection (in the claim or later): then it throws, pg-boss marks the job failed, and recovery
 * sends it again. Otherwise it never throws: pg-boss marks the job completed, the row is the record.
 */
export async function runStagingJob(ctx: AppContext, id: string): Promise<void> {
  const attemptId = crypto.randomUUID();
  const claimed = await claimRun(ctx, id, attemptId);
  if (!claimed) return;
  const { previous, row } = claimed;
  ctx.logger.info({ transformationId: id, attempt: row.attempts }, 'staging run started');
  try {
    // What an earlier run of this row stored before it died.
    if (previous.attemptId) {
      for (const key of Object.values(runKeys(previous.createdAt, previous.attemptId)))
        await ctx.storage.delete(key);
    }
    const remaining = (row.deadlineAt?.getTime() ?? Infinity) - ctx.clock().getTime();
    if (remaining <= 0) return void (await failAndRefund(ctx, id, TIMEOUT_FAILURE, attemptId));
    if (row.attempts > MAX_ATTEMPTS) return void (await failAndRefund(ctx, id, CRASH_FAILURE, attemptId));
    await stage(ctx, row, attemptId, Math.min(remaining, ctx.env.STAGING_TIMEOUT_MS), remaining);
  } catch (err) {
    if (ctx.database.isConnectionFailure(err)) {
      // The database went away, not the run: failing the row would need the database too, and the
      // photo deserves another run. The row keeps this run's token and its heartbeat stops; pg-boss
      // marks the job failed (or, if it cannot reach the database either, it stays active), and
      // recovery sends it again after STALE_AFTER_MS, counted against MAX_ATTEMPTS (decision 0120).
      ctx.logger.warn(
        { transformationId: id },
        'database connection lost during a staging run; recovery runs it again',
      );
      throw err;
    }
    ctx.logger.error({ err, transformationId: id }, 'staging job failed');
    await failAndRefund(ctx, id, CRASH_FAILURE, attemptId).catch((e: unknown) =>
      ctx.logger.error({ err: e }, 'refund failed'),
    );
  } finally {
    notifySettled(id);
  }
}

type ClaimedRow = NonNullable<Awaited<ReturnType<typeof claimRun>>>['row'];

async function stage(
  ctx: AppContext,
  row: ClaimedRow,
  attemptId: string,
  timeoutMs: number,
  remainingMs: number,
): Promise<void> {
  const heartbeat = setInterval(() => void beat(ctx, row.id, attemptId).catch(() => undefined), HEARTBEAT_MS);
  // The worker stops its provider calls at the deadline itself (and cancels what the provider runs);
  // the thread is only stopped if it has not answered a little later.
  const deadlineAt = Date.now() + timeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), Math.min(remainingMs, timeoutMs + WORKER_STOP_GRACE_MS));
  const { resultKey, thumbnailKey } = runKeys(row.createdAt, attemptId);
  try {
    const original = row.originalImageUrl ? await ctx.storage.get(row.originalImageUrl) : null;
    if (!original) throw new Error(`upload of ${row.id} is missing from storage`);
    const staged = await runEngine(ctx, () =>
      ctx.pool.run(
        {
          op: 'stage',
          bytes: new Uint8Array(original.body.buffer, original.body.byteOffset, original.body.byteLength),
          style: row.style as Style,
          roomType: row.roomType as RoomType,
          variant: row.regenerationCount,
          declutter: row.declutter,
          ...(row.furnishArea ? { furnishArea: row.furnishArea } : {}),
          ...(row.furnitureSet === null ? {} : { furnitureSet: row.furnitureSet }),
          engine: ctx.engine,
          watermark: ctx.env.WATERMARK,
          deadlineAt,
        },
        timeout.signal,
      ),
    );
    await ctx.storage.put(
      resultKey,
      Buffer.from(staged.image.buffer, staged.image.byteOffset, staged.image.byteLength),
      'image/jpeg',
    );
    await ctx.storage.put(
      thumbnailKey,
      Buffer.from(staged.thumbnail.buffer, staged.thumbnail.byteOffset, staged.thumbnail.byteLength),
      'image/jpeg',
    );
    const done = await completeRun(
      ctx,
      row,
      attemptId,
      {
        resultKey,
        thumbnailKey,
        // From the request to the result, queue wait included: what the user waited.
        processingSeconds: Math.max(0, ctx.clock().getTime() - row.createdAt.getTime()) / 1000,
        structureScore: staged.structureScore,
        needsReview: staged.needsReview,
        reviewReasons: staged.reviewReasons,
      },
      staged.placement,
      staged.layout,
    );
    if (!done) {
      // The row was settled meanwhile (deadline, admin, deletion): this run's files belong to nobody.
      for (const key of [resultKey, thumbnailKey]) await ctx.storage.delete(key);
    }
  } catch (err) {
    // Left to runStagingJob: the row stays with recovery, which also removes this run's files.
    if (ctx.database.isConnectionFailure(err)) throw err;
    const failure = toFailure(err, timeout.signal.aborted);
    if (failure.code === 'internal')
      ctx.logger.error({ err, transformationId: row.id }, 'staging failed; refunding');
    const settled = await failAndRefund(ctx, row.id, failure, attemptId);
    if (!settled) for (const key of [resultKey, thumbnailKey]) await ctx.storage.delete(key);
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
  }
}

/**
 * The engine's part of a run, its outcome kept for the admin console and the engine's health (decision
 * 0153): a configuration refusal marks the engine unhealthy, a success marks it healthy again. Keeping
 * the record never fails the run.
 */
async function runEngine<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const record = (ok: boolean, error?: unknown) =>
    recordRun(ctx, { ok, latencyMs: performance.now() - started, error }).catch((err: unknown) =>
      ctx.logger.error({ err }, 'could not record the engine run'),
    );
  try {
    const value = await work();
    await record(true);
    return value;
  } catch (err) {
    await record(false, err);
    throw err;
  }
}

function toFailure(err: unknown, timedOut: boolean): Failure {
  if (timedOut) return TIMEOUT_FAILURE;
  if (err instanceof AppError && err.message === DEADLINE_MESSAGE) return TIMEOUT_FAILURE;
  // Already says the agent was not charged.
  if (err instanceof EngineConfigError)
    return { code: err.code, message: err.message, retryAfter: STAGING_UNAVAILABLE_RETRY_AFTER_S };
  if (err instanceof AppError) {
    const retryAfter = Number(err.headers['Retry-After']);
    return {
      code: err.code,
      message: `${err.message} ${NOT_CHARGED}`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  return CRASH_FAILURE;
}
