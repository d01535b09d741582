// The queue position and the wait a user is shown while their job waits or runs. Pure: the caller
// counts the jobs and measures the run time; this only decides what to tell.

export interface WaitInput {
  /** Recent mean run time in seconds (> 0). */
  runSeconds: number;
  /** Seconds the job has been running; undefined while it waits in the queue. */
  runningForSeconds?: number;
  /** Jobs the workers take before this one (waiting only). */
  ahead?: number;
  /** Runs going on now: the jobs ahead are shared among them (at least one). */
  running?: number;
}

export interface WaitEstimate {
  /** 1 = next to run; null once running. */
  queuePosition: number | null;
  /** Whole seconds until the result is expected, never below 1 while the job is unsettled. */
  estimatedWaitSeconds: number;
}

/**
 * Running: what is left of one run (at least a second: it is late, not done). Waiting: the jobs ahead
 * go through the runs going on now side by side, then this one runs, so (ahead / lanes + 1) runs.
 */
export function estimateWait(w: WaitInput): WaitEstimate {
  const run = Number.isFinite(w.runSeconds) && w.runSeconds > 0 ? w.runSeconds : 1;
  if (w.runningForSeconds !== undefined) {
    return {
      queuePosition: null,
      estimatedWaitSeconds: Math.max(1, Math.ceil(run - Math.max(0, w.runningForSeconds))),
    };
  }
  const ahead = Math.max(0, Math.floor(w.ahead ?? 0));
  const lanes = Math.max(1, Math.floor(w.running ?? 0));
  return {
    queuePosition: ahead + 1,
    estimatedWaitSeconds: Math.max(1, Math.ceil((ahead / lanes + 1) * run)),
  };
}
