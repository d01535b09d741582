// Stage, guard, and retry once when the guard fails. The retry is free for the user: credits are
// charged once per transformation before staging starts, and this retry happens inside it.
import type { RoomImage, StagePlacement, StageRequest, StagingEngine } from '#server/engines/types.ts';
import { TIMEOUT_MESSAGE } from '#server/engines/remote/messages.ts';
import { unavailable } from '#server/lib/errors.ts';
import type { Layout } from '#shared/schemas/layout.ts';
import { changeOutsideArea } from './furnish-area.ts';
import { guardStructure } from './guard-structure.ts';
import type { GuardOptions, GuardResult, GuardedStaging } from './types.ts';

/** Far from any variant a user reaches by regenerating, so the retry never repeats a user's variant. */
export const RETRY_VARIANT_OFFSET = 1000;
/** Kept back from each attempt's provider time for the guard and the delivery encode after it. */
export const AFTER_STAGE_RESERVE_MS = 10_000;
export const NO_TIME_FOR_RETRY_NOTE =
  'There was not enough time left for an automatic retry; this is the first attempt.';

/** The job's time, which every attempt shares. */
export interface RunBudget {
  /** When the job must have its result (ms on `now`'s clock); no limit when absent. */
  deadline?: number;
  /** The clock; Date.now unless a test scales it. */
  now?: () => number;
}

/**
 * The attempt's own signal: the caller's, plus this attempt's share of the job's time. Its reason is
 * a readable timeout, which the adapters pass on (and Replicate cancels its prediction on).
 */
function attemptSignal(caller: AbortSignal, ms: number): { signal: AbortSignal; done: () => void } {
  if (!Number.isFinite(ms)) return { signal: caller, done: () => undefined };
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(unavailable(TIMEOUT_MESSAGE, 30)), Math.max(0, ms));
  return { signal: AbortSignal.any([caller, ac.signal]), done: () => clearTimeout(timer) };
}

interface Attempt extends GuardResult {
  variant: number;
  engineConfidence: number;
  notes: readonly string[];
  placement?: StagePlacement;
  layout?: Layout;
}

/**
 * Furniture outside the agent's painted area (decision 0181) is delivered for review with its own
 * reason, whatever the structure score: the picture is drawn as planned, only the notice is added.
 * No retry: the same mask goes to the same model, and the agent can repaint and regenerate.
 */
function checkFurnishArea(a: Attempt, area: NonNullable<StageRequest['furnishArea']>): Attempt {
  const { changed, width, height } = a.debug;
  const outside = changeOutsideArea(changed, width, height, area);
  if (!outside.flagged) return a;
  const reason = 'outside-furnish-area' as const;
  const reasons = a.reasons.includes(reason) ? a.reasons : [...a.reasons, reason];
  return {
    ...a,
    reasons,
    plan: { ...a.plan, action: 'flag', reasons },
    issues: [
      ...a.issues,
      `${Math.round(outside.share * 1000) / 10}% of the frame changed outside the painted furniture area.`,
    ],
  };
}

export async function runWithGuard(
  engine: StagingEngine,
  img: RoomImage,
  req: StageRequest,
  opts: GuardOptions & RunBudget = {},
): Promise<GuardedStaging> {
  const { deadline = Infinity, now = Date.now, ...guardOpts } = opts;
  const started = performance.now();
  const timings = { stageMs: [] as number[], guardMs: [] as number[] };
  const attempt = async (variant: number, canRetry: boolean): Promise<Attempt> => {
    const t0 = performance.now();
    const time = attemptSignal(req.signal, deadline - now() - AFTER_STAGE_RESERVE_MS);
    const staged = await engine.stage(img, { ...req, variant, signal: time.signal }).finally(time.done);
    const t1 = performance.now();
    const guarded = await guardStructure(img, staged, { ...guardOpts, canRetry });
    timings.stageMs.push(Math.round(t1 - t0));
    timings.guardMs.push(Math.round(performance.now() - t1));
    // The kept attempt's placement is what the agent gets (and what a refund for fewer pieces judges).
    const placement = staged.placement ? { placement: staged.placement } : {};
    return {
      ...guarded,
      variant,
      engineConfidence: staged.engineConfidence,
      notes: staged.notes,
      ...placement,
      ...(staged.layout ? { layout: staged.layout } : {}),
    };
  };

  // The guard's plan says what to do; `retry` is followed here, once.
  const firstStarted = now();
  const first = await attempt(req.variant, true);
  let best = first;
  let attempts = 1;
  // A retry takes about as long as the first attempt did; without that much time left it would be
  // stopped half-way, and the agent would get a timeout instead of the first result, flagged.
  const enoughTime = deadline - now() - AFTER_STAGE_RESERVE_MS >= now() - firstStarted;
  if (first.plan.action === 'retry' && !enoughTime) {
    best = { ...first, issues: [...first.issues, NO_TIME_FOR_RETRY_NOTE] };
  } else if (first.plan.action === 'retry') {
    req.signal.throwIfAborted();
    attempts = 2;
    try {
      const second = await attempt(req.variant + RETRY_VARIANT_OFFSET, false);
      if (second.structureScore > first.structureScore) best = second;
    } catch (err) {
      // A cancelled request stays cancelled; any other retry failure leaves the first attempt for review.
      if (req.signal.aborted) throw err;
      best = {
        ...first,
        issues: [...first.issues, 'The automatic retry failed; this is the first attempt.'],
      };
    }
  }
  // The first attempt kept after a worse (or failed) retry is delivered for review, not retried again.
  if (best.plan.action === 'retry') best = { ...best, plan: { ...best.plan, action: 'flag' } };
  if (req.furnishArea) best = checkFurnishArea(best, req.furnishArea);
  return {
    ...best,
    flagged: best.plan.action === 'flag',
    attempts,
    timings: { ...timings, totalMs: Math.round(performance.now() - started) },
  };
}
