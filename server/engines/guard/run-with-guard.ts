// Stage, guard, and retry once when the guard fails. The retry is free for the user: credits are
// charged once per transformation before staging starts, and this retry happens inside it.
import type { RoomImage, StagePlacement, StageRequest, StagingEngine } from '#server/engines/types.ts';
import { guardStructure } from './guard-structure.ts';
import type { GuardOptions, GuardResult, GuardedStaging } from './types.ts';

/** Far from any variant a user reaches by regenerating, so the retry never repeats a user's variant. */
export const RETRY_VARIANT_OFFSET = 1000;

interface Attempt extends GuardResult {
  variant: number;
  engineConfidence: number;
  notes: readonly string[];
  placement?: StagePlacement;
}

export async function runWithGuard(
  engine: StagingEngine,
  img: RoomImage,
  req: StageRequest,
  opts: GuardOptions = {},
): Promise<GuardedStaging> {
  const started = performance.now();
  const timings = { stageMs: [] as number[], guardMs: [] as number[] };
  const attempt = async (variant: number, canRetry: boolean): Promise<Attempt> => {
    const t0 = performance.now();
    const staged = await engine.stage(img, { ...req, variant });
    const t1 = performance.now();
    const guarded = await guardStructure(img, staged, { ...opts, canRetry });
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
    };
  };

  // The guard's plan says what to do; `retry` is followed here, once.
  const first = await attempt(req.variant, true);
  let best = first;
  let attempts = 1;
  if (first.plan.action === 'retry') {
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
  return {
    ...best,
    flagged: best.plan.action === 'flag',
    attempts,
    timings: { ...timings, totalMs: Math.round(performance.now() - started) },
  };
}
