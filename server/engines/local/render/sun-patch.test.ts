import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { cameraFromHorizon, floorPoint, project } from '../geometry/camera.ts';
import { normalize, type Vec3 } from '../geometry/vec.ts';
import { findSunPatch, type SunLight } from './sun-patch.ts';
import { sunGain } from './sun-shadow.ts';

// A 640 x 400 photo looking at a back wall 5 m away (yaw 0: room = world axes). A window on it,
// x 0.4..1.6 m, 0.9..2.1 m up; light through it along `beam` makes a bright patch on the floor.
const W = 640;
const H = 400;
const cam = cameraFromHorizon(W, H, 110, 460);
const wallRow = project(cam, [0, 0, 5])[1];
const beam = normalize([0.35, 0.55, 0.6]);
const corner = (x: number, y: number) => project(cam, [x, y, 5]);
const [wx0, wy0] = corner(0.4, 2.1);
const [wx1, wy1] = corner(1.6, 0.9);

/** Whether floor point q is lit: the ray from it along the beam passes through the window. */
function lit(q: Vec3): boolean {
  const t = (5 - q[2]) / beam[2];
  const x = q[0] + beam[0] * t;
  const y = beam[1] * t;
  return x > 0.4 && x < 1.6 && y > 0.9 && y < 2.1;
}

function photo(patch = true): RawImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const q = y > wallRow ? floorPoint(cam, x + 0.5, y + 0.5) : null;
      const win = x > wx0 && x < wx1 && y > wy0 && y < wy1;
      const c = q
        ? patch && lit(q)
          ? [240, 215, 170]
          : [110, 95, 80]
        : win
          ? [250, 250, 250]
          : [150, 150, 150];
      data.set(c, (y * W + x) * 3);
    }
  return { width: W, height: H, channels: 3, data };
}

const room = {
  width: W,
  height: H,
  camera: cam,
  openings: [{ kind: 'window', x0: wx0, y0: wy0, x1: wx1, y1: wy1, brightness: 1 }],
} as unknown as RenderRoom;
const floorRow = new Float32Array(W).fill(wallRow);

describe('the window light patch', () => {
  it('is found on the floor, with the beam from it to the window', () => {
    const s = findSunPatch(photo(), room, W, H, 1, floorRow, 0)!;
    expect(s).not.toBeNull();
    const cos = s.dir[0] * beam[0] + s.dir[1] * beam[1] + s.dir[2] * beam[2];
    expect(Math.acos(Math.min(1, cos))).toBeLessThan((10 * Math.PI) / 180);
  });

  it('lights a point in the beam in the patch colour, and not one shaded by a piece above it', () => {
    const s = findSunPatch(photo(), room, W, H, 1, floorRow, 0)!;
    // A point 0.4 m up the beam from the middle of the lit floor.
    const q: Vec3 = [0.4 - beam[0] * 3, 0, 5 - beam[2] * (2 / beam[1]) * 0.75 - 0.5];
    let foot: Vec3 | null = null;
    for (let k = 0; k < 200 && !foot; k++) {
      const c: Vec3 = [q[0] + (k % 20) * 0.05, 0, q[2] - Math.floor(k / 20) * 0.1];
      if (lit(c) && lit([c[0] + 0.1, 0, c[2]]) && lit([c[0] - 0.1, 0, c[2] - 0.1])) foot = c;
    }
    expect(foot).not.toBeNull();
    const t = 0.4 / beam[1];
    const p: Vec3 = [foot![0] + s.dir[0] * t, 0.4, foot![2] + s.dir[2] * t];
    const free: SunLight = {
      ...s,
      depth: new Float32Array((s.x1 - s.x0) * (s.y1 - s.y0)),
      sp: Math.sin(cam.pitch),
      cp: Math.cos(cam.pitch),
    };
    const g = new Float32Array(3);
    expect(sunGain(free, p[0], p[1], p[2], g)).toBe(true);
    // 240/110 - 1 in linear light is about 3.5 for red; blue gains less (a warm patch).
    expect(g[0]).toBeGreaterThan(2);
    expect(g[0]).toBeGreaterThan(g[2]!);
    const blocked: SunLight = { ...free, depth: free.depth.map(() => 5) };
    expect(sunGain(blocked, p[0], p[1], p[2], g)).toBe(false);
  });

  it('is not found without a patch, without a window, or on a glossy floor', () => {
    expect(findSunPatch(photo(false), room, W, H, 1, floorRow, 0)).toBeNull();
    expect(findSunPatch(photo(), { ...room, openings: [] }, W, H, 1, floorRow, 0)).toBeNull();
    expect(findSunPatch(photo(), room, W, H, 1, floorRow, 0.5)).toBeNull();
  });
});
