import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import { boxRoom } from '#tests/helpers/box-room.ts';
import { cameraFromHorizon, project, roomToWorld } from '../geometry/camera.ts';
import { srgbToLinear, type Material, type Rgb } from '../styles/materials.ts';
import { glossOf, lookup, photoEnvironment } from './environment.ts';

// A 480 x 320 photo: grey walls above row 200, a brown floor below, one white window patch on the
// back wall. The room box is 3 m either side and 4 m deep.
const W = 480;
const H = 320;
const cam = cameraFromHorizon(W, H, 120, 400);
const target = roomToWorld(cam, 0.8, 4, 1.5);
const [tu, tv] = project(cam, target);

function photo(): RawImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const win = Math.abs(x - tu) < 30 && Math.abs(y - tv) < 30;
      const c: Rgb = win ? [255, 255, 255] : y < 200 ? [128, 128, 128] : [120, 80, 50];
      data.set(c, p);
    }
  return { width: W, height: H, channels: 3, data };
}

const room = boxRoom(W, H, cam);

describe('the photo as the environment', () => {
  const env = photoEnvironment(photo(), room, 1, [1, 1, 1]);
  const out: Rgb = [0, 0, 0];
  const from = (p: [number, number, number], to: [number, number, number]) => {
    const d = [to[0] - p[0], to[1] - p[1], to[2] - p[2]];
    const n = Math.hypot(d[0]!, d[1]!, d[2]!);
    lookup(env, p[0], p[1], p[2], d[0]! / n, d[1]! / n, d[2]! / n, false, out);
    return [...out];
  };

  it('mirrors what the camera saw where the reflected ray meets the room box', () => {
    // A ray from a piece in the room towards the window's place on the back wall finds the window.
    const white = srgbToLinear(255);
    const p = roomToWorld(cam, -0.5, 2.5, 0.6);
    expect(from(p, target)[1]).toBeGreaterThan(0.9 * white);
    // Aimed a metre to the left on the same wall it finds grey wall.
    const wall = from(p, roomToWorld(cam, -0.8, 4, 1.5))[1]!;
    expect(wall).toBeCloseTo(srgbToLinear(128), 2);
  });

  it('takes the mean floor or wall where the ray leaves the photo', () => {
    const p = roomToWorld(cam, 0, 2.5, 0.6);
    // Straight down onto the floor under the camera: out of frame, so the floor's mean (brown).
    const down = from(p, roomToWorld(cam, 0, 0.3, 0));
    expect(down[0]! / down[2]!).toBeGreaterThan(3);
    // Backwards over the camera: the unseen wall behind it, the walls' mean (grey, a little white).
    const back = from(p, roomToWorld(cam, 0, -1.2, 1.6));
    expect(back[0]! / back[2]!).toBeCloseTo(1, 1);
  });

  it('leaves matt fabric out and tints metal', () => {
    const m = (texture: Material['texture'], spec: number, gloss: number): Material => ({
      color: [100, 100, 100],
      texture,
      spec,
      gloss,
    });
    expect(glossOf(m('fabric', 0.05, 8))).toBeNull();
    expect(glossOf(m('leather', 0.35, 30))).toMatchObject({ amount: 1, metal: false, soft: true });
    expect(glossOf(m('metal', 0.5, 60))).toMatchObject({ metal: true, soft: false });
  });
});
