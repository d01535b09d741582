import { describe, expect, it } from 'vitest';
import type { RawImage } from '#server/engines/types.ts';
import type { RoomAnalysis } from '../analysis/analyze.ts';
import { floorGloss } from './reflection.ts';

// A 400x300 room: grey wall above row 200, floor below; a bright window with a dark mullion at
// x 150-250, y 60-180. `mirror` paints the window's reflection on the floor below it.
function room(mirror: boolean): RawImage {
  const W = 400;
  const H = 300;
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

const analysis = {
  openings: [{ kind: 'window', x0: 150, y0: 60, x1: 250, y1: 180, brightness: 240 }],
} as unknown as RoomAnalysis;

describe('floorGloss', () => {
  it('reads a polished floor from the window mirrored below it', () => {
    expect(floorGloss(room(true), analysis, () => 200)).toBeGreaterThan(0.6);
  });
  it('reads a matt floor as matt, and a room without windows as matt', () => {
    expect(floorGloss(room(false), analysis, () => 200)).toBe(0);
    expect(floorGloss(room(true), { openings: [] } as unknown as RoomAnalysis, () => 200)).toBe(0);
  });
});
