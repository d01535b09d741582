import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { blur3, downscale, sobel } from './pyramid.ts';
import { fitRoomBox } from './room-box.ts';
import { renderSyntheticRoom, type RoomSpec } from '#tests/helpers/synthetic-room.ts';

const cases: [string, RoomSpec][] = [
  [
    'looking down the room',
    { width: 640, height: 900, f: 600, pitch: 0.08, yaw: 0.05, left: -1.6, right: 1.2, back: 6 },
  ],
  [
    'corner view',
    { width: 960, height: 640, f: 620, pitch: 0.04, yaw: 0.5, left: -2.5, right: 3, back: 5.5 },
  ],
];

describe('fitRoomBox on synthetic rooms with a known camera', () => {
  it.each(cases)('%s: recovers the walls and the floor boundary', (_, spec) => {
    const room = renderSyntheticRoom(spec);
    const small = downscale(room.image, 800);
    const box = fitRoomBox(small, sobel(blur3(small.lum)), room.camera, small.scale);
    expect(box).not.toBeNull();
    expect(Math.abs(box!.back - spec.back!) / spec.back!).toBeLessThan(0.1);
    // A side wall outside the view cannot be measured; a visible one must be found.
    for (const side of ['left', 'right'] as const)
      if (box![side] !== (side === 'left' ? -30 : 30))
        expect(Math.abs(box![side] - spec[side]!)).toBeLessThan(0.25 * Math.abs(spec[side]!));
    let err = 0;
    for (let x = 0; x < box!.boundary.length; x++) {
      const X = Math.min(spec.width - 1, Math.floor((x + 0.5) / small.scale));
      err += Math.abs(Math.min(spec.height, box!.boundary[x]! / small.scale) - room.floorRow[X]!);
    }
    expect(err / box!.boundary.length / spec.height).toBeLessThan(0.03);
  });

  it('analyze with boxFloor keeps a measured floor within 3% on a synthetic room', () => {
    const spec = cases[0]![1];
    const room = renderSyntheticRoom(spec);
    const a = analyze(room.image, { boxFloor: true });
    let err = 0;
    let n = 0;
    for (const [u, v] of a.floorImage.slice(1, -1)) {
      err += Math.abs(Math.min(spec.height, v) - room.floorRow[Math.min(spec.width - 1, Math.floor(u))]!);
      n++;
    }
    expect(err / n / spec.height).toBeLessThan(0.03);
  });

  it('returns null on a flat image', () => {
    const img = {
      width: 320,
      height: 240,
      channels: 3 as const,
      data: new Uint8Array(320 * 240 * 3).fill(128),
    };
    const small = downscale(img, 800);
    const cam = renderSyntheticRoom({ width: 320, height: 240, f: 300, pitch: 0, yaw: 0 }).camera;
    expect(fitRoomBox(small, sobel(blur3(small.lum)), cam, small.scale)).toBeNull();
  });
});
