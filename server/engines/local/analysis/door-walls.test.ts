import { describe, expect, it } from 'vitest';
import { cameraFromHorizon, project, roomToWorld, type Camera } from '../geometry/camera.ts';
import type { Segment } from './segments.ts';
import { doorWallRows, wallOf } from './door-walls.ts';
import { segment } from '#tests/helpers/segments.ts';

// A camera 1.45 m high, 800 x 600 pixels, analysed at full scale.
const W = 800;
const H = 600;

const at = (cam: Camera, a: number, b: number, y = 0) => project(cam, roomToWorld(cam, a, b, y));

/** The image segment of a world line on a wall, from (a0, b0) to (a1, b1) at height y. */
function line(cam: Camera, a0: number, b0: number, a1: number, b1: number, y: number): Segment {
  const [x1, y1] = at(cam, a0, b0, y);
  const [x2, y2] = at(cam, a1, b1, y);
  return segment(x1, y1, x2, y2);
}

/** A doorway 0.9 m wide and 2.1 m high centred on (a, b), in the back wall or a side wall, with its head. */
function doorway(cam: Camera, a: number, b: number, wall: 'back' | 'side') {
  const [a0, b0, a1, b1] = wall === 'back' ? [a - 0.45, b, a + 0.45, b] : [a, b - 0.45, a, b + 0.45];
  const corners = [at(cam, a0, b0), at(cam, a1, b1), at(cam, a0, b0, 2.1), at(cam, a1, b1, 2.1)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const door = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  return { door, head: line(cam, a0, b0, a1, b1, 2.1), threshold: at(cam, a, b)[1] };
}

describe('wallOf', () => {
  it("reads a doorway's wall from its head", () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600, -0.5);
    const back = doorway(cam, 0.5, 3, 'back');
    expect(wallOf(back.door, [back.head], cam, 1)).toBe('back');
    const side = doorway(cam, 1.4, 2.5, 'side');
    expect(wallOf(side.door, [side.head], cam, 1)).toBe('side');
  });
  it('knows nothing without lines around the doorway', () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600);
    const { door } = doorway(cam, 0, 4, 'back');
    const far = line(cam, -3, 8, -2, 8, 0.5);
    expect(wallOf(door, [far], cam, 1)).toBeNull();
  });
});

describe('doorWallRows', () => {
  it('returns null without a doorway whose wall is known', () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600);
    expect(doorWallRows([], [], cam, 1, W, H)).toBeNull();
    expect(doorWallRows([doorway(cam, 0, 4, 'back').door], [], cam, 1, W, H)).toBeNull();
  });

  it('a doorway straight ahead bounds the floor at its wall across the whole frame', () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600);
    const { door, head, threshold } = doorway(cam, 0, 4, 'back');
    const rows = doorWallRows([door], [head], cam, 1, W, H)!;
    // Level camera, no yaw: the back wall's base is one image row, also far from the doorway.
    for (const x of [0, 200, 400, 799]) expect(Math.abs(rows[x]! - threshold)).toBeLessThan(1.5);
  });

  it('a back wall seen at a slant: the bound follows the wall base, not the threshold row', () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600, -0.5);
    const { door, head } = doorway(cam, 0.5, 3, 'back');
    const rows = doorWallRows([door], [head], cam, 1, W, H)!;
    for (const a of [-1.5, -0.5, 1, 2]) {
      const [x, y] = at(cam, a, 3);
      if (x < 0 || x >= W) continue;
      expect(Math.abs(rows[Math.floor(x)]! - y)).toBeLessThan(3);
    }
  });

  it('a doorway in a side wall bounds only that side, not the depth of the room', () => {
    const cam = cameraFromHorizon(W, H, H / 2, 600);
    const { door, head } = doorway(cam, 1, 2.5, 'side');
    const rows = doorWallRows([door], [head], cam, 1, W, H)!;
    expect(rows[100]).toBe(0);
    expect(rows[400]).toBe(0);
    // Deeper along that wall, the floor only starts at its base.
    const [x, y] = at(cam, 1, 3.5);
    expect(Math.abs(rows[Math.floor(x)]! - y)).toBeLessThan(3);
  });
});
