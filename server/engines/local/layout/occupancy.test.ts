import { describe, expect, it } from 'vitest';
import type { Detection } from '../detect/decode.ts';
import { clearOfObstacles, obstaclesFrom } from './occupancy.ts';

describe('obstaclesFrom', () => {
  it('keeps confident objects that stand on the floor, in photo pixels', () => {
    const dets: Detection[] = [
      { label: 'bed', score: 0.6, box: [0.1, 0.5, 0.6, 0.9] },
      { label: 'refrigerator', score: 0.2, box: [0.7, 0.2, 0.9, 0.9] },
      { label: 'chair', score: 0.26, box: [0.6, 0.6, 0.7, 0.9] },
      { label: 'clock', score: 0.8, box: [0.4, 0.1, 0.5, 0.2] },
    ];
    expect(obstaclesFrom(dets, 1000, 500)).toEqual([
      { x0: 100, y0: 250, x1: 600, y1: 450 },
      { x0: 600, y0: 300, x1: 700, y1: 450 },
    ]);
  });
  it('ignores a box that fills the frame both ways (the empty room read as one object)', () => {
    const dets: Detection[] = [
      { label: 'refrigerator', score: 0.4, box: [0.08, 0.03, 0.94, 1] },
      { label: 'bed', score: 0.6, box: [0.05, 0.3, 0.95, 0.95] },
    ];
    expect(obstaclesFrom(dets, 1000, 500)).toEqual([{ x0: 50, y0: 150, x1: 950, y1: 475 }]);
  });
  it('ignores a box cut by the frame on both sides and the bottom (the near floor read as a couch)', () => {
    const dets: Detection[] = [
      { label: 'couch', score: 0.41, box: [0, 0.71, 1, 1] },
      { label: 'bed', score: 0.4, box: [0.021, 0.698, 0.981, 1] },
      { label: 'couch', score: 0.5, box: [0, 0.6, 0.7, 1] },
    ];
    expect(obstaclesFrom(dets, 1000, 500)).toEqual([{ x0: 0, y0: 300, x1: 700, y1: 500 }]);
  });
});

describe('obstaclesFrom: seats side by side', () => {
  it('fills the gap between two seats in one row that is narrower than either (a sectional boxed at its ends)', () => {
    const dets: Detection[] = [
      { label: 'chair', score: 0.57, box: [0.25, 0.44, 0.47, 0.7] },
      { label: 'couch', score: 0.3, box: [0.6, 0.46, 0.9, 0.62] },
    ];
    const got = obstaclesFrom(dets, 1000, 1000);
    expect(got).toHaveLength(3);
    expect(got[2]).toEqual({ x0: 470, y0: 460, x1: 600, y1: 620 });
    // A plant standing in that gap at seat-back height is refused.
    const plant = { x0: 540, y0: 540, x1: 580, y1: 560 };
    expect(clearOfObstacles(plant, { ...plant, y0: 400 }, got)).toBe(false);
    expect(clearOfObstacles(plant, { ...plant, y0: 400 }, got.slice(0, 2))).toBe(true);
  });
  it('leaves a wide gap, seats in different rows, and non-seats alone', () => {
    const wide: Detection[] = [
      { label: 'couch', score: 0.5, box: [0.05, 0.5, 0.25, 0.7] },
      { label: 'couch', score: 0.5, box: [0.6, 0.5, 0.8, 0.7] },
    ];
    expect(obstaclesFrom(wide, 1000, 1000)).toHaveLength(2);
    const rows: Detection[] = [
      { label: 'chair', score: 0.5, box: [0.1, 0.3, 0.3, 0.45] },
      { label: 'chair', score: 0.5, box: [0.35, 0.6, 0.55, 0.8] },
    ];
    expect(obstaclesFrom(rows, 1000, 1000)).toHaveLength(2);
    const other: Detection[] = [
      { label: 'tv', score: 0.5, box: [0.1, 0.5, 0.3, 0.7] },
      { label: 'couch', score: 0.5, box: [0.35, 0.5, 0.55, 0.7] },
    ];
    expect(obstaclesFrom(other, 1000, 1000)).toHaveLength(2);
  });
});

describe('clearOfObstacles', () => {
  // A bed whose foot band (its bottom 35%) is rows 380-450.
  const bed = { x0: 100, y0: 250, x1: 600, y1: 450 };
  it('refuses a footprint on the bed and accepts one on the floor beside or in front of it', () => {
    const on = { x0: 300, y0: 400, x1: 400, y1: 440 };
    expect(clearOfObstacles(on, { ...on, y0: 300 }, [bed])).toBe(false);
    const beside = { x0: 650, y0: 400, x1: 750, y1: 440 };
    expect(clearOfObstacles(beside, { ...beside, y0: 300 }, [bed])).toBe(true);
    const front = { x0: 300, y0: 460, x1: 400, y1: 490 };
    expect(clearOfObstacles(front, { ...front, y0: 380 }, [bed])).toBe(true);
  });
  it('refuses a piece standing on top of an object, above its contact band (a plant on a cooker)', () => {
    const cooker = { x0: 220, y0: 285, x1: 510, y1: 500 };
    const onTop = { x0: 260, y0: 290, x1: 300, y1: 305 };
    expect(clearOfObstacles(onTop, { ...onTop, y0: 200 }, [cooker], true)).toBe(false);
    expect(clearOfObstacles(onTop, { ...onTop, y0: 200 }, [cooker])).toBe(false);
  });
  it('refuses a piece behind the bed that the bed would hide, but not a small overlap', () => {
    const behind = { x0: 200, y0: 300, x1: 400, y1: 340 };
    expect(clearOfObstacles(behind, { ...behind, y0: 200 }, [bed])).toBe(false);
    const corner = { x0: 560, y0: 300, x1: 760, y1: 340 };
    expect(clearOfObstacles(corner, { ...corner, y0: 200 }, [bed])).toBe(true);
  });
});
