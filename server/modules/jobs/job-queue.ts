import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobQueue } from '../../ports/job-queue.ts';
import { markQueued, queuePlace } from '../transformations/index.ts';

export type { JobQueue };

/** The one queue of staging runs; a job's id is its transformation's id. */
export const STAGING_QUEUE = 'staging';

export interface StagingJobData {
  transformationId: string;
}

export interface JobQueueOptions {
  /** Seconds after which pg-boss itself gives up on an active job (a backstop behind our deadline). */
  expireInSeconds: number;
  /** How long `stop` waits for the jobs this process is running before it gives up on them. */
  stopTimeoutMs: number;
  logger: Logger;
  /** Runs staging jobs in this process once the queue starts; absent on a web-only copy. */
  worker?: { concurrency: number; handler: (transformationId: string) => Promise<void> } | undefined;
}

/**
 * pg-boss on the product's own database: it is given `executeSql` of the app's pool (PostgreSQL) or of
 * the embedded PGlite, so the same code runs in one process or many. Started lazily, so a copy that
 * never stages (or a test) does not create the queue schema.
 */
export function createJobQueue(database: Database, opts: JobQueueOptions): JobQueue {
  let starting: Promise<PgBoss> | undefined;
  const workerIds: string[] = [];
  let running = 0;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    // Scheduling (cron) is unused: the periodic steps are plain timers whose work is idempotent.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
    // Jobs are small rows; the transformation row keeps the history.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (err: unknown) => opts.logger.error({ err }, 'job queue error'));

  const start = () =>
    (starting ??= (async () => {
      await boss.start();
      if (!(await boss.getQueue(STAGING_QUEUE))) {
        // Attempts are counted on the transformation row (recovery decides on retries), so pg-boss
        // never retries by itself.
        await boss.createQueue(STAGING_QUEUE, {
          name: STAGING_QUEUE,
          retryLimit: 0,
          expireInSeconds: opts.expireInSeconds,
        });
      }
      // One polling loop per engine thread: each loop holds one job at a time.
      const { worker } = opts;
      for (let i = 0; worker && i < worker.concurrency; i++) {
        workerIds.push(
          await boss.work<StagingJobData>(
            STAGING_QUEUE,
            { pollingIntervalSeconds: 0.5, batchSize: 1 },
            async ([job]) => {
              if (!job) return;
              running++;
              try {
                await worker.handler(job.data.transformationId);
              } finally {
                running--;
              }
            },
          ),
        );
      }
      return boss;
    })());

  return {
    start,
    async send(transformationId, priority) {
      // The row keeps the priority the job waits with, so its place is counted from rows we own.
      await markQueued(database.db, transformationId, priority);
      await (
        await start()
      ).send(STAGING_QUEUE, { transformationId } satisfies StagingJobData, {
        id: transformationId,
        priority,
      });
      // A worker in this process starts at once instead of at its next poll.
      for (const id of workerIds) boss.notifyWorker(id);
    },
    hasWorkers: Boolean(opts.worker && opts.worker.concurrency > 0),
    inFlight: () => running,
    async state(transformationId) {
      const job = await (await start()).getJobById(STAGING_QUEUE, transformationId, { includeArchive: true });
      return job?.state ?? null;
    },
    async requeue(transformationId) {
      const b = await start();
      await b.fail(STAGING_QUEUE, transformationId, { reason: 'worker stopped responding' });
      await b.retry(STAGING_QUEUE, transformationId);
    },
    async cancel(transformationId) {
      await (await start()).cancel(STAGING_QUEUE, transformationId);
    },
    position: (transformationId) => queuePlace(database.db, transformationId),
    async resend(transformationId, priority) {
      const b = await start();
      await b.deleteJob(STAGING_QUEUE, transformationId);
      await this.send(transformationId, priority);
    },
    async stop(timeoutMs = opts.stopTimeoutMs) {
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
