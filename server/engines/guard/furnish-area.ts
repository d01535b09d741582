// Did the model furnish outside the area the agent painted (decision 0181)? The masked providers
// treat the mask as guidance (OpenAI says so), so a sofa can land on the painted-out mirror wall. The
// change mask already separates new objects from the model's re-rendering and JPEG noise (its
// thresholds follow the median residual, change-mask.ts), so what is left here is geometry: changed
// pixels beyond the painted area, widened a little for shadows, contact and the brush's edge.
import type { StageRequest } from '#server/engines/types.ts';
import { paintedMask } from '#server/engines/remote/painted-mask.ts';
import { dilate } from './morphology.ts';

/** Margin around the painted area, as a share of the long side: a shadow or an edge spills a little. */
export const OUTSIDE_AREA_MARGIN = 0.02;
/**
 * Changed share of the frame beyond the margin that flags the result. A sofa covers 5-15 % of a
 * staged photo, a plant or a side table across the room 0.5-1 %; the change mask drops specks under
 * 0.05 %, so 0.4 % is a whole piece, not a cushion over the edge or a spill of shadow.
 */
export const OUTSIDE_AREA_TOLERATED = 0.004;

export interface OutsideArea {
  /** Changed pixels beyond the widened area, as a share of the frame. */
  share: number;
  flagged: boolean;
  /** Those pixels (1), at the change mask's size: for contact sheets and the evaluation. */
  mask: Uint8Array;
}

/** `changed` is the guard's 0/1 change mask at work size (w x h), in the photo's frame. */
export function changeOutsideArea(
  changed: Uint8Array,
  w: number,
  h: number,
  area: NonNullable<StageRequest['furnishArea']>,
  margin = OUTSIDE_AREA_MARGIN,
): OutsideArea {
  const painted = paintedMask(area, w, h).data;
  const allowed = dilate(
    painted.map((v) => (v ? 1 : 0)),
    w,
    h,
    Math.max(1, Math.round(margin * Math.max(w, h))),
  );
  const mask = new Uint8Array(w * h);
  let outside = 0;
  for (let i = 0; i < changed.length; i++) {
    if (!changed[i] || allowed[i]) continue;
    mask[i] = 1;
    outside++;
  }
  const share = outside / (w * h);
  return { share, flagged: share > OUTSIDE_AREA_TOLERATED, mask };
}
