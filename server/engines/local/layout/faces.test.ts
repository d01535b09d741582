import { describe, expect, it } from 'vitest';
import { fronts, standsInFront } from './faces.ts';
import { uprights } from './uprights.ts';
import { horizonRow, project } from '../geometry/camera.ts';
import { cam, seg } from '#tests/helpers/level-camera.ts';
const HZ = horizonRow(cam);
/** A floor footprint from x0 to x1 (metres), depth z to z + 0.4, as image corners. */
const base = (x0: number, x1: number, z: number): [number, number][] =>
  (
    [
      [x0, z + 0.4],
      [x1, z + 0.4],
      [x1, z],
      [x0, z],
    ] as const
  ).map(([x, d]) => {
    const [u, v] = project(cam, [x, 0, d]);
    return [u, v];
  });

// A run of base units 0.9 m tall, its front at 3 m from x = -1 to 0.5: two side edges, the worktop
// edge, a drawer rail and the plinth line between them.
const unitSides = [seg([-1, 0, 3], [-1, 0.9, 3]), seg([0.5, 0, 3], [0.5, 0.9, 3])];
const unitRails = [
  seg([-1, 0.9, 3], [0.5, 0.9, 3]),
  seg([-1, 0.7, 3], [0.5, 0.7, 3]),
  seg([-1, 0.1, 3], [0.5, 0.1, 3]),
];

describe('fronts', () => {
  it('joins a side edge and the rails running from it into a front down to the edge’s foot', () => {
    const segs = [...unitSides, ...unitRails];
    const list = fronts(segs, uprights(segs, cam, []), cam.width, HZ);
    expect(list.length).toBeGreaterThan(0);
    const [u0] = project(cam, [-1, 0, 3]);
    const [u1, foot] = project(cam, [0.5, 0, 3]);
    const f = list.find((x) => Math.abs(x.u0 - u0) < 2)!;
    expect(f.u1).toBeCloseTo(u1, 0);
    expect(f.foot0).toBeCloseTo(foot, 0);
    expect(f.foot1).toBeCloseTo(foot, 0);
  });
  it('needs two rails: a single line from an edge (a door head) may be a coincidence', () => {
    const segs = [...unitSides, unitRails[0]!];
    expect(fronts(segs, uprights(segs, cam, []), cam.width, HZ)).toEqual([]);
  });
  it('takes no foot line from lines above eye level, which run the other way in perspective', () => {
    // A wall corner 3 m tall with only a picture rail and the ceiling line running from it.
    const corner = seg([-1, 0, 5], [-1, 3, 5]);
    const high = [seg([-1, 2.2, 5], [1, 2.2, 7]), seg([-1, 3, 5], [1, 3, 7])];
    const segs = [corner, ...high];
    expect(fronts(segs, uprights(segs, cam, []), cam.width, HZ)).toEqual([]);
  });
});

describe('standsInFront', () => {
  const segs = [...unitSides, ...unitRails];
  const list = fronts(segs, uprights(segs, cam, []), cam.width, HZ);
  it('refuses a base behind the units’ foot line in their columns (on the worktop, in the units)', () => {
    expect(standsInFront(base(-0.6, 0.1, 3.2), list, cam.height)).toBe(true);
    // Reaching into the run from one side counts too.
    expect(standsInFront(base(0.2, 1.2, 3.5), list, cam.height)).toBe(true);
  });
  it('lets a base stand on the floor in front of the units or beside them', () => {
    expect(standsInFront(base(-0.6, 0.1, 2.2), list, cam.height)).toBe(false);
    expect(standsInFront(base(0.9, 1.5, 3.2), list, cam.height)).toBe(false);
  });
  it('never refuses floor pieces below a front that does not stand on the floor (a window)', () => {
    // Window jambs from the sill (0.9 m) to 2.1 m, on a wall at 5 m, with sill and head rails.
    const win = [
      seg([-0.8, 0.9, 5], [-0.8, 2.1, 5]),
      seg([0.8, 0.9, 5], [0.8, 2.1, 5]),
      seg([-0.8, 0.9, 5], [0.8, 0.9, 5]),
      seg([-0.8, 1.0, 5], [0.8, 1.0, 5]),
    ];
    const ws = fronts(win, uprights(win, cam, []), cam.width, HZ);
    expect(standsInFront(base(-0.5, 0.5, 4.4), ws, cam.height)).toBe(false);
  });
});
