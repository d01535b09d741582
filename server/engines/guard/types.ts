import type { RawImage } from '#server/engines/types.ts';

export interface GuardOptions {
  /** Minimum structure score to pass; default 0.6. */
  threshold?: number;
  /** Long side of the analysis copy in pixels; default 512. */
  workSize?: number;
  /** Minimum colour difference (grey levels) that counts as a change; default 20. */
  minDiff?: number;
}

export interface GuardResult {
  /** The input's exact size: the model's pixels inside the furniture mask, the original's outside. */
  image: RawImage;
  /** 0..255 per pixel at the input's size: 0 = original pixel, exactly; 255 = model pixel; between = feather. */
  mask: Uint8Array;
  /** 0..1, shown as the result's "AI Confidence". */
  structureScore: number;
  passed: boolean;
  /** Plain sentences for reviewers and logs. */
  issues: string[];
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
