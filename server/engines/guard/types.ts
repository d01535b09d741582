import type { RawImage, StagePlacement } from '#server/engines/types.ts';
import type { Layout } from '#shared/schemas/layout.ts';
import type { AlignmentReport } from './align.ts';
import type { Decision } from './decide.ts';
import type { DeliveryProblem } from './delivery-check.ts';
import type { DeliveryPlan } from './plan.ts';
import type { Reason } from './score.ts';

export interface GuardOptions {
  /** Minimum structure score to pass; default 0.6. */
  threshold?: number;
  /** Long side of the analysis copy in pixels; default 512. */
  workSize?: number;
  /** A free retry is still available: a failing result plans `retry` instead of `flag`. */
  canRetry?: boolean;
  /**
   * downsampleRgb(input) at the work size, when the caller keeps it for this photo (the arrange
   * worker's saves): the 12 MP photo's reduction is the same every save.
   */
  inputWork?: Float32Array;
}

export interface GuardResult {
  /** What to deliver and why; render it with renderDelivery / encodeDelivery. */
  plan: DeliveryPlan;
  /** The model's image as the engine returned it (the plan draws from it). */
  output: RawImage;
  /** 0..1, shown as the result's "AI Confidence". */
  structureScore: number;
  passed: boolean;
  /** Plain sentences for reviewers and logs: reasons first, then findings and the delivery. */
  issues: string[];
  /** What the plan draws: the recomposed photo or the model's own image. */
  decision: Decision;
  /** Why the score is low: what the model did to the room. */
  reasons: Reason[];
  alignment: AlignmentReport;
  /** The guarantees the aligned warp would have broken; when any, the plan draws `cover` instead. */
  delivery: DeliveryProblem[];
  metrics: {
    linesUpper: number;
    linesLower: number;
    surface: number;
    changedShare: number;
    highShare: number;
    seam: number | null;
  };
  /** The change mask at work size, for contact sheets. */
  debug: { changed: Uint8Array; width: number; height: number };
}

export interface GuardedStaging extends GuardResult {
  /** Both attempts failed the guard: the better one is delivered for review (plan.action `flag`). */
  flagged: boolean;
  /** 1, or 2 when the automatic retry ran. */
  attempts: number;
  /** The variant that produced the returned image (the request's, or request + 1000 for the retry). */
  variant: number;
  engineConfidence: number;
  notes: readonly string[];
  /** What a layout-planning engine placed in the delivered attempt; absent for generative engines. */
  placement?: StagePlacement;
  /** The delivered attempt's layout (engines that plan one), stored for the agent to arrange. */
  layout?: Layout;
  timings: { stageMs: number[]; guardMs: number[]; totalMs: number };
}
