import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOM_TYPES } from '#shared/constants/staging.ts';
import { createRng } from '../rng.ts';
import { fitLayout, rectOf, type LayoutRoom } from './fit.ts';
import { rectDistance, rectInPolygon, rectsOverlap, type Pt } from './geometry.ts';
import { templateFor } from './templates.ts';

/** The visible floor of a room photo: a trapezoid widening away from the camera. */
const floorArb = fc
  .record({
    nearWidth: fc.double({ min: 1.2, max: 4, noNaN: true }),
    near: fc.double({ min: 0.8, max: 2.5, noNaN: true }),
    farWidth: fc.double({ min: 2.5, max: 8, noNaN: true }),
    depth: fc.double({ min: 2.5, max: 9, noNaN: true }),
    shift: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  })
  .map(({ nearWidth, near, farWidth, depth, shift }): Pt[] => [
    [-nearWidth / 2, near],
    [nearWidth / 2, near],
    [farWidth / 2 + shift, near + depth],
    [-farWidth / 2 + shift, near + depth],
  ]);

const doorArb = fc.option(
  fc.record({
    a: fc.double({ min: -3, max: 3, noNaN: true }),
    b: fc.double({ min: 1, max: 9, noNaN: true }),
  }),
  { nil: undefined },
);

const WALKWAY = 0.6;

describe('fitLayout (property)', () => {
  it('never overlaps, never leaves the floor, keeps walkways and door zones clear', () => {
    fc.assert(
      fc.property(
        floorArb,
        doorArb,
        fc.constantFrom(...ROOM_TYPES),
        fc.nat(7),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (floor, door, roomType, variant, minimal, seed) => {
          const room: LayoutRoom = {
            floor,
            keepOut: door ? [{ a: door.a, b: door.b, w: 1.2, d: 1.4, rot: 0 }] : [],
          };
          const items = fitLayout(room, templateFor(roomType, seed % 2 ? 0 : Math.PI / 2), {
            rng: createRng(seed),
            variant,
            minimal,
            walkway: WALKWAY,
          });
          const onFloor = items.filter((it) => !it.onWall);
          for (const it of onFloor) expect(rectInPolygon(rectOf(it), floor)).toBe(true);
          const solid = onFloor.filter((it) => !it.covering);
          for (const it of solid)
            for (const k of room.keepOut) expect(rectsOverlap(rectOf(it), k)).toBe(false);
          for (let i = 0; i < solid.length; i++)
            for (let j = i + 1; j < solid.length; j++) {
              const [p, q] = [solid[i]!, solid[j]!];
              if (p.group === q.group) expect(rectsOverlap(rectOf(p), rectOf(q))).toBe(false);
              else expect(rectDistance(rectOf(p), rectOf(q))).toBeGreaterThanOrEqual(WALKWAY - 1e-9);
            }
          // Rugs never run under another group's furniture.
          for (const rug of onFloor.filter((it) => it.covering))
            for (const it of solid)
              if (it.group !== rug.group) expect(rectsOverlap(rectOf(rug), rectOf(it))).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('furnishes an ordinary 5 x 4 m floor with the main group for every room type', () => {
    const floor: Pt[] = [
      [-1.5, 1.2],
      [1.5, 1.2],
      [2.5, 5.5],
      [-2.5, 5.5],
    ];
    for (const roomType of ROOM_TYPES) {
      const items = fitLayout({ floor, keepOut: [] }, templateFor(roomType), {
        rng: createRng(1),
        variant: 0,
      });
      expect(items.filter((it) => it.group === 0 && !it.covering).length).toBeGreaterThan(0);
    }
  });

  it('gives different arrangements for different variants', () => {
    const floor: Pt[] = [
      [-2, 1],
      [2, 1],
      [3, 6],
      [-3, 6],
    ];
    const layout = (variant: number) =>
      fitLayout({ floor, keepOut: [] }, templateFor('living-room'), { rng: createRng(7), variant })
        .map((it) => `${it.kind}:${it.a.toFixed(2)},${it.b.toFixed(2)},${it.facing.toFixed(2)}`)
        .join(' ');
    expect(layout(0)).not.toBe(layout(1));
    expect(layout(0)).toBe(layout(0));
  });

  it('rejects a rectangle crossed by a notch narrower than any sampling step', () => {
    // A 2 cm wide wall stub reaching 1 m into a 4 x 4 m floor.
    const floor: Pt[] = [
      [-2, 0],
      [-0.01, 0],
      [-0.01, 1],
      [0.01, 1],
      [0.01, 0],
      [2, 0],
      [2, 4],
      [-2, 4],
    ];
    const rect = (a: number, b: number) => ({ a, b, w: 1, d: 1, rot: 0.3 });
    expect(rectInPolygon(rect(0, 0.8), floor)).toBe(false);
    expect(rectInPolygon(rect(0, 2.5), floor)).toBe(true);
    expect(rectInPolygon(rect(1.2, 0.8), floor)).toBe(true);
    expect(rectInPolygon(rect(1.9, 2), floor)).toBe(false);
  });
});

describe('fitLayout marks the pieces the stricter rules judge', () => {
  it('flags the main piece and every optional piece or piece of an optional group', () => {
    const floor: Pt[] = [
      [-4, 1],
      [4, 1],
      [4, 9],
      [-4, 9],
    ];
    const items = fitLayout({ floor, keepOut: [] }, templateFor('living-room'), {
      rng: createRng(7),
      variant: 0,
    });
    expect(items.filter((it) => it.main).map((it) => it.kind)).toEqual(['sofa']);
    const optional = new Set(items.filter((it) => it.optional).map((it) => it.kind));
    expect(optional).toEqual(new Set(['side-table', 'floor-lamp', 'armchair', 'plant']));
    expect(items.find((it) => it.kind === 'rug')!.optional).toBe(false);
  });
  it('lets the occupancy veto drop the optional pieces and keep the room staged', () => {
    const floor: Pt[] = [
      [-4, 1],
      [4, 1],
      [4, 9],
      [-4, 9],
    ];
    const items = fitLayout(
      { floor, keepOut: [], occupied: (it) => it.optional === true },
      templateFor('living-room'),
      { rng: createRng(7), variant: 0 },
    );
    expect(items.some((it) => it.main)).toBe(true);
    expect(items.filter((it) => it.optional)).toEqual([]);
  });
});
