import { describe, expect, it } from 'vitest';
import { cameraFromHorizon, defaultFocal } from '../geometry/camera.ts';
import type { Pt } from './geometry.ts';
import {
  depthLimitRow,
  lowerOf,
  MIN_STRENGTH,
  outlineTop,
  wallBaseRows,
  type BaseLine,
} from './wall-base.ts';
import { clipToWallHeight } from './wall-height.ts';
import { segment } from '#tests/helpers/segments.ts';

const W = 1600;
const H = 800;
const cam = cameraFromHorizon(W, H, 400, defaultFocal(W, H));
const LIMIT = depthLimitRow(cam);

/** An image segment from (x1, y1) to (x2, y2), of a wall base's contrast unless told. */
const line = (x1: number, y1: number, x2: number, y2: number, strength = 20): BaseLine =>
  segment(x1, y1, x2, y2, strength);

/** A colour floor whose top edge is at `row(u)`, sampled every 16 columns, bottom corners included. */
function floorAt(row: (u: number) => number): Pt[] {
  const top: Pt[] = [];
  for (let u = 0; u <= W; u += 16) top.push([u, row(u)]);
  return [[0, H], ...top, [W, H]];
}

const nanAt = (rows: Float32Array, u: number) => Number.isNaN(rows[u]!);

describe('wallBaseRows', () => {
  it('puts the floor below a strong level line inside a colour floor that ran to the depth limit', () => {
    const rows = wallBaseRows(
      [line(500, 720, 900, 700)],
      floorAt(() => LIMIT),
      cam,
    );
    expect(rows[500]).toBeCloseTo(720);
    expect(rows[900]).toBeCloseTo(700);
    // Columns the line does not reach, where the floor also ran to the limit, take the lowest base found.
    expect(rows[100]).toBeCloseTo(720);
    expect(rows[1500]).toBeCloseTo(720);
  });

  it('takes the lowest of several bases in a column', () => {
    const rows = wallBaseRows(
      [line(400, 650, 800, 650), line(500, 760, 900, 760)],
      floorAt(() => LIMIT),
      cam,
    );
    expect(rows[600]).toBeCloseTo(760);
    expect(rows[450]).toBeCloseTo(650);
  });

  it('ignores faint, short and steep lines, and lines outside the floor or above the horizon', () => {
    const floor = floorAt(() => LIMIT);
    const ignored = [
      line(500, 700, 900, 700, MIN_STRENGTH - 1),
      line(500, 700, 560, 700),
      line(500, 600, 800, 790),
      line(500, LIMIT - 10, 900, LIMIT - 10),
      line(500, 300, 900, 300),
    ];
    for (const g of ignored) expect(wallBaseRows([g], floor, cam).every((r) => Number.isNaN(r))).toBe(true);
  });

  it('leaves a column alone where the colour floor found its far edge short of the limit', () => {
    // At the limit left of 1200, a real far edge well below it from there on.
    const floor = floorAt((u) => (u < 1200 ? LIMIT : LIMIT + 150));
    const rows = wallBaseRows([line(300, 750, 700, 750), line(1250, 760, 1550, 760)], floor, cam);
    expect(rows[500]).toBeCloseTo(750);
    expect(rows[100]).toBeCloseTo(750);
    expect(nanAt(rows, 1400)).toBe(true);
  });

  it('does nothing when the colour floor found its far edge across most of the photo', () => {
    // A sunlit patch's edge in a deep room whose floor edge was found in 60 % of the columns.
    const floor = floorAt((u) => (u < 640 ? LIMIT : LIMIT + 150));
    const rows = wallBaseRows([line(100, 700, 600, 700)], floor, cam);
    expect(rows.every((r) => Number.isNaN(r))).toBe(true);
  });
});

describe('outlineTop', () => {
  it('reads the top edge of an outline column by column', () => {
    const top = outlineTop(
      [
        [0, 800],
        [0, 600],
        [800, 500],
        [1600, 600],
        [1600, 800],
      ],
      W,
    );
    expect(top[400]).toBeCloseTo(550);
    expect(top[800]).toBeCloseTo(500);
  });
});

describe('lowerOf', () => {
  it('keeps the lower of two limits, NaN meaning none', () => {
    const out = lowerOf(Float32Array.from([NaN, 500, 600, NaN]), Float32Array.from([NaN, 550, 580, 700]));
    expect(Number.isNaN(out[0]!)).toBe(true);
    expect(Array.from(out.slice(1))).toEqual([550, 600, 700]);
  });
});

describe('clipToWallHeight between far-apart corners', () => {
  it('lowers the outline where a limit lies between two corners', () => {
    const limits = new Float32Array(W).fill(NaN);
    for (let u = 600; u < 1000; u++) limits[u] = 750;
    const out = clipToWallHeight(
      [
        [0, 800],
        [0, 500],
        [1599, 500],
        [1599, 800],
      ],
      limits,
    );
    const at = (u: number) => out.filter(([x, v]) => Math.abs(x - u) < 8 && v < 800).map(([, v]) => v);
    expect(Math.min(...at(800))).toBeCloseTo(750);
    expect(Math.min(...at(300))).toBeCloseTo(500);
  });
});
