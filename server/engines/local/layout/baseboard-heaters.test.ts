import { describe, expect, it } from 'vitest';
import type { Segment } from '#server/lib/images/index.ts';
import { cameraFromHorizon, defaultFocal } from '../geometry/camera.ts';
import { baseboardHeaters } from './baseboard-heaters.ts';
import type { Pt } from './geometry.ts';

const W = 640;
const H = 360;
const HORIZON = 150;
const cam = cameraFromHorizon(W, H, HORIZON, defaultFocal(W, H));
/** The floor's far edge (a wall base) at row 250, the floor down to the frame's bottom. */
const FLOOR_TOP = 250;
const floor: Pt[] = [
  [0, H],
  [0, FLOOR_TOP],
  [W, FLOOR_TOP],
  [W, H],
];

/** A level line from column x0 to x1 at row y. */
function line(x0: number, x1: number, y: number, strength = 15): Segment {
  return { x1: x0, y1: y, x2: x1, y2: y, length: x1 - x0, angle: 0, levelAngle: 0, strength };
}

/** Image rows of `metres` of upright standing on the floor's far edge. */
const rowsOf = (metres: number) => Math.round((metres * (FLOOR_TOP - HORIZON)) / cam.eye);

describe('baseboardHeaters', () => {
  it('finds a heater: two strong long lines a heater high, the lower on the floor edge', () => {
    const boxes = baseboardHeaters(
      [line(100, 500, FLOOR_TOP), line(105, 495, FLOOR_TOP - rowsOf(0.25))],
      floor,
      cam,
      H,
    );
    expect(boxes.length).toBeGreaterThan(0);
    expect(Math.min(...boxes.map((b) => b.x0))).toBeCloseTo(105);
    expect(Math.max(...boxes.map((b) => b.y1))).toBeCloseTo(FLOOR_TOP);
    expect(Math.min(...boxes.map((b) => b.y0))).toBeCloseTo(FLOOR_TOP - rowsOf(0.25));
  });

  it('follows a slanted heater with several boxes, none reaching far below its foot', () => {
    const foot: Segment = { ...line(100, 500, 0), y1: 300, y2: 250, angle: -Math.atan2(50, 400) };
    const top: Segment = { ...foot, y1: 300 - rowsOf(0.25), y2: 250 - rowsOf(0.25) };
    const slanted: Pt[] = [
      [0, H],
      [0, 312.5],
      [W, 232.5],
      [W, H],
    ];
    const boxes = baseboardHeaters([foot, top], slanted, cam, H);
    expect(boxes.length).toBeGreaterThan(5);
    for (const b of boxes) {
      const footAt = 300 - ((b.x0 - 100) * 50) / 400;
      expect(b.y1).toBeLessThanOrEqual(footAt + 0.01 * H + 1e-6);
    }
  });

  it('does not take a skirting (too low), a sill (too high) or a faint top for a heater', () => {
    for (const metres of [0.1, 0.6]) {
      const pair = [line(100, 500, FLOOR_TOP), line(100, 500, FLOOR_TOP - rowsOf(metres))];
      expect(baseboardHeaters(pair, floor, cam, H)).toEqual([]);
    }
    const faint = [line(100, 500, FLOOR_TOP), line(100, 500, FLOOR_TOP - rowsOf(0.25), 4)];
    expect(baseboardHeaters(faint, floor, cam, H)).toEqual([]);
  });

  it('needs both edges of one housing: a short top, a short heater, a foot off the floor edge', () => {
    const shortTop = [line(100, 500, FLOOR_TOP), line(100, 250, FLOOR_TOP - rowsOf(0.25))];
    expect(baseboardHeaters(shortTop, floor, cam, H)).toEqual([]);
    const short = [line(300, 330, FLOOR_TOP), line(300, 330, FLOOR_TOP - rowsOf(0.25))];
    expect(baseboardHeaters(short, floor, cam, H)).toEqual([]);
    const offEdge = [line(100, 500, FLOOR_TOP + 40), line(100, 500, FLOOR_TOP + 40 - rowsOf(0.25))];
    expect(baseboardHeaters(offEdge, floor, cam, H)).toEqual([]);
  });
});
