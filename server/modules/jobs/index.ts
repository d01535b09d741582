// The jobs module's public interface: the staging queue, charging a run and settling it, its runs,
// recovery and job status.
export {
  chargeForTransformation,
  chargeInTransaction,
  completeRun,
  failAndRefund,
  type ChargeRequest,
  type Failure,
} from './charge.ts';
export { enqueueStaging, type StagingRequest } from './enqueue.ts';
export type { JobQueue } from './job-queue.ts';
export { describeJob, recentRunSeconds } from './job-status.service.ts';
export { waitForSettled } from './outcomes.ts';
export { jobPriority } from './priority.ts';
export { settleOverdue, startRecoveryJob } from './recovery.ts';
export { createStagingQueue, stopBoundMs, workerCount } from './staging-queue.ts';
export {
  CRASH_FAILURE,
  DEADLINE_GRACE_MS,
  STALE_AFTER_MS,
  TIMEOUT_FAILURE,
  TIMEOUT_RETRY_AFTER,
} from './staging-run.ts';
