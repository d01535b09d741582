import os from 'node:os';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { DEADLINE_GRACE_MS, runStagingJob } from './staging-run.ts';

/** Staging jobs this copy runs at once: WORKERS, else one per engine thread (0 = web only). */
export function workerCount(env: Env): number {
  if (env.WORKERS >= 0) return env.WORKERS;
  return env.ENGINE_WORKERS > 0 ? env.ENGINE_WORKERS : Math.max(1, os.availableParallelism());
}

/**
 * How long a stopping process waits for the staging jobs it runs, and for the requests in flight (a
 * transform request waits for its job): a run is stopped at STAGING_TIMEOUT_MS, and DEADLINE_GRACE_MS
 * leaves room to store its result. The one place this bound is derived.
 */
export function stopBoundMs(env: Env): number {
  return env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS;
}

/**
 * The staging queue of one process. `getCtx` is read only when a job runs, so the queue can be built
 * while the context that holds it is being assembled.
 */
export function createStagingQueue(
  database: Database,
  env: Env,
  logger: Logger,
  workers: number,
  getCtx: () => AppContext,
): JobQueue {
  return createJobQueue(database, {
    // pg-boss's own expiry is only a backstop: rows settle by their deadline first.
    expireInSeconds: Math.ceil(stopBoundMs(env) / 1000) + 60,
    stopTimeoutMs: stopBoundMs(env),
    logger,
    worker: workers > 0 ? { concurrency: workers, handler: (id) => runStagingJob(getCtx(), id) } : undefined,
  });
}
