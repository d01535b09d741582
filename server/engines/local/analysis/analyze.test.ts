import { describe, expect, it } from 'vitest';
import { horizonRow } from '../geometry/camera.ts';
import { analyze } from './analyze.ts';
import { renderSyntheticRoom, type RoomSpec } from '#tests/helpers/synthetic-room.ts';

function boundaryAt(points: [number, number][], x: number): number {
  let best = points[1]!;
  for (const p of points.slice(1, -1)) if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
  return best[1];
}

const cases: [string, RoomSpec][] = [
  ['corner view, level', { width: 960, height: 640, f: 620, pitch: 0.02, yaw: 0.55 }],
  ['corner view, looking down', { width: 900, height: 600, f: 700, pitch: 0.12, yaw: -0.45 }],
  [
    'portrait, other corner',
    { width: 600, height: 900, f: 560, pitch: 0.05, yaw: 0.6, right: 2.2, back: 4.5 },
  ],
];

describe('analyze on synthetic rooms with a known camera', () => {
  it.each(cases)('%s: horizon, floor boundary and focal length', (_, spec) => {
    const room = renderSyntheticRoom(spec);
    const a = analyze(room.image);
    const H = spec.height;
    expect(Math.abs(horizonRow(a.camera) - horizonRow(room.camera)) / H).toBeLessThan(0.02);
    expect(Math.abs(a.camera.f - spec.f) / spec.f).toBeLessThan(0.1);
    let err = 0;
    let n = 0;
    for (let x = 4; x < spec.width - 4; x += 8) {
      err += Math.abs(Math.min(H, boundaryAt(a.floorImage, x)) - room.floorRow[x]!);
      n++;
    }
    expect(err / n / H).toBeLessThan(0.03);
    expect(a.fallbackCamera).toBe(false);
  });

  it('falls back to a level default camera on a flat image without throwing', () => {
    const data = new Uint8Array(320 * 240 * 3).fill(128);
    const a = analyze({ width: 320, height: 240, channels: 3, data });
    expect(a.fallbackCamera).toBe(true);
    expect(horizonRow(a.camera)).toBeCloseTo(120, 0);
    expect(a.confidence).toBeLessThan(0.5);
  });
});
