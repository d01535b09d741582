import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { boxRoom } from '#tests/helpers/box-room.ts';
import { cameraFromHorizon, project, roomToWorld } from '../geometry/camera.ts';
import type { Rgb } from '../styles/materials.ts';
import { photoEnvironment } from './environment.ts';
import {
  irradianceAt,
  lightEnvironment,
  newPhotoCache,
  photoLightAt,
  upLuminance,
} from './photo-irradiance.ts';
import { evalSh, shPoly, shToPoly } from './sh-irradiance.ts';

// A 480 x 320 photo: walls above row 200 (grey, or yellow on the right half), a brown floor
// below, one clipped white window on the back wall towards the right. Room: 3 m either
// side, 4 m deep (the set-up of environment.test.ts).
const W = 480;
const H = 320;
const cam = cameraFromHorizon(W, H, 120, 400);
const [tu, tv] = project(cam, roomToWorld(cam, 1.2, 4, 1.4));

function photo(yellow = false): RawImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const win = Math.abs(x - tu) < 40 && Math.abs(y - tv) < 45;
      const wall: Rgb = yellow && x > W / 2 ? [150, 130, 70] : [110, 110, 110];
      data.set(win ? [255, 255, 255] : y < 200 ? wall : [120, 80, 50], (y * W + x) * 3);
    }
  return { width: W, height: H, channels: 3, data };
}

const room = boxRoom(W, H, cam);

describe('the photo as the furniture light', () => {
  const envOf = (yellow: boolean) => lightEnvironment(photoEnvironment(photo(yellow), room, 1, [1, 1, 1]));
  const env = envOf(false);
  const p = roomToWorld(cam, 0.6, 3, 0.45);
  const sh = irradianceAt(env, p[0], p[1], p[2]);
  const o = roomToWorld(cam, 0, 0, 0);
  const dir = (a: number, b: number, y: number, set = sh) => {
    const q = roomToWorld(cam, a, b, y);
    const d = [q[0] - o[0], q[1] - o[1], q[2] - o[2]];
    const n = Math.hypot(d[0]!, d[1]!, d[2]!);
    const out: Rgb = [0, 0, 0];
    evalSh(set, d[0]! / n, d[1]! / n, d[2]! / n, out);
    return out;
  };
  const lum = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

  it('lifts clipped pixels: the window is brighter than the photo could record', () => {
    expect(Math.max(...env.soft)).toBeGreaterThan(1.5);
  });

  it('lights the side facing the window more than the side facing the camera', () => {
    expect(lum(dir(0, 1, 0))).toBeGreaterThan(1.3 * lum(dir(0, -1, 0)));
    // Of the two side walls, the one towards the window's side is brighter.
    expect(lum(dir(1, 0, 0))).toBeGreaterThan(lum(dir(-1, 0, 0)));
  });

  it('takes the yellow wall colour on the side facing it', () => {
    const yellow = irradianceAt(envOf(true), p[0], p[1], p[2]);
    const grey = dir(1, 0, 0);
    const warm = dir(1, 0, 0, yellow);
    expect(warm[0] / warm[2]).toBeGreaterThan(1.1 * (grey[0] / grey[2]));
  });

  it('measures the floor under the piece from above, in the same units', () => {
    const floor = upLuminance(irradianceAt(env, p[0], 0.02, p[2]));
    expect(floor).toBeGreaterThan(0.5 * upLuminance(sh));
    expect(floor).toBeLessThan(2 * upLuminance(sh));
  });
});

describe('the photo light per sample', () => {
  it('equals the full evaluation, reusing the even part only between close normals', () => {
    const env = lightEnvironment(photoEnvironment(photo(true), room, 1, [1, 1, 1]));
    const poly = shToPoly(irradianceAt(env, 0.5, 0.4, 2.5));
    const cache = newPhotoCache();
    const out = new Float64Array(3);
    const full = new Float64Array(3);
    const normals: [number, number, number][] = [
      [0, 1, 0],
      [0.6, 0, 0.8],
      [0.62, 0.05, 0.78],
      [-0.8, 0, -0.6],
    ];
    for (const n of normals) {
      photoLightAt(poly, 0, ...n, 2, cache, out);
      shPoly(poly, 0, ...n, full);
      for (let c = 0; c < 3; c++) expect(out[c]! / 2).toBeCloseTo(Math.min(3, Math.max(0.1, full[c]!)), 1);
    }
  });
});
