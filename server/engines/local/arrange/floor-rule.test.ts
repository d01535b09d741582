import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, CATALOGUE_SIZE, SIZE_BOUNDS, type PieceType } from '#shared/constants/layout.ts';
import { baseCorners, footprint, hitFloor } from '#shared/layout/maths.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { fixtureLayout, ROOM_FIXTURES, type FixtureLayout } from '#tests/helpers/layout-rooms.ts';
import { pointInPolygon } from '../layout/geometry.ts';
import { pieceInTheWay } from '#shared/layout/apart.ts';
import { dragTo, judgeDrop } from './floor-rule.ts';
import { floorSceneOfModel } from './room-model.ts';

const rooms: FixtureLayout[] = [];
beforeAll(async () => {
  for (const name of ROOM_FIXTURES) rooms.push(await fixtureLayout(name, 700));
}, 600_000);

const piece = (type: PieceType, x: number, z: number, rotation = 0, scale = 1): Piece => ({
  id: `${type}-t`,
  type,
  variant: 0,
  x,
  z,
  rotation,
  scale,
  size: CATALOGUE_SIZE[type],
  elevation: 0,
  group: -1,
});

/** Independent of the rule: every corner of the base lies inside the floor outline (metres). */
const baseOnFloor = (room: RoomModel, p: Piece) => baseCorners(p).every((c) => pointInPolygon(c, room.floor));

function bounds(room: RoomModel) {
  const xs = room.floor.map((p) => p[0]);
  const zs = room.floor.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), z0: Math.min(...zs), z1: Math.min(Math.max(...zs), 15) };
}

const floorTypes = (Object.keys(SIZE_BOUNDS) as PieceType[]).filter((t) => t !== 'art');

