// The guard's answer is a delivery plan, not pixels: what to deliver and why. The worker follows it
// (retry, then render once), so the one expensive step, drawing 12 MP, happens once for the attempt
// that is kept and streams straight into the JPEG encoder.
import type { Affine } from './align.ts';
import type { WorkSize } from './raster.ts';
import type { Reason } from './score.ts';
import type { Region } from './warp.ts';

/**
 * - `recompose`: the photo's own bytes everywhere but the furniture (passed, change is furniture, no seam).
 * - `model`: the model's own image at the photo's exact size (passed, recomposition not safe).
 * - `retry`: failed and one free retry is left; stage again, keep the better attempt.
 * - `flag`: failed and no retry left; the model's image at the photo's size, with the review notice.
 */
export type DeliveryAction = 'recompose' | 'model' | 'retry' | 'flag';

/** The model's image, aligned to the photo's frame, zoomed about the centre to leave no border. */
export interface ModelRender {
  kind: 'model';
  affine: Affine;
  zoom: number;
  work: WorkSize;
}

/**
 * The model's own image scaled to cover the photo's frame and centre-cropped at its exact size: no
 * alignment at all. Drawn when the aligned warp would break a delivery guarantee (delivery-check.ts);
 * it keeps them all by construction (one uniform scale, every pixel the model's).
 */
export interface CoverRender {
  kind: 'cover';
  /** Rows and columns of the model's image cut off before scaling: a flat band it painted itself. */
  trim?: { top: number; bottom: number; left: number; right: number };
}

/** The model's pixels inside the feathered furniture alpha, brought back to the photo's light. */
export interface RecomposeRender {
  kind: 'recompose';
  affine: Affine;
  work: WorkSize;
  /** Per-channel gain/offset that undoes the model's relight, applied natively with the warp. */
  colour: { gain: number[]; offset: number[] };
  /** 0..255 at work size; exact 0 keeps the photo's bytes. */
  alpha: Uint8Array;
  /** The part of the photo the alpha reaches: only there are model pixels drawn at full size. */
  region: Region;
}

export interface DeliveryPlan {
  action: DeliveryAction;
  /** What the model did to the room, costliest first; empty when the result passed. */
  reasons: Reason[];
  /** One sentence: why this action (and not recomposition, when the model's image is delivered). */
  why: string;
  /** What to draw. retry and flag draw the attempt's own image (it is delivered if the retry fails). */
  render: ModelRender | RecomposeRender | CoverRender;
}
