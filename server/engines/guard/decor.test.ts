import { describe, expect, it } from 'vitest';
import type { LineFindings, LineTally } from './compare.ts';
import type { Box } from '#server/lib/images/index.ts';
import { decorLines, hangsOnWall, withoutDecor } from './decor.ts';

const W = 200;
const H = 150;
type Rgb = readonly [number, number, number];

/** A wall lit from the left (30 % darker at the right edge), a wooden floor below y = 110, one piece on it. */
function room(piece: Box | null, colour: Rgb): Float32Array {
  const rgb = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const shade = 1 - (0.3 * x) / W;
      let c: readonly number[] = y >= 110 ? [150, 110, 75] : [200 * shade, 198 * shade, 192 * shade];
      if (piece && x >= piece.x0 && x <= piece.x1 && y >= piece.y0 && y <= piece.y1) c = colour;
      for (let k = 0; k < 3; k++) rgb[(y * W + x) * 3 + k] = c[k]!;
    }
  return rgb;
}

const PICTURE: Box = { x0: 70, y0: 40, x1: 130, y1: 80 };
const DARK: Rgb = [70, 60, 50];

describe('hangsOnWall', () => {
  it('takes a dark picture with the same wall on every side as decor, though the wall darkens across it', () => {
    expect(hangsOnWall(room(PICTURE, DARK), W, H, PICTURE, 4)).toBe(true);
  });

  it('does not take a window for decor: it is brighter than its wall (daylight comes in)', () => {
    expect(hangsOnWall(room(PICTURE, [235, 240, 250]), W, H, PICTURE, 4)).toBe(false);
  });

  it('does not take a piece as pale as the wall for decor (a white pane can match a white wall)', () => {
    expect(hangsOnWall(room(PICTURE, [190, 188, 182]), W, H, PICTURE, 4)).toBe(false);
  });

  it('does not take a doorway for decor: it reaches the floor, so no wall shows under it', () => {
    const door: Box = { x0: 80, y0: 30, x1: 110, y1: 109 };
    expect(hangsOnWall(room(door, [40, 35, 30]), W, H, door, 4)).toBe(false);
  });

  it('does not judge a piece cut by the frame: the wall on all four sides cannot be seen', () => {
    const edge: Box = { x0: 1, y0: 40, x1: 40, y1: 80 };
    expect(hangsOnWall(room(edge, DARK), W, H, edge, 4)).toBe(false);
  });

  it('does not take a dark piece covering much of a wall for decor', () => {
    const big: Box = { x0: 20, y0: 10, x1: 180, y1: 100 };
    expect(hangsOnWall(room(big, DARK), W, H, big, 4)).toBe(false);
  });
});

const tally = (x1: number, y1: number, x2: number, y2: number, up: number, lost: number): LineTally => ({
  x1,
  y1,
  x2,
  y2,
  length: Math.hypot(x2 - x1, y2 - y1),
  up,
  lost,
});

describe('decorLines and withoutDecor', () => {
  const top = tally(70, 40, 130, 40, 61, 50);
  const left = tally(70, 40, 70, 80, 41, 30);
  const right = tally(130, 40, 130, 80, 41, 5);
  const ceiling = tally(0, 10, 199, 10, 200, 20);

  it("finds a lost picture's outline: a level and an upright side, mostly lost, hanging on the wall", () => {
    const rgb = room(PICTURE, DARK);
    expect(decorLines([top, left, right, ceiling], rgb, W, H)).toEqual([top, left]);
  });

  it('leaves a lone lost edge and the outline of a window alone', () => {
    expect(decorLines([top, ceiling], room(PICTURE, DARK), W, H)).toEqual([]);
    expect(decorLines([top, left], room(PICTURE, [235, 240, 250]), W, H)).toEqual([]);
  });

  it("takes decor's lines out of the count and out of the lost map", () => {
    const lost = new Uint8Array(W * H);
    for (let x = 70; x <= 130; x++) lost[40 * W + x] = 1;
    lost[10 * W + 5] = 1;
    const lines: LineFindings = {
      upper: (343 - 105) / 343,
      lower: 1,
      upperPoints: 343,
      lowerPoints: 0,
      lost,
      tallies: [top, left, right, ceiling],
    };
    const out = withoutDecor(lines, [top, left], W, H);
    expect(out.upperPoints).toBe(241);
    expect(out.upper).toBeCloseTo((241 - 25) / 241, 6);
    expect(out.lost[40 * W + 100]).toBe(0);
    expect(out.lost[10 * W + 5]).toBe(1);
    expect(out.tallies).toEqual([right, ceiling]);
    expect(withoutDecor(lines, [], W, H)).toBe(lines);
  });
});
