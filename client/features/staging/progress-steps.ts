// The progress view's timeline: three steps of about 2 s, the bar reaching 30 %,
// 65 % and 100 %, polled every 100 ms. The timeline is cosmetic, the request is not: the bar never
// claims 100 % (or a finished last step) until the caller says the server answered.

export const PROGRESS_POLL_MS = 100;
export const PROGRESS_STEP_MS = 2000;
/** Where the bar stands at the end of each step. */
export const PROGRESS_TARGETS = [30, 65, 100] as const;
/** The highest value shown while the request is still running. */
export const PROGRESS_HOLD_MAX = 95;

export interface ProgressState {
  /** 0-100, whole numbers. */
  percent: number;
  /** Index of the step in progress (0-2); equals the step count once complete. */
  activeStep: number;
}

/**
 * The bar after `elapsedMs`, easing linearly from one target to the next within each step. While
 * `complete` is false the result is held at 95 % and on the last step, however long the request takes.
 */
export function progressAt(elapsedMs: number, complete: boolean): ProgressState {
  if (complete) return { percent: 100, activeStep: PROGRESS_TARGETS.length };
  const t = Math.max(0, Number.isFinite(elapsedMs) ? elapsedMs : 0);
  const last = PROGRESS_TARGETS.length - 1;
  const step = Math.min(last, Math.floor(t / PROGRESS_STEP_MS));
  const from = step === 0 ? 0 : PROGRESS_TARGETS[step - 1]!;
  const to = PROGRESS_TARGETS[step]!;
  const within = Math.min(1, (t - step * PROGRESS_STEP_MS) / PROGRESS_STEP_MS);
  const percent = Math.min(PROGRESS_HOLD_MAX, Math.floor(from + (to - from) * within));
  return { percent, activeStep: step };
}
