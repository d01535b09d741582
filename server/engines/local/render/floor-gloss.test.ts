import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import type { RoomAnalysis } from '../analysis/analyze.ts';
import { measureFloorGloss, mirroredEdges } from './floor-gloss.ts';
import { windowMirror } from './window-mirror.ts';

const W = 400;
const H = 300;
const BASE = 180;
const noise = (x: number, y: number) => (((x * 73856093) ^ (y * 19349663)) >>> 0) % 41;

/**
 * A room with its wall's base at row 180: a grey wall with dark door-frame-like posts and a bright
 * panel; below it `floor` paints each pixel, given the wall's value at the mirrored row.
 */
function room(floor: (x: number, y: number, mirroredWall: number) => number): RawImage {
  const data = new Uint8Array(W * H * 3);
  const wallAt = (x: number) => (x % 90 < 12 ? 60 : x % 90 > 60 ? 220 : 150);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const v = y < BASE ? wallAt(x) : floor(x, y, wallAt(x));
      data.fill(Math.max(0, Math.min(255, Math.round(v))), (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { width: W, height: H, channels: 3, data };
}

// A soft mirror: the wall dimmed to a fifth and blurred over 5 columns, over a mid-brown floor.
const glossy = room((x) => {
  let acc = 0;
  for (let k = -2; k <= 2; k++) {
    const xx = Math.min(W - 1, Math.max(0, x + k));
    acc += xx % 90 < 12 ? 60 : xx % 90 > 60 ? 220 : 150;
  }
  return 90 + 0.2 * (acc / 5 - 150);
});
// Carpet: the same mean floor with fine noise owing nothing to the wall.
const carpet = room((x, y) => 90 + noise(x, y) - 20);
// The floor line drawn too high: the wall itself continues below it at full contrast.
const continued = room((x, _y, wall) => wall - 40);
// Eye 1.5 m up, looking level: the floor just below the line at row 180 is about 7 m away.
const camera = { width: W, height: H, f: 300, cx: 200, cy: 130, pitch: 0, eye: 1.5, yaw: 0 };
const noOpenings = { openings: [], camera } as unknown as RoomAnalysis;

describe('measureFloorGloss', () => {
  it('reads a floor that mirrors the wall edges, dimmed and blurred, as glossy', () => {
    const g = measureFloorGloss(glossy, noOpenings, () => BASE);
    expect(g.strength).toBeGreaterThan(0.5);
    expect(g.edges).toBeGreaterThan(0.5);
    expect(g.roughness).toBeLessThan(0.5);
    // Contrast 0.2 at the wall's base, where Fresnel gives about 0.35 at this camera: a factor ~0.55.
    expect(g.coat).toBeGreaterThan(0.45);
    expect(g.coat).toBeLessThan(0.7);
  });
  it('reads carpet as matt, and a wall continuing below the floor line as no evidence', () => {
    expect(measureFloorGloss(carpet, noOpenings, () => BASE).strength).toBe(0);
    expect(measureFloorGloss(continued, noOpenings, () => BASE).strength).toBe(0);
  });
  it('reads no mirrored edges inside an opening', () => {
    const door = { camera, openings: [{ kind: 'door', x0: 0, y0: 20, x1: W, y1: BASE, brightness: 150 }] };
    expect(measureFloorGloss(glossy, door as unknown as RoomAnalysis, () => BASE).edges).toBe(0);
  });
});

describe('mirroredEdges', () => {
  const wall = Array.from({ length: 120 }, (_, i) => (i % 30 === 0 ? 40 : i % 30 === 15 ? -40 : 0));
  it('finds the blur of a dimmed copy', () => {
    const floor = wall.map((_, i) => {
      let acc = 0;
      for (let k = -3; k <= 3; k++) acc += wall[Math.min(119, Math.max(0, i + k))]!;
      return (0.25 * acc) / 7;
    });
    const e = mirroredEdges(wall, floor);
    expect(e.evidence).toBeGreaterThan(0.8);
    expect(e.radius).toBe(3);
  });
  it('gives no evidence for a full-strength copy or an unrelated profile', () => {
    expect(mirroredEdges(wall, wall).evidence).toBe(0);
    expect(
      mirroredEdges(
        wall,
        wall.map((_, i) => noise(i, 7) - 20),
      ).evidence,
    ).toBe(0);
  });
});

// The window cue (moved from reflection.ts): a 400x300 room, grey wall above row 200, floor below, a
// bright window with a dark mullion at x 150-250, y 60-180; `mirror` paints its reflection.
function windowRoom(mirror: boolean): RawImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let v = y < 200 ? 150 : 110;
      const inWindow = x >= 150 && x < 250 && Math.abs(x - 200) > 5;
      if (y >= 60 && y < 180 && inWindow) v = 240;
      if (mirror && y >= 220 && y < 290 && inWindow) v = 190;
      data.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  return { width: W, height: H, channels: 3, data };
}

const withWindow = {
  camera,
  openings: [{ kind: 'window', x0: 150, y0: 60, x1: 250, y1: 180, brightness: 240 }],
} as unknown as RoomAnalysis;

describe('windowMirror', () => {
  it('reads a polished floor from the window mirrored below it', () => {
    expect(windowMirror(windowRoom(true), withWindow, () => 200)).toBeGreaterThan(0.6);
    expect(measureFloorGloss(windowRoom(true), withWindow, () => 200).strength).toBeGreaterThan(0.6);
  });
  it('reads a matt floor as matt, and a room without windows as matt', () => {
    expect(windowMirror(windowRoom(false), withWindow, () => 200)).toBe(0);
    expect(windowMirror(windowRoom(true), noOpenings, () => 200)).toBe(0);
  });
});
