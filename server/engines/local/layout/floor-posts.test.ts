import { describe, expect, it } from 'vitest';
import type { AnalysisImage, Plane } from '../analysis/pyramid.ts';
import { cameraFromHorizon, defaultFocal } from '../geometry/camera.ts';
import { floorPosts } from './floor-posts.ts';
import type { Pt } from './geometry.ts';

const W = 640;
const H = 360;
const HORIZON = 150;
const cam = cameraFromHorizon(W, H, HORIZON, defaultFocal(W, H));
/** The floor's far edge (a wall base) at row 200, the floor down to the frame's bottom. */
const FLOOR_TOP = 200;
const floor: Pt[] = [
  [0, H],
  [0, FLOOR_TOP],
  [W, FLOOR_TOP],
  [W, H],
];

/** A grey floor (luminance 120 with a little texture) under a lighter wall, with `draw` painted on. */
function photo(draw: (set: (x: number, y: number, v: number) => void) => void): AnalysisImage {
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data[y * W + x] = y < FLOOR_TOP ? 200 : 120 + ((x * 7 + y * 13) % 9);
  draw((x, y, v) => {
    if (x >= 0 && x < W && y >= 0 && y < H) data[y * W + x] = v;
  });
  const lum: Plane = { width: W, height: H, data };
  return { scale: 1, r: lum, g: lum, b: lum, lum };
}

/** A vertical bar `width` px wide from row y0 to row y1 (inclusive) at column x. */
const bar =
  (x: number, y0: number, y1: number, v: number, width = 4) =>
  (set: (x: number, y: number, v: number) => void) => {
    for (let y = y0; y <= y1; y++) for (let dx = 0; dx < width; dx++) set(x + dx, y, v);
  };

/** Image length of `metres` of upright whose foot is at `foot` (eye height over the rows below the horizon). */
const lengthOf = (metres: number, foot: number) => Math.round((metres * (foot - HORIZON)) / cam.eye);

describe('floorPosts', () => {
  it('finds a thin post standing on the floor, from its top to its foot', () => {
    const foot = 300;
    const posts = floorPosts(photo(bar(320, foot - lengthOf(0.5, foot), foot, 30)), floor, cam);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.y1).toBeGreaterThanOrEqual(foot);
    expect(posts[0]!.y0).toBeLessThan(foot - lengthOf(0.4, foot));
    expect(posts[0]!.x0).toBeLessThanOrEqual(322);
    expect(posts[0]!.x1).toBeGreaterThanOrEqual(322);
  });

  it('takes a post that changes from bright to dark up its length as one', () => {
    const foot = 300;
    const top = foot - lengthOf(0.6, foot);
    const mid = (top + foot) >> 1;
    const posts = floorPosts(
      photo((set) => {
        bar(320, top, mid, 250)(set);
        bar(320, mid + 1, foot, 20)(set);
      }),
      floor,
      cam,
    );
    expect(posts).toHaveLength(1);
    expect(posts[0]!.y0).toBeLessThanOrEqual(top + 1);
  });

  it('does not take a line that runs on to the floor’s far edge (a joint, a reflection of the wall)', () => {
    expect(floorPosts(photo(bar(320, FLOOR_TOP, 340, 30)), floor, cam)).toEqual([]);
    // Broken in two, the lower part still runs on above its top.
    expect(
      floorPosts(
        photo((set) => {
          bar(320, FLOOR_TOP + 2, 250, 30)(set);
          bar(320, 256, 320, 30)(set);
        }),
        floor,
        cam,
      ),
    ).toEqual([]);
  });

  it('does not take bars too short or too tall for a post, wide stripes or uprights off the floor', () => {
    const foot = 300;
    expect(floorPosts(photo(bar(320, foot - lengthOf(0.1, foot), foot, 30)), floor, cam)).toEqual([]);
    expect(floorPosts(photo(bar(320, foot - lengthOf(1.6, foot), foot, 30)), floor, cam)).toEqual([]);
    expect(floorPosts(photo(bar(300, foot - lengthOf(0.5, foot), foot, 30, 30)), floor, cam)).toEqual([]);
    // A jamb's foot on the floor's far edge.
    expect(floorPosts(photo(bar(320, 120, FLOOR_TOP + 2, 30)), floor, cam)).toEqual([]);
  });
});
