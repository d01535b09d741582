import { describe, expect, it } from 'vitest';
import { project } from '../geometry/camera.ts';
import type { Rect } from './geometry.ts';
import {
  blocksTallEdge,
  grownBase,
  hidesOpening,
  nearObject,
  objectZones,
  tallFeet,
  uprightInside,
  wholeInFrame,
} from './keep-clear.ts';
import { cam } from '#tests/helpers/level-camera.ts';

/** Image box of a floor object standing from x0 to x1 (metres), its front at depth z, h tall. */
function boxOf(x0: number, x1: number, z: number, h: number) {
  const [u0, v1] = project(cam, [x0, 0, z]);
  const [u1] = project(cam, [x1, 0, z]);
  const [, v0] = project(cam, [x0, h, z]);
  return { x0: u0, y0: v0, x1: u1, y1: v1 };
}
const base = (a: number, b: number, w: number, d: number): Rect => ({ a, b, w, d, rot: 0 });
const quadOf = (r: Rect) =>
  [
    [r.a - r.w / 2, r.b - r.d / 2],
    [r.a + r.w / 2, r.b - r.d / 2],
    [r.a + r.w / 2, r.b + r.d / 2],
    [r.a - r.w / 2, r.b + r.d / 2],
  ].map(([x, z]) => project(cam, [x!, 0, z!]).slice(0, 2) as [number, number]);

describe('objectZones', () => {
  it('puts a detected object on the floor in metres, from its box front edge back by about its width', () => {
    // A 2 m sofa whose front stands 3 m from the camera.
    const [z] = objectZones(cam, [boxOf(-1, 1, 3, 0.8)]);
    expect(z!.w).toBeCloseTo(2, 1);
    expect(z!.a).toBeCloseTo(0, 1);
    // Its front edge at 3 m, reaching back 2 m (clamped to 2).
    expect(z!.b - z!.d / 2).toBeCloseTo(3, 1);
    expect(z!.d).toBeCloseTo(2, 1);
  });
  it('drops a box with no floor contact in view (its bottom above the horizon)', () => {
    expect(objectZones(cam, [{ x0: 100, y0: 100, x1: 300, y1: 500 }])).toEqual([]);
  });
});

describe('nearObject', () => {
  const zones = objectZones(cam, [boxOf(-1, 1, 3, 0.8)]);
  it('refuses a base closer than 0.3 m to an object, in metres at any distance', () => {
    // In front of the sofa: 0.2 m of floor between them is too little, 0.4 m is enough.
    expect(nearObject(base(0, 2.5, 0.5, 0.6), zones)).toBe(true);
    expect(nearObject(base(0, 2.3, 0.5, 0.6), zones)).toBe(false);
    // Beside it, likewise.
    expect(nearObject(base(1.2 + 0.25, 3.5, 0.5, 0.5), zones)).toBe(true);
    expect(nearObject(base(1.4 + 0.25, 3.5, 0.5, 0.5), zones)).toBe(false);
  });
});

describe('grownBase and wholeInFrame', () => {
  it('grows a base by a margin on every side and keeps its centre', () => {
    expect(grownBase({ a: 1, b: 2, w: 0.5, d: 0.4, rot: 0.3 }, 0.2)).toEqual({
      a: 1,
      b: 2,
      w: 0.9,
      d: 0.8,
      rot: 0.3,
    });
  });
  it('needs every corner of the base inside the frame: the floor under it must be seen', () => {
    expect(wholeInFrame(quadOf(base(0, 4, 0.5, 0.5)), cam.width, cam.height)).toBe(true);
    // This level camera sees the floor from 2.9 m: a base reaching nearer is cut by the frame's bottom.
    expect(wholeInFrame(quadOf(base(0, 3, 0.5, 0.5)), cam.width, cam.height)).toBe(false);
    expect(wholeInFrame(quadOf(base(-3, 4, 0.5, 0.5)), cam.width, cam.height)).toBe(false);
  });
});

describe('hidesOpening', () => {
  const win = { kind: 'window' as const, x0: 600, y0: 300, x1: 900, y1: 560 };
  it('is true for any overlap with a window or door, false beside it', () => {
    expect(hidesOpening({ x0: 880, y0: 500, x1: 1000, y1: 800 }, [win])).toBe(true);
    expect(hidesOpening({ x0: 910, y0: 300, x1: 1000, y1: 800 }, [win])).toBe(false);
    expect(hidesOpening({ x0: 600, y0: 561, x1: 900, y1: 800 }, [win])).toBe(false);
  });
});

describe('uprightInside', () => {
  it('is true when an edge rises from inside the base, not from behind it', () => {
    const q = quadOf(base(0, 3, 0.8, 0.8));
    const [u, v] = project(cam, [0.1, 0, 3.1]);
    expect(uprightInside(q, [{ u, foot: v }])).toBe(true);
    const [ub, vb] = project(cam, [0.1, 0, 4]);
    expect(uprightInside(q, [{ u: ub, foot: vb }])).toBe(false);
  });
});

describe('blocksTallEdge', () => {
  // A door jamb's foot 0.3 m behind a bed's head at 4 m depth.
  const [u, v] = project(cam, [0, 0, 5.35]);
  const bed = base(0, 4, 1.6, 2.05);
  it('keeps a wide piece 0.5 m from the foot of a door-height edge behind its middle', () => {
    const feet = tallFeet(cam, [{ u, foot: v, height: 2.1 }]);
    expect(feet).toHaveLength(1);
    expect(blocksTallEdge(bed, quadOf(bed), feet)).toBe(true);
    // The same bed 0.4 m further forward leaves the doorway clear.
    const forward = base(0, 3.6, 1.6, 2.05);
    expect(blocksTallEdge(forward, quadOf(forward), feet)).toBe(false);
  });
  it('ignores low edges, narrow pieces and edges beside the piece (a room corner at its side)', () => {
    expect(tallFeet(cam, [{ u, foot: v, height: 1.2 }])).toEqual([]);
    const feet = tallFeet(cam, [{ u, foot: v, height: 2.1 }]);
    const stand = base(0, 4.9, 0.5, 0.42);
    expect(blocksTallEdge(stand, quadOf(stand), feet)).toBe(false);
    const aside = base(0.75, 4, 1.6, 2.05);
    expect(blocksTallEdge(aside, quadOf(aside), feet)).toBe(false);
  });
});
