// The staging queue as the app context carries it; jobs/job-queue.ts builds it on pg-boss. Here
// because every module imports the context and the context must import no module (decision 0197).
import type PgBoss from 'pg-boss';

/** What the rest of the app needs from pg-boss; one instance per process. */
export interface JobQueue {
  /** Starts pg-boss (creating its schema on first use). Idempotent. */
  start(): Promise<PgBoss>;
  send(transformationId: string, priority: number): Promise<void>;
  /** Whether this process runs staging jobs. */
  readonly hasWorkers: boolean;
  /** Staging jobs this process is running now. */
  inFlight(): number;
  /** The job's pg-boss state, or null when there is no such job. */
  state(transformationId: string): Promise<string | null>;
  /** Makes a job runnable again after its worker died (active → failed → retry). */
  requeue(transformationId: string): Promise<void>;
  cancel(transformationId: string): Promise<void>;
  /** Jobs served before this waiting one, and jobs running now; null when it is not waiting. */
  position(transformationId: string): Promise<{ ahead: number; running: number } | null>;
  /** Replaces the job by a fresh one (whatever state the old one was in), e.g. when an admin retries. */
  resend(transformationId: string, priority: number): Promise<void>;
  /**
   * Stops taking jobs at once and waits up to `timeoutMs` (by default the `stopTimeoutMs` option) for
   * those running; any still running then are marked failed in pg-boss (their rows stay processing, for
   * recovery to re-run).
   */
  stop(timeoutMs?: number): Promise<void>;
}
