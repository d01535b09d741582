import { describe, expect, it } from 'vitest';
import { polygonsMeet, type Pt } from './geometry.ts';

const square = (x: number, y: number, s: number): Pt[] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
];

describe('polygonsMeet', () => {
  it('finds a corner of either polygon inside the other', () => {
    expect(polygonsMeet(square(0, 0, 10), square(8, 8, 10))).toBe(true);
    expect(polygonsMeet(square(0, 0, 10), square(2, 2, 3))).toBe(true);
    expect(polygonsMeet(square(2, 2, 3), square(0, 0, 10))).toBe(true);
  });

  it('finds a cross of edges with no corner inside (a plus sign)', () => {
    const wide: Pt[] = [
      [-10, -1],
      [10, -1],
      [10, 1],
      [-10, 1],
    ];
    const tall: Pt[] = [
      [-1, -10],
      [1, -10],
      [1, 10],
      [-1, 10],
    ];
    expect(polygonsMeet(wide, tall)).toBe(true);
  });

  it('is false for apart polygons and for an empty one', () => {
    expect(polygonsMeet(square(0, 0, 10), square(11, 0, 10))).toBe(false);
    expect(polygonsMeet(square(0, 0, 10), [])).toBe(false);
    expect(polygonsMeet([], square(0, 0, 10))).toBe(false);
  });
});
