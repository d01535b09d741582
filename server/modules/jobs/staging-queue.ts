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
    expireInSeconds: Math.ceil((env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS) / 1000) + 60,
    logger,
    worker: workers > 0 ? { concurrency: workers, handler: (id) => runStagingJob(getCtx(), id) } : undefined,
  });
}