describe('the floor rule on every fixture room', () => {
  it('accepts what the engine itself placed', () => {
    expect(rooms.length).toBe(ROOM_FIXTURES.length);
    for (const { name, layout } of rooms) {
      const scene = floorSceneOfModel(layout.room);
      for (const p of layout.pieces) {
        const v = judgeDrop(layout.room, p, scene);
        expect(v, `${name}: ${p.id}`).toEqual({ ok: true });
      }
    }
  });

  it('a dropped piece never ends up off the floor (random drops)', () => {
    let accepted = 0;
    let refused = 0;
    for (const { name, layout } of rooms) {
      const room = layout.room;
      const scene = floorSceneOfModel(room);
      const b = bounds(room);
      fc.assert(
        fc.property(
          fc.constantFrom(...floorTypes),
          fc.double({ min: b.x0 - 2, max: b.x1 + 2, noNaN: true }),
          fc.double({ min: b.z0 - 1, max: b.z1 + 2, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.double({ min: 0.8, max: 1.2, noNaN: true }),
          (type, x, z, rotation, scale) => {
            const p = piece(type, x, z, rotation, scale);
            const v = judgeDrop(room, p, scene);
            if (v.ok) accepted++;
            else refused++;
            return !v.ok || baseOnFloor(room, p);
          },
        ),
        { numRuns: 150, seed: 31, verbose: true, examples: [] },
      );
      void name;
    }
    // Not vacuous: random drops land both on and off the floor.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('a dragged piece never ends up off the floor (random drags of the placed pieces)', () => {
    let moved = 0;
    for (const { name, layout } of rooms) {
      const room = layout.room;
      const scene = floorSceneOfModel(room);
      const floorPieces = layout.pieces.filter((p) => p.type !== 'art');
      if (!floorPieces.length) continue;
      const b = bounds(room);
      fc.assert(
        fc.property(
          fc.constantFrom(...floorPieces),
          fc.double({ min: b.x0 - 3, max: b.x1 + 3, noNaN: true }),
          fc.double({ min: b.z0 - 2, max: b.z1 + 3, noNaN: true }),
          (start, x, z) => {
            const end = dragTo(room, start, { x, z }, scene);
            if (end.x !== start.x || end.z !== start.z) moved++;
            return judgeDrop(room, end, scene).ok && baseOnFloor(room, end);
          },
        ),
        { numRuns: 120, seed: 27, examples: [] },
      );
      void name;
    }
    expect(moved).toBeGreaterThan(200);
  });

  it('a dragged piece never ends up standing on another (random drags among the placed pieces)', () => {
    let stopped = 0;
    let moved = 0;
    // Independent of the rule (separating axes): no point of the dragged base, 3 cm in from its
    // edges, lies inside another piece's base (only a rug may lie under furniture).
    const inset = (p: Piece) => ({
      ...p,
      size: { ...p.size, w: p.size.w - 0.06 / p.scale, d: p.size.d - 0.06 / p.scale },
    });
    const grid = (p: Piece) => {
      const q = inset(p);
      const [a, b, , d] = baseCorners(q);
      const pts: [number, number][] = [];
      for (let i = 0; i <= 8; i++)
        for (let j = 0; j <= 8; j++)
          pts.push([
            a![0] + ((b![0] - a![0]) * i) / 8 + ((d![0] - a![0]) * j) / 8,
            a![1] + ((b![1] - a![1]) * i) / 8 + ((d![1] - a![1]) * j) / 8,
          ]);
      return pts;
    };
    const onAnother = (p: Piece, others: Piece[]) =>
      others.some(
        (o) =>
          o.id !== p.id &&
          o.type !== 'art' &&
          (o.type === 'rug') === (p.type === 'rug') &&
          grid(p).some((c) => pointInPolygon(c, baseCorners(o))),
      );
    for (const { layout } of rooms) {
      const room = layout.room;
      const scene = floorSceneOfModel(room);
      const floorPieces = layout.pieces.filter((p) => p.type !== 'art');
      if (floorPieces.length < 2) continue;
      const b = bounds(room);
      fc.assert(
        fc.property(
          fc.constantFrom(...floorPieces),
          fc.double({ min: b.x0 - 1, max: b.x1 + 1, noNaN: true }),
          fc.double({ min: b.z0 - 1, max: b.z1 + 1, noNaN: true }),
          (start, x, z) => {
            const others = layout.pieces.filter((p) => p.id !== start.id);
            fc.pre(!pieceInTheWay(start, others));
            const end = dragTo(room, start, { x, z }, scene, others);
            const free = dragTo(room, start, { x, z }, scene);
            if (end.x !== free.x || end.z !== free.z) stopped++;
            if (end.x !== start.x || end.z !== start.z) moved++;
            return judgeDrop(room, end, scene).ok && !pieceInTheWay(end, others) && !onAnother(end, others);
          },
        ),
        { numRuns: 120, seed: 31, examples: [] },
      );
    }
    // The rule is not idle: some drags stop at a piece where the floor alone would let them go on.
    expect(stopped).toBeGreaterThan(20);
    expect(moved).toBeGreaterThan(200);
  });
});

describe('why a drop is refused', () => {
  let room: RoomModel;
  let sofa: Piece;
  beforeAll(() => {
    const living = rooms.find((r) => r.name === 'empty-living-03.jpg')!;
    room = living.layout.room;
    sofa = living.layout.pieces.find((p) => p.type === 'sofa')!;
    expect(sofa).toBeDefined();
  });

  it('off the floor, far from the room', () => {
    const v = judgeDrop(room, { ...sofa, x: 40, z: -30 });
    expect(v).toMatchObject({
      ok: false,
      reason: 'off-floor',
      message: 'The sofa would stand off the floor.',
    });
  });

  it('through a wall: the centre on the floor, a corner past its outline', () => {
    // Push the sofa back until its centre is about to leave the floor.
    let p = sofa;
    for (let z = sofa.z; z < sofa.z + 20; z += 0.02) {
      const next = { ...sofa, z };
      if (!pointInPolygon([next.x, next.z], room.floor)) break;
      p = next;
    }
    const v = judgeDrop(room, p);
    expect(v).toMatchObject({ ok: false, reason: 'through-wall' });
    if (!v.ok) expect(v.message).toBe('The sofa would go through a wall.');
  });

  it('on something already standing there: an object over its footprint', () => {
    expect(judgeDrop(room, sofa)).toEqual({ ok: true });
    const foot = footprint(room.camera, sofa);
    const xs = foot.map((q) => q[0]);
    const ys = foot.map((q) => q[1]);
    // An armchair already in the photo, standing where the sofa is dropped.
    const chair = { x0: Math.min(...xs), y0: Math.min(...ys) - 80, x1: Math.max(...xs), y1: Math.max(...ys) };
    const occupied = { ...room, constraint: { ...room.constraint, obstacles: [chair] } };
    expect(judgeDrop(occupied, sofa)).toMatchObject({ ok: false, reason: 'on-object' });
  });

  it('an unrealistic size, with the bounds in words', () => {
    const v = judgeDrop(room, { ...sofa, scale: 2 });
    expect(v).toMatchObject({ ok: false, reason: 'size' });
    if (!v.ok) expect(v.message).toMatch(/^A sofa \d\.\d\d m wide is not realistic \(1\.4–3\.2 m\)\.$/);
  });

  it('wall art off the photo', () => {
    const art = { ...piece('art', sofa.x + 30, sofa.z), elevation: 1.25 };
    expect(judgeDrop(room, art)).toMatchObject({ ok: false, reason: 'off-wall' });
  });

  it('a pointer on the floor drops the piece where the pointer is', () => {
    const [u, v] = [room.width / 2, room.height * 0.85];
    const at = hitFloor(room.camera, u, v)!;
    const dropped = { ...sofa, x: at[0], z: at[1] };
    const [cu, cv] = footprint(room.camera, { ...dropped, size: { w: 1e-6, d: 1e-6, h: 1 } })[0]!;
    expect(cu).toBeCloseTo(u, 3);
    expect(cv).toBeCloseTo(v, 3);
  });

  it('offers only pieces the catalogue knows', () => {
    for (const list of Object.values(CATALOGUE)) for (const t of list) expect(SIZE_BOUNDS[t]).toBeDefined();
  });
});
