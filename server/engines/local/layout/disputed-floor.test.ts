import { describe, expect, it } from 'vitest';
import { floorPoint, project } from '../geometry/camera.ts';
import { certainFloorRows } from './disputed-floor.ts';
import { loosestFloorRows, agreedFloorRows } from './trusted-floor.ts';
import { cam } from '#tests/helpers/level-camera.ts';

/** The image row of the floor point `z` metres in front of the camera, straight ahead. */
const rowAt = (z: number) => project(cam, [0, 0, z])[1];
const rows = (v: number) => new Float32Array(cam.width).fill(v);
const mid = cam.width / 2;

describe('certainFloorRows', () => {
  it('keeps the agreed end where the estimates agree', () => {
    expect(certainFloorRows(cam, rows(rowAt(5)), rows(rowAt(5)))).toEqual(rows(rowAt(5)));
  });
  it('moves the end towards the camera by as much as the estimates disagree', () => {
    // Colour floor ends 4 m away (a counter's kneehole), the room box runs on to the wall at 5 m:
    // only floor nearer than 3 m is certain.
    const out = certainFloorRows(cam, rows(rowAt(4)), rows(rowAt(5)));
    expect(floorPoint(cam, mid + 0.5, out[mid]!)![2]).toBeCloseTo(3, 2);
  });
  it('leaves no certain floor in a column where the margin reaches past the camera or one estimate has no end', () => {
    expect(certainFloorRows(cam, rows(rowAt(3)), rows(rowAt(7)))[mid]).toBe(cam.height);
    expect(certainFloorRows(cam, rows(rowAt(3)), rows(cam.height / 2 - 10))[mid]).toBe(cam.height);
  });
  it('changes nothing where no floor is agreed, and does not change its input', () => {
    const agreed = rows(cam.height + 5);
    expect(certainFloorRows(cam, agreed, rows(rowAt(5)))).toEqual(rows(cam.height + 5));
    const a = rows(rowAt(4));
    certainFloorRows(cam, a, rows(rowAt(5)));
    expect(a).toEqual(rows(rowAt(4)));
  });
});

describe('loosestFloorRows', () => {
  it('takes the highest row of the outlines per column, where agreedFloorRows takes the lowest', () => {
    const w = 10;
    const outline = (v: number): [number, number][] => [
      [0, 20],
      [0, v],
      [w, v],
      [w, 20],
    ];
    expect(Array.from(loosestFloorRows([outline(5), outline(8)], w))).toEqual(new Array(w).fill(5));
    expect(Array.from(agreedFloorRows([outline(5), outline(8)], w))).toEqual(new Array(w).fill(8));
  });
});
