import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SIZE, PIECE_TYPES } from '../constants/layout.ts';
import type { Piece } from '../schemas/layout.ts';
import { cameraFromHorizon, horizonRow, projectRoom } from './camera.ts';
import { footprint, hitFloor, hitFloorFromPointer, pieceSize, sizeProblem } from './maths.ts';

// A 4:3 photo, horizon a third of the way down, a 65 degree lens, room axes turned 20 degrees.
const cam = cameraFromHorizon(1600, 1200, 400, 1256, (20 * Math.PI) / 180);

const sofa: Piece = {
  id: 'sofa-0',
  type: 'sofa',
  variant: 0,
  x: 0,
  z: 4,
  rotation: 0,
  scale: 1,
  size: CATALOGUE_SIZE.sofa,
  elevation: 0,
  group: 0,
};

describe('hitFloor', () => {
  it('finds the floor point a pixel shows (the inverse of projecting it)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: 1, max: 12, noNaN: true }),
        (a, b) => {
          const [u, v, depth] = projectRoom(cam, a, b);
          fc.pre(depth > 0.1);
          const hit = hitFloor(cam, u, v);
          expect(hit).not.toBeNull();
          expect(hit![0]).toBeCloseTo(a, 6);
          expect(hit![1]).toBeCloseTo(b, 6);
        },
      ),
      { seed: 31 },
    );
  });

  it('finds no floor at or above the horizon', () => {
    const h = horizonRow(cam);
    expect(hitFloor(cam, 800, h - 1)).toBeNull();
    expect(hitFloor(cam, 800, 0)).toBeNull();
    expect(hitFloor(cam, 800, h + 40)).not.toBeNull();
  });

  it('reads a pointer on the photo shown at another size', () => {
    // The photo shown 400 px wide: a pointer at (100, 250) is pixel (400, 1000) of the photo.
    const room = { camera: cam, width: 1600, height: 1200 };
    expect(hitFloorFromPointer(room, { x: 100, y: 250 }, { width: 400, height: 300 })).toEqual(
      hitFloor(cam, 400, 1000),
    );
    expect(hitFloorFromPointer(room, { x: 1, y: 1 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe('footprint', () => {
  it('draws the base in perspective: nearer edge lower and wider than the far one', () => {
    // Room axes square to the camera, the sofa facing it.
    const level = cameraFromHorizon(1600, 1200, 400, 1256, 0);
    const [a, b, c, d] = footprint(level, sofa);
    // Corners in order: (-w,-d) (w,-d) (w,d) (-w,d): the first two are the front (nearer) edge.
    const near = Math.hypot(b![0] - a![0], b![1] - a![1]);
    const far = Math.hypot(c![0] - d![0], c![1] - d![1]);
    expect(near).toBeGreaterThan(far);
    expect(Math.min(a![1], b![1])).toBeGreaterThan(Math.max(c![1], d![1]));
  });

  it('puts each corner where the camera projects it, turned with the piece', () => {
    const p = { ...sofa, x: 0.7, z: 3.2, rotation: 0.6, scale: 1.1 };
    const { w, d } = pieceSize(p);
    const [, second] = footprint(cam, p);
    const a = p.x + (w / 2) * Math.cos(0.6) + (d / 2) * Math.sin(0.6);
    const b = p.z + (w / 2) * Math.sin(0.6) - (d / 2) * Math.cos(0.6);
    const [u, v] = projectRoom(cam, a, b);
    expect(second![0]).toBeCloseTo(u, 6);
    expect(second![1]).toBeCloseTo(v, 6);
  });

  it('lifts wall art by its elevation', () => {
    const art = { ...sofa, type: 'art' as const, size: CATALOGUE_SIZE.art, elevation: 1.3 };
    const onFloor = footprint(cam, { ...art, elevation: 0 });
    const lifted = footprint(cam, art);
    for (let i = 0; i < 4; i++) expect(lifted[i]![1]).toBeLessThan(onFloor[i]![1]);
  });
});

describe('sizeProblem', () => {
  it('accepts every catalogue size at scale 1', () => {
    for (const type of PIECE_TYPES)
      expect(sizeProblem({ type, size: CATALOGUE_SIZE[type], scale: 1 })).toBeNull();
  });

  it('says which dimension is unrealistic and the bounds', () => {
    expect(sizeProblem({ ...sofa, scale: 1.6 })).toBe('A sofa 3.36 m wide is not realistic (1.4–3.2 m).');
    expect(sizeProblem({ ...sofa, scale: 0.6 })).toBe('A sofa 1.26 m wide is not realistic (1.4–3.2 m).');
    expect(sizeProblem({ ...sofa, size: { ...sofa.size, h: 1.3 } })).toBe(
      'A sofa 1.30 m high is not realistic (0.6–1 m).',
    );
  });
});
