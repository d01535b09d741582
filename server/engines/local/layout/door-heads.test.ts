import { describe, expect, it } from 'vitest';
import { floorPoint, project, worldToRoom } from '../geometry/camera.ts';
import type { Vec3 } from '../geometry/vec.ts';
import { approachOf, doorsFromHeads } from './door-heads.ts';
import type { Segment } from '../analysis/segments.ts';
import type { PlacedItem } from './fit.ts';
import { occupiedFloor, sceneFrom } from './floor-scene.ts';
import { corners, pointInPolygon, type Pt } from './geometry.ts';
import { cam, seg } from '#tests/helpers/level-camera.ts';

/** A jamb from the floor at (x, z) up to `top` metres, as uprights() reports it. */
const jamb = (x: number, z: number, top: number) => {
  const [u, foot] = project(cam, [x, 0, z]);
  const [, t] = project(cam, [x, top, z]);
  return { u, foot, top: t, height: top };
};
/** The floor's far edge: the base of a back wall `z` metres away. */
const wallAt = (z: number) => new Float32Array(cam.width).fill(project(cam, [0, 0, z])[1]);
const head = (a: Vec3, b: Vec3) => seg(a, b);
const inSwing = (zone: ReturnType<typeof doorsFromHeads>[number], x: number, z: number) => {
  const p = floorPoint(cam, ...(project(cam, [x, 0, z]).slice(0, 2) as [number, number]));
  return pointInPolygon(worldToRoom(cam, p!), corners(zone.swing));
};

describe('doorsFromHeads', () => {
  // A 0.9 m door in a back wall 5 m away, hinge-side jamb at x = 0.4, the latch side not seen.
  const right = jamb(0.4, 5, 2.05);
  const lintel = head([0.4, 2.05, 5], [-0.5, 2.05, 5]);

  it('finds a door from one jamb on the floor line and a head leaving its top, on the head side', () => {
    const doors = doorsFromHeads(cam, [right], [lintel], wallAt(5));
    expect(doors).toHaveLength(1);
    const d = doors[0]!;
    expect(d.swing.w).toBeCloseTo(0.9, 1);
    // The swing is the floor in front of the door, as deep as the door is wide, on the room's side.
    expect(inSwing(d, -0.05, 4.6)).toBe(true);
    expect(inSwing(d, -0.05, 4.2)).toBe(true);
    expect(inSwing(d, -0.05, 3.9)).toBe(false);
    expect(inSwing(d, 1.0, 4.6)).toBe(false);
    expect(inSwing(d, -0.05, 5.4)).toBe(false);
    // Its image box runs from the head to the threshold over the door's columns.
    expect(d.box.x1).toBeCloseTo(right.u, 0);
    expect(d.box.x0).toBeCloseTo(project(cam, [-0.5, 0, 5])[0], 0);
  });

  it('needs the jamb to stand on the floor line, at door height, with a head of a door width at its top', () => {
    // The floor ends 1 m nearer: the edge stands behind it (a window frame seen over a sill, a far wall).
    expect(doorsFromHeads(cam, [right], [lintel], wallAt(4))).toEqual([]);
    // A unit's side (1.1 m) or a full-height room corner (3.5 m) is no door jamb.
    const low = jamb(0.4, 5, 1.1);
    expect(doorsFromHeads(cam, [low], [head([0.4, 1.1, 5], [-0.5, 1.1, 5])], wallAt(5))).toEqual([]);
    const corner = jamb(0.4, 5, 3.5);
    expect(doorsFromHeads(cam, [corner], [head([0.4, 3.5, 5], [-0.5, 3.5, 5])], wallAt(5))).toEqual([]);
    // No head at the top, or one that starts elsewhere on the wall.
    expect(doorsFromHeads(cam, [right], [], wallAt(5))).toEqual([]);
    expect(doorsFromHeads(cam, [right], [head([-0.2, 2.05, 5], [-1.1, 2.05, 5])], wallAt(5))).toEqual([]);
    // A head as wide as a wall (a ceiling line, a picture rail) is no door.
    expect(doorsFromHeads(cam, [right], [head([0.4, 2.05, 5], [-2.6, 2.05, 5])], wallAt(5))).toEqual([]);
  });

  it("measures a glazed door standing on a sill from the sill's edge, not the jamb's foot", () => {
    // The frame stands on a 5 cm step whose front edge meets the floor 0.1 m in front of the wall;
    // the floor estimate ends 5 cm nearer still. The jamb's foot, 5 cm up, reads as 5.2 m away.
    const raised = { ...jamb(0.4, 5, 2.05), foot: project(cam, [0.4, 0.05, 5])[1] };
    const sill = seg([0.4, 0, 4.9], [-0.5, 0, 4.9]);
    expect(doorsFromHeads(cam, [raised], [lintel], wallAt(4.85))).toEqual([]);
    expect(doorsFromHeads(cam, [raised], [lintel, sill], wallAt(4.85))).toHaveLength(1);
    // A level line further below the foot than a step (a floor joint 0.5 m out) is no sill.
    const joint = seg([0.4, 0, 4.5], [-0.5, 0, 4.5]);
    expect(doorsFromHeads(cam, [raised], [lintel, joint], wallAt(4.5))).toEqual([]);
    // A sill beside the jamb's column, not under it, says nothing.
    const aside = seg([-0.6, 0, 4.9], [-1.5, 0, 4.9]);
    expect(doorsFromHeads(cam, [raised], [lintel, aside], wallAt(4.85))).toEqual([]);
  });

  it('keeps a door on a side wall clear toward the room, not behind the wall', () => {
    // Left wall at x = -2, the door from z = 4 (jamb) to z = 3.1 (head's far end).
    const side = jamb(-2, 4, 2.05);
    const lintelSide = head([-2, 2.05, 4], [-2, 2.05, 3.1]);
    // The floor reaches the left wall's base at the jamb.
    const rows = new Float32Array(cam.width).fill(side.foot);
    const doors = doorsFromHeads(cam, [side], [lintelSide], rows);
    expect(doors).toHaveLength(1);
    expect(inSwing(doors[0]!, -1.6, 3.5)).toBe(true);
    expect(inSwing(doors[0]!, -2.4, 3.5)).toBe(false);
  });
});

