import { describe, expect, it } from 'vitest';
import { COCO_LABELS } from './coco-labels.ts';
import { decodeLevel, iou, suppress, type Detection } from './decode.ts';

const SIZE = 64;
const STRIDE = 16;
const GRID = SIZE / STRIDE;

/** Raw outputs of one grid level with one confident cell: class, and per side a sharp distance (in strides). */
function level(cell: number, cls: number, score: number, sides: [number, number, number, number]) {
  const scores = new Float32Array(GRID * GRID * 80).fill(0.01);
  scores[cell * 80 + cls] = score;
  const dist = new Float32Array(GRID * GRID * 44).fill(0);
  sides.forEach((s, k) => {
    dist[cell * 44 + k * 11 + s] = 30; // a near one-hot distribution: the mean is s
  });
  return { scores, dist };
}

describe('decodeLevel', () => {
  it('turns a confident cell into a box around the cell centre, in fractions of the input', () => {
    const bed = COCO_LABELS.indexOf('bed');
    // Cell (1, 2): centre (24, 40) px; sides 1, 2, 1, 1 strides.
    const { scores, dist } = level(2 * GRID + 1, bed, 0.8, [1, 2, 1, 1]);
    const [d, ...rest] = decodeLevel(scores, dist, SIZE, SIZE, STRIDE, 0.3);
    expect(rest).toHaveLength(0);
    expect(d!.label).toBe('bed');
    expect(d!.score).toBeCloseTo(0.8, 5);
    const want = [(24 - 16) / SIZE, (40 - 32) / SIZE, (24 + 16) / SIZE, (40 + 16) / SIZE];
    d!.box.forEach((v, i) => expect(v).toBeCloseTo(want[i]!, 3));
  });

  it('reads the grid row by row on a landscape input and scales each axis by its own side', () => {
    const sofa = COCO_LABELS.indexOf('couch');
    // 64 x 32 px: 4 columns, 2 rows; cell 5 is column 1 of row 1, centre (24, 24) px.
    const { scores, dist } = level(5, sofa, 0.7, [1, 1, 2, 0]);
    const [d] = decodeLevel(scores, dist, 64, 32, STRIDE, 0.3);
    const want = [(24 - 16) / 64, (24 - 16) / 32, (24 + 32) / 64, 24 / 32];
    d!.box.forEach((v, i) => expect(v).toBeCloseTo(want[i]!, 3));
  });

  it('keeps nothing below the score floor and clips boxes to the frame', () => {
    const { scores, dist } = level(0, 3, 0.2, [5, 5, 5, 5]);
    expect(decodeLevel(scores, dist, SIZE, SIZE, STRIDE, 0.3)).toHaveLength(0);
    const [d] = decodeLevel(scores, dist, SIZE, SIZE, STRIDE, 0.1);
    expect(d!.box[0]).toBe(0);
    expect(d!.box[1]).toBe(0);
  });
});

describe('suppress', () => {
  const det = (label: Detection['label'], score: number, x0: number): Detection => ({
    label,
    score,
    box: [x0, 0.2, x0 + 0.4, 0.8],
  });
  it('keeps the best of overlapping boxes of one class, and boxes of other classes', () => {
    const kept = suppress([
      det('bed', 0.5, 0.1),
      det('bed', 0.7, 0.12),
      det('couch', 0.6, 0.1),
      det('bed', 0.4, 0.55),
    ]);
    expect(kept.map((d) => [d.label, d.score])).toEqual([
      ['bed', 0.7],
      ['couch', 0.6],
      ['bed', 0.4],
    ]);
    expect(iou(det('bed', 1, 0).box, det('bed', 1, 0.2).box)).toBeCloseTo(0.2 / 0.6, 5);
  });
});
