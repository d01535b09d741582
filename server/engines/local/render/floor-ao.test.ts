import { describe, expect, it } from 'vitest';
import { cameraFromHorizon, project } from '../geometry/camera.ts';
import { box, type Part } from '../models/mesh.ts';
import { floorOcclusion } from './floor-ao.ts';
import type { Scene } from './scene.ts';
import type { ShadowParams } from './shadows.ts';

// A 640 x 480 view of the floor; pieces are boxes given in world coordinates (x right, z ahead).
const W = 640;
const H = 480;
const cam = cameraFromHorizon(W, H, 60, 500);
const params = { cam, renderScale: 1, width: W, height: H } as ShadowParams;

function sceneOf(boxes: [[number, number, number], [number, number, number]][]): Scene {
  const p: Part = { mat: {} as never, pos: [], nrm: [], uv: [], idx: [] };
  for (const [c, s] of boxes) box(p, c, s, 0.005, 1);
  return {
    world: Float32Array.from(p.pos),
    tris: Uint32Array.from(p.idx),
    triCasts: new Uint8Array(p.idx.length / 3).fill(1),
    triCount: p.idx.length / 3,
    vertexCount: p.pos.length / 3,
  } as unknown as Scene;
}

/** The floor's multiplier at world floor point (x, z). */
function shadeAt(scene: Scene, x: number, z: number): number {
  const out = new Float32Array(W * H).fill(1);
  floorOcclusion(out, scene, params);
  const [u, v] = project(cam, [x, 0, z]);
  return out[Math.floor(v) * W + Math.floor(u)]!;
}

describe('contact shadows from the floor occlusion', () => {
  // A closed block 1 m wide, 0.8 m tall, 0.6 m deep on the floor, its right side at x = 0.5.
  const block = sceneOf([
    [
      [0, 0.4, 3],
      [1, 0.8, 0.6],
    ],
  ]);

  it('are darkest at the base of a closed piece and fade within about its height', () => {
    const at = [0.52, 0.56, 0.65, 0.8, 1.0].map((x) => shadeAt(block, x, 3));
    expect(at[0]).toBeLessThan(0.7);
    for (let i = 1; i < at.length; i++) expect(at[i]).toBeGreaterThan(at[i - 1]!);
    expect(at[4]).toBeGreaterThan(0.97);
  });

  it('leave a thin leg a small spot, not a box around the piece', () => {
    // A table top 0.75 m up on four 3-cm legs.
    const legs: [[number, number, number], [number, number, number]][] = [
      [
        [0, 0.74, 3],
        [1, 0.03, 0.6],
      ],
    ];
    for (const x of [-0.47, 0.47])
      for (const z of [2.73, 3.27])
        legs.push([
          [x, 0.37, z],
          [0.03, 0.73, 0.03],
        ]);
    const table = sceneOf(legs);
    expect(shadeAt(table, 0.475, 3.27)).toBeLessThan(0.5);
    expect(shadeAt(table, 0.49, 3.27)).toBeLessThan(0.75);
    expect(shadeAt(table, 0.56, 3.27)).toBeGreaterThan(0.95);
    expect(shadeAt(table, 0.8, 3.27)).toBeGreaterThan(0.98);
    // Under the top's middle: only a faint hollow, far lighter than under the closed block.
    expect(shadeAt(table, 0, 3)).toBeGreaterThan(0.6);
    expect(shadeAt(table, 0, 3)).toBeGreaterThan(shadeAt(block, 0.52, 3));
  });
});
