import { describe, expect, it } from 'vitest';
import { agreedFloorRows, convexFloor, floorRowAt, onAgreedFloor, quadPoints } from './trusted-floor.ts';
import type { Pt } from './geometry.ts';

// Outlines as analyze() gives them for a 1000 x 600 photo: bottom-left, boundary, right, bottom-right.
const outline = (rows: [number, number][]): Pt[] => [[0, 600], ...rows, [1000, rows.at(-1)![1]], [1000, 600]];
/** A colour floor whose back edge lies at row 300 across the frame. */
const flat = outline([
  [0, 300],
  [500, 300],
  [999, 300],
]);
/** A room box that sees the right half's floor start lower: a counter front the box ignores runs there. */
const counter = outline([
  [0, 300],
  [499, 300],
  [501, 450],
  [999, 450],
]);
const quad = (x0: number, y0: number, x1: number, y1: number): Pt[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('floorRowAt', () => {
  it('interpolates the boundary between its samples and holds the ends', () => {
    expect(floorRowAt(counter, 250)).toBe(300);
    expect(floorRowAt(counter, 500)).toBeCloseTo(375, 5);
    expect(floorRowAt(counter, 800)).toBe(450);
    expect(floorRowAt(counter, -10)).toBe(300);
    expect(floorRowAt(counter, 2000)).toBe(450);
  });
});

describe('quadPoints', () => {
  it('spreads n x n points inside the quad', () => {
    const pts = quadPoints(quad(0, 0, 80, 40), 4);
    expect(pts).toHaveLength(16);
    expect(pts.every(([x, y]) => x > 0 && x < 80 && y > 0 && y < 40)).toBe(true);
  });
});

describe('agreedFloorRows', () => {
  it('takes the lower of the outlines per column', () => {
    const rows = agreedFloorRows([flat, counter], 1000);
    expect(rows).toHaveLength(1000);
    expect(rows[100]).toBe(300);
    expect(rows[800]).toBe(450);
  });
});

describe('onAgreedFloor', () => {
  it('accepts a base where both floor estimates see floor', () => {
    expect(onAgreedFloor(quad(100, 400, 300, 500), agreedFloorRows([flat, counter], 1000), 600)).toBe(true);
  });
  it('refuses a base only one estimate sees as floor', () => {
    // Rows 320-420 on the right: floor for the colour model, a counter front for the room box.
    expect(onAgreedFloor(quad(600, 320, 800, 420), agreedFloorRows([flat], 1000), 600)).toBe(true);
    expect(onAgreedFloor(quad(600, 320, 800, 420), agreedFloorRows([flat, counter], 1000), 600)).toBe(false);
  });
  it('lets a base touch its wall line by a sliver but not stand on the wall', () => {
    // A few pixels past the wall base: a piece standing against the wall.
    expect(onAgreedFloor(quad(100, 298, 300, 338), agreedFloorRows([flat], 1000), 600)).toBe(true);
    // Half of it above: a plant "hanging" on the wall.
    expect(onAgreedFloor(quad(100, 260, 300, 340), agreedFloorRows([flat], 1000), 600)).toBe(false);
  });
  it('allows no sliver when asked for the whole base (the main piece, a grown optional base)', () => {
    // A base turned a little: its back-left corner pokes past the wall base (2 of 64 samples).
    const turned: Pt[] = [
      [100, 294],
      [300, 306],
      [300, 346],
      [100, 334],
    ];
    expect(onAgreedFloor(turned, agreedFloorRows([flat], 1000), 600)).toBe(true);
    expect(onAgreedFloor(turned, agreedFloorRows([flat], 1000), 600, 0)).toBe(false);
    expect(onAgreedFloor(quad(100, 302, 300, 338), agreedFloorRows([flat], 1000), 600, 0)).toBe(true);
  });
  it('counts the part below the frame as floor (the camera stands on it) and does not judge beside it', () => {
    expect(onAgreedFloor(quad(100, 550, 300, 700), agreedFloorRows([flat, counter], 1000), 600)).toBe(true);
    expect(onAgreedFloor(quad(-200, 400, 200, 500), agreedFloorRows([flat], 1000), 600)).toBe(true);
    expect(onAgreedFloor(quad(-400, 400, -100, 500), agreedFloorRows([flat], 1000), 600)).toBe(false);
  });
});

describe('convexFloor', () => {
  it('fills a dip in the boundary (a reflection or sun patch in the colour floor)', () => {
    const dipped = outline([
      [0, 300],
      [300, 300],
      [400, 450],
      [500, 300],
      [999, 300],
    ]);
    expect(floorRowAt(convexFloor(dipped), 400)).toBe(300);
  });
  it('keeps the shape of a floor seen towards a corner (two wall bases meeting)', () => {
    const corner = outline([
      [0, 500],
      [500, 300],
      [999, 500],
    ]);
    const hull = convexFloor(corner);
    for (const u of [0, 250, 500, 750, 999])
      expect(floorRowAt(hull, u)).toBeCloseTo(floorRowAt(corner, u), 0);
  });
});

describe('agreedFloorRows', () => {
  it('matches floorRowAt at every column centre, for outlines with steps and repeated columns', () => {
    const stepped = outline([
      [0, 320],
      [120.5, 300],
      [120.5, 410],
      [480, 380],
      [480, 380],
      [999, 290],
    ]);
    const rows = agreedFloorRows([stepped, counter], 1000);
    for (let u = 0; u < 1000; u++)
      expect(rows[u]).toBe(Math.fround(Math.max(floorRowAt(stepped, u + 0.5), floorRowAt(counter, u + 0.5))));
  });
});
