// The room box of the render-light tests: a W x H photo whose floor starts at row 200, the room
// 3 m either side of the camera and 4 m deep (environment.test.ts, photo-irradiance.test.ts).
import type { RenderRoom } from '#server/engines/local/analysis/analyze.ts';
import type { Camera } from '#server/engines/local/geometry/camera.ts';

export function boxRoom(width: number, height: number, camera: Camera): RenderRoom {
  return {
    width,
    height,
    camera,
    floorImage: [
      [0, height],
      [0, 200],
      [width, 200],
      [width, height],
    ],
    floorRoom: [
      [-3, 1],
      [-3, 4],
      [3, 4],
      [3, 1],
    ],
    backWall: 4,
  } as unknown as RenderRoom;
}
