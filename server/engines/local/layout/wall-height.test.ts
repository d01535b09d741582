import { describe, expect, it } from 'vitest';
import { cameraFromHorizon, defaultFocal, horizonRow, project } from '../geometry/camera.ts';
import { clipToWallHeight, floorLimitRows, lowestLevelLines, MAX_CEILING } from './wall-height.ts';
import { segment as line } from '#tests/helpers/segments.ts';

const W = 1600;
const H = 800;
const cam = cameraFromHorizon(W, H, 400, defaultFocal(W, H));

/** Image row of a point of a wall facing the camera at distance d, height y. */
const rowAt = (d: number, y: number) => project(cam, [0, y, d])[1];

describe('lowestLevelLines', () => {
  it('takes the lowest level line above the horizon in each column it crosses', () => {
    const rows = lowestLevelLines([line(200, 100, 900, 100), line(500, 300, 800, 300)], cam);
    expect(rows[300]).toBeCloseTo(100);
    expect(rows[600]).toBeCloseTo(300);
    expect(Number.isNaN(rows[1400]!)).toBe(true);
  });

  it('ignores lines below the horizon, steep lines and short ones', () => {
    const rows = lowestLevelLines(
      [line(200, 500, 900, 500), line(300, 50, 500, 350), line(1000, 100, 1030, 100)],
      cam,
    );
    expect(rows.every((r) => Number.isNaN(r))).toBe(true);
  });

  it('lets a column take a lower line a few columns away, never a higher one', () => {
    const rows = lowestLevelLines([line(200, 100, 900, 100), line(905, 250, 1300, 250)], cam);
    expect(rows[890]).toBeCloseTo(250);
    expect(rows[950]).toBeCloseTo(250);
  });
});

describe('floorLimitRows', () => {
  it('never lifts a real wall base: a room up to MAX_CEILING high keeps all its floor', () => {
    for (const d of [2.5, 4, 6, 9])
      for (const ceiling of [2.4, 2.7, MAX_CEILING]) {
        const top = rowAt(d, ceiling);
        const base = rowAt(d, 0);
        const limit = floorLimitRows(Float32Array.of(top), cam)[0]!;
        expect(limit).toBeLessThanOrEqual(base + 1e-6);
      }
  });

  it('refuses floor drawn up the wall of a room of ordinary height', () => {
    // A wall 4 m away with its top (2.6 m) in view: "floor" half a metre up the wall or more lies
    // above the limit; the lowest 0.3 m stays within the room-height margin (a 3 m ceiling).
    const limit = floorLimitRows(Float32Array.of(rowAt(4, 2.6)), cam)[0]!;
    expect(rowAt(4, 1)).toBeLessThan(limit);
    expect(rowAt(4, 0.5)).toBeLessThan(limit);
    expect(rowAt(4, 0.3)).toBeGreaterThan(limit);
    expect(limit).toBeGreaterThan(horizonRow(cam));
  });

  it('a line on the wall below its top (a window head) bounds less, never more', () => {
    const top = floorLimitRows(Float32Array.of(rowAt(4, 2.6)), cam)[0]!;
    const head = floorLimitRows(Float32Array.of(rowAt(4, 2.1)), cam)[0]!;
    expect(head).toBeLessThan(top);
    expect(head).toBeLessThanOrEqual(rowAt(4, 0));
  });

  it('leaves columns with no line unbounded', () => {
    expect(Number.isNaN(floorLimitRows(Float32Array.of(NaN), cam)[0]!)).toBe(true);
  });
});

describe('clipToWallHeight', () => {
  it('moves outline points above their column limit down to it and keeps the rest', () => {
    const limits = new Float32Array(W).fill(NaN);
    limits.fill(700, 0, 800);
    const out = clipToWallHeight(
      [
        [0, 800],
        [400, 600],
        [1200, 600],
        [1600, 800],
      ],
      limits,
    );
    // The outline comes back with points added along its edges (so a limit between corners bites).
    for (const p of [
      [0, 800],
      [400, 700],
      [1200, 600],
      [1600, 800],
    ])
      expect(out).toContainEqual(p);
    expect(out.some(([u, v]) => u < 800 && v < 700)).toBe(false);
    expect(out.some(([u, v]) => u > 800 && u < 1200 && v < 700)).toBe(true);
  });
});
