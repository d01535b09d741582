import { describe, expect, it } from 'vitest';
import { cameraFromHorizon, project, roomToWorld } from '../geometry/camera.ts';
import type { PlacedItem } from '../layout/fit.ts';
import { wallOcclusion } from './wall-occlusion.ts';

const W = 400;
const H = 300;
const cam = cameraFromHorizon(W, H, 130, 300);
const BACK = 4;
const base = project(cam, roomToWorld(cam, 0, BACK))[1];
// A 4 m wide room: left wall at a = -2, back wall at b = 4, right wall at a = 2, as the outline
// analysis gives (points every 10 cm, in room metres and image pixels).
const outline: [number, number][] = [];
for (let b = 1.5; b < BACK; b += 0.1) outline.push([-2, b]);
for (let a = -2; a <= 2; a += 0.1) outline.push([a, BACK]);
for (let b = BACK; b > 1.5; b -= 0.1) outline.push([2, b]);
const floorImage = outline.map(([a, b]) => {
  const [u, v] = project(cam, roomToWorld(cam, a, b));
  return [u, v] as [number, number];
});
// The floor's top row per column: the back wall's base, or lower where a side wall's base is.
const floorRow = new Float32Array(W).fill(base);
for (const [u, v] of floorImage) {
  const x = Math.round(u);
  if (x >= 0 && x < W) floorRow[x] = Math.max(floorRow[x]!, v);
}
const params = { cam, renderScale: 1, width: W, height: H, floorRoom: outline, floorImage, floorRow };
const sofa = (gap: number): PlacedItem => ({
  kind: 'sofa',
  group: 0,
  a: 0,
  b: BACK - gap - 0.45,
  facing: 0,
  w: 2,
  d: 0.9,
  h: 0.85,
  elevation: 0,
  onWall: false,
  covering: false,
});
/** The shade at the wall point `a` metres along and `y` metres up. */
const at = (shade: Float32Array, a: number, y: number) => {
  const [u, v] = project(cam, roomToWorld(cam, a, BACK, y));
  return shade[Math.floor(v) * W + Math.floor(u)]!;
};

describe('wallOcclusion', () => {
  it('darkens the wall just above and beside a piece against it, fading with distance', () => {
    const shade = new Float32Array(W * H).fill(1);
    expect(wallOcclusion(shade, [sofa(0.05)], params)).toBeGreaterThan(0);
    const above = at(shade, 0, 0.9);
    expect(above).toBeLessThan(0.85);
    expect(at(shade, 0, 1.1)).toBeGreaterThan(above);
    expect(at(shade, 0, 2)).toBe(1);
    expect(at(shade, 1.15, 0.4)).toBeLessThan(1);
    expect(at(shade, 1.15, 0.4)).toBeGreaterThan(above);
    // The floor in front of the wall is the floor shadows' business, not this.
    for (let y = Math.ceil(base); y < H; y++) expect(shade[y * W + W / 2]).toBe(1);
  });
  it('finds the side wall a piece stands against', () => {
    const shade = new Float32Array(W * H).fill(1);
    const side = { ...sofa(0), w: 1.2, a: -2 + 0.05 + 0.45, b: 3.2, facing: Math.PI / 2 };
    expect(wallOcclusion(shade, [side], params)).toBeGreaterThan(0);
    const [u, v] = project(cam, roomToWorld(cam, -2, 3.2, 0.9));
    expect(u).toBeGreaterThan(0);
    expect(shade[Math.floor(v) * W + Math.floor(u)]).toBeLessThan(0.85);
  });
  it('leaves the wall alone behind a piece standing well clear of it', () => {
    const shade = new Float32Array(W * H).fill(1);
    expect(wallOcclusion(shade, [sofa(1.2)], params)).toBe(0);
    expect(shade.every((v) => v === 1)).toBe(true);
  });
  it("casts the key light's shadow on the wall beside a piece, away from the light", () => {
    // Light from the left, in front of the wall and above: the sofa's shadow falls to its right.
    const d = [-0.6, 0.6, -0.5];
    const n = Math.hypot(...d);
    const light = roomToWorld(cam, d[0]! / n, d[2]! / n, d[1]! / n);
    const lit = new Float32Array(W * H).fill(1);
    wallOcclusion(lit, [sofa(0.05)], { ...params, light, keyStrength: 0.3 });
    const plain = new Float32Array(W * H).fill(1);
    wallOcclusion(plain, [sofa(0.05)], params);
    // Right of the sofa, low on the wall (a steep light casts it below the top): in the shadow, darker than occlusion alone makes it.
    expect(at(lit, 1.3, 0.1)).toBeLessThan(at(plain, 1.3, 0.1) - 0.15);
    // Left of it, towards the light: occlusion only.
    expect(at(lit, -1.3, 0.3)).toBeCloseTo(at(plain, -1.3, 0.3), 5);
    // A light behind the wall's plane throws nothing onto it.
    const behind = new Float32Array(W * H).fill(1);
    const away = roomToWorld(cam, 0, 0.8, 0.6);
    wallOcclusion(behind, [sofa(0.05)], { ...params, light: away, keyStrength: 0.3 });
    expect(behind).toEqual(plain);
  });
});