describe('approachOf', () => {
  const imageOf = ([x, z]: Pt): Pt => project(cam, [x, 0, z]).slice(0, 2) as Pt;
  const onFloor = (x: number, z: number): Pt => [x, z];
  // A 0.9 m door in a back wall 5 m away, hinge-side jamb at x = 0.4.
  const j = jamb(0.4, 5, 2.05);
  const other = imageOf(onFloor(-0.5, 5));
  const poly = approachOf(j, other);
  const inside = (x: number, z: number) => pointInPolygon(imageOf(onFloor(x, z)), poly);

  it('is the floor in front of the door as deep in the image as the door is wide, toward the camera', () => {
    // The door is 216 px wide at 5 m (f 1200): the band reaches row 948 + 216, the floor 3.09 m away.
    expect(poly[3]![1] - j.foot).toBeCloseTo(Math.abs(other[0] - j.u), 6);
    expect(inside(-0.05, 4.5)).toBe(true);
    expect(inside(-0.05, 3.2)).toBe(true);
    expect(inside(-0.05, 3.0)).toBe(false);
    // Behind the threshold (the next room) is not the approach.
    expect(inside(-0.05, 5.3)).toBe(false);
  });

  it("is widened by a person passing (0.3 m) beside the door, at the door's own scale", () => {
    expect(inside(-0.7, 4.5)).toBe(true);
    expect(inside(0.6, 4.5)).toBe(true);
    expect(inside(-1.0, 4.5)).toBe(false);
    expect(inside(0.9, 4.5)).toBe(false);
  });

  it('reads only the image: a jamb the camera measures too tall (a wide lens) gives the same band', () => {
    expect(approachOf({ ...j, height: 2.8 }, other)).toEqual(poly);
  });
});

