// Turning the detector's raw outputs into boxes. NanoDet is anchor-free: for every cell of three
// grids (strides 8, 16 and 32) it gives a sigmoid score per class and, per box side, a distribution
// over 0..10 strides of distance from the cell centre (the box edge is that distribution's mean).
import { COCO_LABELS, type CocoLabel } from './coco-labels.ts';

export interface Detection {
  readonly label: CocoLabel;
  readonly score: number;
  /** Left, top, right, bottom as fractions (0..1) of the photo's width and height. */
  readonly box: readonly [number, number, number, number];
}

export const STRIDES = [8, 16, 32] as const;
const BINS = 11;
const CLASSES = COCO_LABELS.length;

/**
 * Boxes of one grid level scoring at least `minScore`, for an input of `width` x `height` pixels,
 * in fractions of that input.
 */
export function decodeLevel(
  scores: Float32Array,
  dist: Float32Array,
  width: number,
  height: number,
  stride: number,
  minScore: number,
): Detection[] {
  const cols = Math.round(width / stride);
  const rows = Math.round(height / stride);
  const out: Detection[] = [];
  const side = new Float64Array(4);
  for (let cell = 0; cell < cols * rows; cell++) {
    let best = -1;
    let bestScore = minScore;
    const row = cell * CLASSES;
    // Only the best class per cell: the rules downstream ask "is there a bed", not "what else could it be".
    for (let c = 0; c < CLASSES; c++)
      if (scores[row + c]! >= bestScore) {
        bestScore = scores[row + c]!;
        best = c;
      }
    if (best < 0) continue;
    for (let k = 0; k < 4; k++) {
      const o = cell * 4 * BINS + k * BINS;
      let max = -Infinity;
      for (let b = 0; b < BINS; b++) max = Math.max(max, dist[o + b]!);
      let sum = 0;
      let mean = 0;
      for (let b = 0; b < BINS; b++) {
        const e = Math.exp(dist[o + b]! - max);
        sum += e;
        mean += e * b;
      }
      side[k] = (mean / sum) * stride;
    }
    const cx = ((cell % cols) + 0.5) * stride;
    const cy = (Math.floor(cell / cols) + 0.5) * stride;
    const x = (v: number) => Math.min(1, Math.max(0, v / width));
    const y = (v: number) => Math.min(1, Math.max(0, v / height));
    out.push({
      label: COCO_LABELS[best]!,
      score: bestScore,
      box: [x(cx - side[0]!), y(cy - side[1]!), x(cx + side[2]!), y(cy + side[3]!)],
    });
  }
  return out;
}

export function iou(a: Detection['box'], b: Detection['box']): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

/** Per-class non-maximum suppression: of boxes of one class overlapping by more than `limit`, the best stays. */
export function suppress(dets: readonly Detection[], limit = 0.5): Detection[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted)
    if (!kept.some((k) => k.label === d.label && iou(k.box, d.box) > limit)) kept.push(d);
  return kept;
}
