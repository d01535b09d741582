// Test helper: a segment of the line finder drawn by hand from its two ends, for the rules that read
// lines in a photo (wall base, wall height, door walls, the level-camera scenes).
import type { Segment } from '#server/lib/images/index.ts';

/** The segment from (x1, y1) to (x2, y2) with the contrast `strength`; its length and angle follow. */
export function segment(x1: number, y1: number, x2: number, y2: number, strength = 10): Segment {
  const length = Math.hypot(x2 - x1, y2 - y1);
  return { x1, y1, x2, y2, length, angle: Math.atan2(y2 - y1, x2 - x1), levelAngle: 0, strength };
}
