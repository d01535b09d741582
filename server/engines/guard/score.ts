// The structure score: how much of the room's structure the model kept. Long straight segments of
// the input (wall corners, ceiling and floor lines, window and door frames) must still be there,
// unoccluded and unchanged, in the model's output; a change that covers most of the image scores
// low whatever the lines say; a re-framed camera is penalised on top.
import { angleDiff, levelLineAngle, type Gradient, type Segment } from '#server/lib/images/index.ts';

export interface LineSurvival {
  /** Length-weighted share of segment points that survived, 0..1. */
  share: number;
  totalLength: number;
}

const ORIENTATION_TOLERANCE = Math.PI / 6;

/**
 * A point survives when no change blob covers it and the output still has the same edge (same
 * direction and contrast polarity, at least half the input's strength) within one pixel.
 */
export function lineSurvival(
  segments: Segment[],
  input: Gradient,
  output: Gradient,
  changed: Uint8Array,
): LineSurvival {
  const { width: w, height: h } = input;
  let total = 0;
  let kept = 0;
  for (const s of segments) {
    const steps = Math.max(1, Math.round(s.length));
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(s.x1 + ((s.x2 - s.x1) * k) / steps);
      const y = Math.round(s.y1 + ((s.y2 - s.y1) * k) / steps);
      if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) continue;
      total++;
      if (changed[y * w + x]) continue;
      if (edgeNearby(input, output, x, y, s.levelAngle)) kept++;
    }
  }
  return { share: total ? kept / total : 1, totalLength: total };
}

function edgeNearby(input: Gradient, output: Gradient, x: number, y: number, angle: number): boolean {
  const w = input.width;
  let inMag = 0;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) inMag = Math.max(inMag, input.mag[(y + dy) * w + x + dx]!);
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const q = (y + dy) * w + x + dx;
      if (
        output.mag[q]! >= inMag * 0.5 &&
        angleDiff(levelLineAngle(output, q), angle) <= ORIENTATION_TOLERANCE
      )
        return true;
    }
  return false;
}

/** 1 up to 35 % of the image changed, falling to 0.1 at 70 % and beyond: staging never repaints most of a room. */
export function areaFactor(changedShare: number): number {
  if (changedShare <= 0.35) return 1;
  if (changedShare >= 0.7) return 0.1;
  return 1 - (0.9 * (changedShare - 0.35)) / 0.35;
}

/** Each erased window, door or fixture costs 30 %: removed structure is the failure agents notice first. */
export const erasureFactor = (erasedBlobs: number) => Math.max(0.3, 0.7 ** erasedBlobs);

export interface GeometryFindings {
  aspectChange: number;
  letterboxShare: number;
  reframe: { scale: number; dx: number; dy: number } | null;
}

/** Multiplicative penalty for frame changes; each finding alone can fail a result. */
export function geometryFactor(g: GeometryFindings): number {
  let f = 1;
  if (g.aspectChange > 0.03) f *= Math.max(0.3, 1 - 1.5 * g.aspectChange);
  if (g.letterboxShare > 0) f *= Math.max(0.3, 0.7 - g.letterboxShare);
  if (g.reframe)
    f *= Math.max(
      0.3,
      1 - 3 * Math.abs(Math.log(g.reframe.scale)) - 3 * (Math.abs(g.reframe.dx) + Math.abs(g.reframe.dy)),
    );
  return f;
}
