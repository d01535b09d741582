// The scaffold of every periodic job: run now, then every `everyMs`, never two runs of one job at once
// in this process, errors logged (never thrown), and a timer that never keeps the process alive.
// The work itself must be safe to run in many server copies at once.
import type { Logger } from './logger.ts';

export interface PeriodicJob {
  /** Used in the log lines: "<name> failed". */
  name: string;
  everyMs: number;
  /** One run; `first` is true for the run at start. */
  run: (first: boolean) => Promise<void>;
}

/** Starts the job; returns a function that stops its timer (a run in flight finishes on its own). */
export function startPeriodic(logger: Logger, job: PeriodicJob): () => void {
  let running = false;
  const tick = (first: boolean) => {
    if (running) return;
    running = true;
    void job
      .run(first)
      .catch((err: unknown) => logger.error({ err }, `${job.name} failed`))
      .finally(() => (running = false));
  };
  tick(true);
  const timer = setInterval(() => tick(false), job.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
