// The structure score and the reasons behind it. Each factor follows from what staging may and may
// not do to a photo: furniture occludes the lower part of the room, so lost lines above eye level
// count most; walls and ceiling keep their colour relative to each other, so a surface-colour change
// above eye level that survives a global relight is a repaint or a redesign; the camera stays put,
// so a re-frame costs in proportion to how much of the room it moved or cut.
import type { ReviewReason } from '#shared/constants/review.ts';
import type { AlignmentReport } from './align.ts';

/** The codes users see explained in the review notice. */
export type Reason = ReviewReason;

export interface Findings {
  alignment: AlignmentReport;
  /** |log| of the output's aspect ratio over the photo's. */
  aspectChange: number;
  lines: { upper: number; lower: number; upperPoints: number };
  /** Share of walls and ceiling (above the horizon) whose surface colour changed. */
  surface: number;
  /** Lost upper lines grouped in one compact place (a window or door frame gone or moved). */
  lostFrame: boolean;
  /**
   * The same for the model's image: upper lines it drew where the photo has none, bunched in one
   * place (a window, door or built-in added or moved there). Measured only for a failing result.
   */
  gainedFrame?: boolean;
  letterbox: number;
}

export interface Scored {
  score: number;
  reasons: Reason[];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * How far the camera moved: the largest of zoom, rotation, shift and the part of the photo the
 * model's frame leaves out, in shares of the frame's side. Coverage is an area: a zoom by z leaves
 * 1/z^2 of the photo covered, so its side-wise share is 1 - sqrt(coverage), about log z, like the rest.
 */
export function reframeAmount(a: AlignmentReport): number {
  const zoom = Math.max(Math.abs(Math.log(a.scaleX)), Math.abs(Math.log(a.scaleY)));
  const turn = (Math.abs(a.rotation) * Math.PI) / 180;
  return Math.max(zoom, turn, Math.abs(a.dx), Math.abs(a.dy), 1 - Math.sqrt(a.coverage));
}

/** Re-frames up to this leave the room recognisably the same photo (Gemini's usual 1-5 %). */
export const REFRAME_TOLERATED = 0.07;
/** Surface-colour change above the horizon that staging (art, curtains, a lamp's glow) stays under. */
export const SURFACE_TOLERATED = 0.18;
/** Alignment correlation below which the two images do not show the same structure at all. */
export const MIN_MATCH = 0.2;

/** The guard's default threshold: a result under it is retried, then flagged. */
export const FAIL_AT = 0.6;

/** A factor that costs more than this names its reason; a flagged result always carries one. */
const REASON_AT = 0.75;

export function scoreFindings(f: Findings): Scored {
  const reasons: Reason[] = [];
  // Lines: above the horizon nearly everything must survive; below it furniture may cover half.
  const few = f.lines.upperPoints < 200;
  const upper = few ? 1 : clamp01((f.lines.upper - 0.55) / 0.4);
  const lower = clamp01((f.lines.lower - 0.3) / 0.5);
  let score = Math.min(1, 0.8 * upper + 0.2 * lower + 0.1);
  const apply = (factor: number, reason: Reason) => {
    score *= factor;
    if (factor < REASON_AT && !reasons.includes(reason)) reasons.push(reason);
  };
  if (f.lostFrame) apply(0.55, 'window-moved');
  // Surfaces: 18 % tolerated (a painting, curtains), a repaint of a third of the walls fails.
  if (f.surface > SURFACE_TOLERATED)
    apply(Math.max(0.2, 1 - 4 * (f.surface - SURFACE_TOLERATED)), 'walls-repainted');
  // 2 % is free (lens and crop noise of a re-render); a 7 % re-frame costs 30 %, a 12 % one 60 %.
  const moved = reframeAmount(f.alignment);
  if (moved > 0.02) apply(Math.max(0.2, 1 - 6 * (moved - 0.02)), 'camera-moved');
  if (f.alignment.after < MIN_MATCH) apply(0.5, 'camera-moved');
  if (f.aspectChange > 0.03 && f.alignment.coverage < 0.97) reasons.push('aspect-changed');
  if (f.letterbox > 0) apply(0.6, 'aspect-changed');
  // A frame that appeared explains a failure but is no reason to fail: staging hangs art, mirrors
  // and curtains, whose outlines are new frames too (a TV, two prints and curtains drew 21 % of one
  // kept staging's upper lines). A redesign that also repaints names both.
  if (score < FAIL_AT && f.gainedFrame && !reasons.includes('window-moved')) reasons.push('window-moved');
  // An image 10 % or more out of the photo's shape has cut the room or visibly squeezed it, even
  // where the alignment could not say which (a portrait photo answered in landscape).
  if (score < FAIL_AT && f.aspectChange > 0.1 && !reasons.includes('aspect-changed'))
    reasons.push('aspect-changed');
  if (score < FAIL_AT && reasons.length === 0) reasons.push('structure-changed');
  return { score: Math.round(clamp01(score) * 1000) / 1000, reasons };
}

export const REASON_TEXT: Record<Reason, string> = {
  'aspect-changed': 'The AI returned another aspect ratio and cut part of the room.',
  'camera-moved': 'The AI moved or re-framed the camera.',
  'window-moved': 'The AI added, removed or moved a window, door or built-in feature.',
  'walls-repainted': 'The AI repainted walls or changed surface materials.',
  'structure-changed': "The AI changed the room's structural lines.",
  'outside-furnish-area': 'The AI furnished outside the area the agent painted.',
};
