// The room analysis's line segments: the shared detector (server/lib/images/segments.ts) with the
// contrast floor the local engine's geometry was tuned with on real photos.
import { detectSegments as detect, type Gradient, type Segment } from '#server/lib/images/index.ts';

export type { Segment };

/** Gradient magnitude (Sobel / 8 on the blurred analysis copy) at or below which pixels are noise. */
const MIN_MAGNITUDE = 3;

export const detectSegments = (grad: Gradient, minLength: number): Segment[] =>
  detect(grad, { minLength, minMagnitude: MIN_MAGNITUDE });

/** Upper and lower end (image rows grow downward) and horizontal middle of a segment. */
export const segTop = (g: Segment) => Math.min(g.y1, g.y2);
export const segFoot = (g: Segment) => Math.max(g.y1, g.y2);
export const segMidX = (g: Segment) => (g.x1 + g.x2) / 2;
