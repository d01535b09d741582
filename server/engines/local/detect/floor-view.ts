// What the staging detector looks at. Every floor contact lies below the horizon, whatever stands
// on it. A portrait photo letterboxed whole into the landscape input is seen at about half a
// landscape photo's scale, and armchairs and side tables there score below the detector's floor.
// Cropped at the horizon it fills the input at twice the scale, for the same cost (one pass).
// The horizon is eye level, so the view's top edge says something about the boxes it cuts: a thing
// lower than the eye (a chair, a sofa, a table) lies wholly below it, so a low thing's box cut by it
// is a misreading; and a box running from that edge out of the frame's bottom is a wall or door
// frame beside the camera, or something whose foot is out of the frame either way.
import type { AnalysisImage, Plane } from '../analysis/pyramid.ts';
import type { CocoLabel } from './coco-labels.ts';
import type { Detection } from './decode.ts';
import { INPUT_H, INPUT_W } from './input.ts';

export interface FloorView {
  view: AnalysisImage;
  /** First row of the photo in the view, as a fraction of the photo's height. */
  top: number;
}

/**
 * The part of `img` from the horizon down (`horizon` a fraction of its height) when `img` is portrait.
 * The crop is never shorter than the input's proportions allow, so a horizon low in the frame (a
 * camera tilted up) still leaves a view that fills the input rather than a thin strip.
 */
export function floorView(img: AnalysisImage, horizon: number): FloorView {
  const { width: w, height: h } = img.lum;
  if (h <= w) return { view: img, top: 0 };
  const tallest = Math.round((w * INPUT_H) / INPUT_W);
  const row = Math.max(0, Math.min(Math.floor(horizon * h), h - tallest));
  if (row <= 0) return { view: img, top: 0 };
  const crop = (p: Plane): Plane => ({ width: w, height: h - row, data: p.data.subarray(row * w) });
  return {
    view: { scale: img.scale, r: crop(img.r), g: crop(img.g), b: crop(img.b), lum: crop(img.lum) },
    top: row / h,
  };
}

/**
 * Share of the view's height within which a box edge counts as cut by the view's edge: detector boxes
 * are loose by a few per cent (as in layout/occupancy.ts).
 */
const CUT = 0.04;

/** Things that may stand taller than the eye: only these can be cut by the horizon and be real. */
const TALL: readonly CocoLabel[] = ['person', 'refrigerator', 'oven', 'microwave', 'potted plant'];

/**
 * Detections in fractions of the view, mapped back to fractions of the whole photo. A box cut by the
 * view's top edge is kept only for a thing that can be taller than the eye and whose foot shows.
 */
export function fromView(dets: readonly Detection[], top: number): Detection[] {
  if (top === 0) return [...dets];
  const y = (v: number) => top + v * (1 - top);
  return dets
    .filter((d) => d.box[1] >= CUT || (TALL.includes(d.label) && d.box[3] <= 1 - CUT))
    .map((d) => ({ ...d, box: [d.box[0], y(d.box[1]), d.box[2], y(d.box[3])] as const }));
}
