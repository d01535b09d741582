import { describe, expect, it } from 'vitest';
import { backRow, standsOnUpright, uprights, type Upright } from './uprights.ts';
import type { Segment } from '../analysis/segments.ts';
import { project } from '../geometry/camera.ts';
import { cam, seg } from '#tests/helpers/level-camera.ts';

describe('uprights', () => {
  it('keeps world-vertical edges at least 0.6 m tall, measured from their foot in metres', () => {
    const unitSide = seg([-0.5, 0, 3], [-0.5, 0.9, 3]);
    const tableLeg = seg([0.5, 0, 3], [0.5, 0.4, 3]);
    const ups = uprights([unitSide, tableLeg], cam, []);
    expect(ups).toHaveLength(1);
    expect(ups[0]!.height).toBeCloseTo(0.9, 2);
    // The same unit twice as far away is as tall in metres.
    expect(uprights([seg([-1, 0, 6], [-1, 0.9, 6])], cam, [])[0]!.height).toBeCloseTo(0.9, 2);
  });
  it('counts a lower visible height for an edge the frame cuts at the bottom (its foot is out of view)', () => {
    // A unit side at 1.6 m: its top 0.45 m shows above the frame's bottom row (0.6 m if it stood there).
    const side = seg([-0.4, 0, 1.6], [-0.4, 0.9, 1.6]);
    const cut = { ...side, y1: Math.min(side.y1, 1199), y2: Math.min(side.y2, 1199) };
    expect(uprights([cut], cam, [])).toHaveLength(1);
    // The same visible part standing free in the frame is too low to count.
    const low = seg([-0.4, 0, 3], [-0.4, 0.5, 3]);
    expect(uprights([low], cam, [])).toEqual([]);
  });
  it('ignores floor lines running into the room and slanted lines', () => {
    // A floorboard seam towards the central vanishing point looks vertical in the image near the
    // middle column.
    const seam = seg([0.05, 0, 2], [0.05, 0, 6]);
    const slanted = seg([-0.5, 0, 3], [0.2, 0.9, 3]);
    expect(uprights([seam, slanted], cam, [[cam.cx, 600]])).toEqual([]);
  });
  it('drops the mirror image of a frame on a glossy floor', () => {
    const jamb = seg([1, 0, 4], [1, 2, 4]);
    const [u, v] = project(cam, [1, 0, 4]);
    const mirror: Segment = { ...jamb, x1: u, y1: v + 2, x2: u, y2: v + 160, length: 158 };
    const ups = uprights([jamb, mirror], cam, []);
    expect(ups.map((g) => Math.round(g.foot))).toEqual([Math.round(v)]);
  });
});

describe('standsOnUpright', () => {
  // A unit's door edge standing at 3 m: foot at row ~1180, top (0.9 m) at row ~890.
  const edge = (u: number, depth = 3, height = 0.9): Upright => ({
    u,
    foot: project(cam, [((u - cam.cx) * depth) / cam.f, 0, depth])[1],
    top: project(cam, [((u - cam.cx) * depth) / cam.f, height, depth])[1],
    height,
  });
  const base = (x0: number, x1: number, depth: number): [number, number][] => {
    const back = project(cam, [0, 0, depth + 0.4])[1];
    const front = project(cam, [0, 0, depth])[1];
    return [
      [x0, back],
      [x1, back],
      [x1, front],
      [x0, front],
    ];
  };
  it('refuses a base behind a unit edge in its columns (on the unit, or drawn over it)', () => {
    expect(standsOnUpright(base(600, 900, 4), [edge(750)], 1200)).toBe(true);
  });
  it('accepts a base in front of the unit, beside it, or with the edge at its loose corner', () => {
    // In front: the edge's foot is behind the base's back edge.
    expect(standsOnUpright(base(600, 900, 2), [edge(750)], 1200)).toBe(false);
    expect(standsOnUpright(base(1000, 1300, 4), [edge(750)], 1200)).toBe(false);
    expect(standsOnUpright(base(600, 900, 4), [edge(610)], 1200)).toBe(false);
  });
  it('accepts a base far enough behind a low thing to be seen over it', () => {
    // A 0.9 m unit at 3 m hides the floor up to ~9 m; the base at 12 m is seen above its top.
    expect(standsOnUpright(base(600, 900, 12), [edge(750)], 1200)).toBe(false);
  });
  it('takes the back edge in the column of the upright (a sofa seen at an angle)', () => {
    // A diagonal base: far corner at the left, near corner at the right.
    const diagonal: [number, number][] = [
      [500, 900],
      [900, 1000],
      [880, 1150],
      [480, 1050],
    ];
    const post = (u: number): Upright => ({ u, foot: 960, top: 700, height: 2 });
    // At u = 800 the base's back edge is at row ~975, behind the post's foot (960): the base is in front.
    expect(standsOnUpright(diagonal, [post(800)], 1200)).toBe(false);
    // At u = 600 the back edge is at row ~925: the post stands in front of the base.
    expect(standsOnUpright(diagonal, [post(600)], 1200)).toBe(true);
  });
  it('uses the last row for a base cut by the frame bottom', () => {
    const cut: [number, number][] = [
      [600, 1300],
      [900, 1300],
      [900, 1500],
      [600, 1500],
    ];
    const atBottom: Upright = { u: 750, foot: 1199.9, top: 1000, height: 0.8 };
    expect(standsOnUpright(cut, [atBottom], 1200)).toBe(false);
    expect(standsOnUpright(cut, [{ ...atBottom, foot: 1200 + 10 }], 1200)).toBe(true);
  });
});

describe('backRow', () => {
  it('is the far edge of a quadrilateral in a column', () => {
    const quad: [number, number][] = [
      [0, 100],
      [100, 200],
      [100, 300],
      [0, 300],
    ];
    expect(backRow(quad, 50)).toBeCloseTo(150);
    expect(backRow(quad, 0)).toBeCloseTo(100);
    expect(backRow(quad, 150)).toBe(Infinity);
  });
});