describe('the floor rule with a door found from its head', () => {
  const right = jamb(0.4, 5, 2.05);
  const lintel = head([0.4, 2.05, 5], [-0.5, 2.05, 5]);
  // The whole floor in front of the back wall is agreed floor.
  const [, wallRow] = project(cam, [0, 0, 5]);
  const floor: Pt[] = [
    [0, wallRow],
    [cam.width, wallRow],
    [cam.width, cam.height],
    [0, cam.height],
  ];
  const scene = (segments?: Segment[], doors?: ReturnType<typeof doorsFromHeads>) =>
    sceneFrom(cam, cam.width, cam.height, {
      floors: [floor],
      uprights: [right],
      fronts: [],
      obstacles: [],
      openings: [],
      segments,
      doors,
    });
  const at = (a: number, b: number): PlacedItem => ({
    kind: 'sideboard',
    group: 0,
    a,
    b,
    facing: 0,
    w: 1.4,
    d: 0.45,
    h: 0.8,
    elevation: 0,
    onWall: false,
    covering: false,
  });
  it('keeps a piece out of the swing, and allows it beside the door', () => {
    const [a, b] = worldToRoom(cam, [-0.05, 0, 4.5]);
    expect(occupiedFloor(scene([lintel]), at(a, b))).toBe('on-object');
    const [a2, b2] = worldToRoom(cam, [-2.2, 0, 4.5]);
    expect(occupiedFloor(scene([lintel]), at(a2, b2))).toBeNull();
    // Half in the swing (clear of the jamb itself): refused as blocking the door with the head, and
    // in a stored room from the doors it keeps (it has no segments); allowed with neither.
    expect(occupiedFloor(scene([lintel]), at(a - 0.5, b))).toBe('blocks-door');
    const stored = doorsFromHeads(cam, [right], [lintel], wallAt(5));
    expect(occupiedFloor(scene(undefined, stored), at(a - 0.5, b))).toBe('blocks-door');
    expect(occupiedFloor(scene(), at(a - 0.5, b))).toBeNull();
  });

  it('keeps a piece off the approach beyond the metric swing, also in a stored room that has it', () => {
    // A door 8 m away: its swing and margin reach 6.8 m, its approach 4.9 m (135 px down the image).
    const far = jamb(0.4, 8, 2.05);
    const farHead = head([0.4, 2.05, 8], [-0.5, 2.05, 8]);
    const [, farRow] = project(cam, [0, 0, 8]);
    const farScene = (segments?: Segment[], doors?: ReturnType<typeof doorsFromHeads>) =>
      sceneFrom(cam, cam.width, cam.height, {
        floors: [
          [
            [0, farRow],
            [cam.width, farRow],
            [cam.width, cam.height],
            [0, cam.height],
          ],
        ],
        uprights: [far],
        fronts: [],
        obstacles: [],
        openings: [],
        segments,
        doors,
      });
    const [a, b] = worldToRoom(cam, [-0.05, 0, 5.5]);
    expect(occupiedFloor(farScene([farHead]), at(a, b))).toBe('blocks-door');
    const [a2, b2] = worldToRoom(cam, [-0.05, 0, 4.2]);
    expect(occupiedFloor(farScene([farHead]), at(a2, b2))).toBeNull();
    const stored = doorsFromHeads(cam, [far], [farHead], wallAt(8));
    expect(occupiedFloor(farScene(undefined, stored), at(a, b))).toBe('blocks-door');
    // A room stored before the approach was (no polygon) keeps only the swing.
    const old = stored.map((d) => ({ ...d, approach: [] }));
    expect(occupiedFloor(farScene(undefined, old), at(a, b))).toBeNull();
  });
});
