import type { RawImage } from '#server/engines/types.ts';
import type { AlignmentReport } from './align.ts';
import type { Decision } from './decide.ts';
import type { Reason } from './score.ts';

export interface GuardOptions {
  /** Minimum structure score to pass; default 0.6. */
  threshold?: number;
  /** Long side of the analysis copy in pixels; default 512. */
  workSize?: number;
}

export interface GuardResult {
  /** What is delivered, at the input's exact size: the recomposed photo or the model's aligned image. */
  image: RawImage;
  /**
   * 0..255 per pixel at the input's size: 0 = the photo's own byte, exactly; 255 = the model's;
   * between = feather. Null when the model's image is delivered whole (every pixel the model's).
   */
  mask: Uint8Array | null;
  /** 0..1, shown as the result's "AI Confidence". */
  structureScore: number;
  passed: boolean;
  /** Plain sentences for reviewers and logs: reasons first, then findings and the delivery. */
  issues: string[];
  decision: Decision;
  /** Why the score is low: what the model did to the room. */
  reasons: Reason[];
  alignment: AlignmentReport;
  /** Share of delivered pixels that are the photo's own bytes (0 when the model's image is delivered). */
  keptShare: number;
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
  /** Both attempts failed the guard: the better one is returned for review. */
  flagged: boolean;
  /** 1, or 2 when the automatic retry ran. */
  attempts: number;
  /** The variant that produced the returned image (the request's, or request + 1000 for the retry). */
  variant: number;
  engineConfidence: number;
  notes: readonly string[];
  timings: { stageMs: number[]; guardMs: number[]; totalMs: number };
}
