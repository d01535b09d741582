// The room analysis's line segments: the shared detector (server/lib/images/segments.ts) with the
// contrast floor the local engine's geometry was tuned with on real photos.
import {
  detectSegments as detect,
  type Gradient,
  type Plane,
  type Segment,
} from '#server/lib/images/index.ts';

export type { Segment };

/** Gradient magnitude (Sobel / 8 on the blurred analysis copy) at or below which pixels are noise. */
const MIN_MAGNITUDE = 3;

/** `lum` is the plane `grad` was computed from; the detector reads its size from the gradient. */
export const detectSegments = (_lum: Plane, grad: Gradient, minLength: number): Segment[] =>
  detect(grad, { minLength, minMagnitude: MIN_MAGNITUDE });
