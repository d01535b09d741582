// Test helpers: a level 1600 x 1200 camera at eye height 1.45 m (horizon at the middle row) and the
// image segment between two world points, for rules that read lines in a photo.
import type { Segment } from '#server/engines/local/analysis/segments.ts';
import { cameraFromHorizon, project } from '#server/engines/local/geometry/camera.ts';
import type { Vec3 } from '#server/engines/local/geometry/vec.ts';
import { segment } from './segments.ts';

export const cam = cameraFromHorizon(1600, 1200, 600, 1200);

export const seg = (a: Vec3, b: Vec3): Segment => {
  const [x1, y1] = project(cam, a);
  const [x2, y2] = project(cam, b);
  return segment(x1, y1, x2, y2);
};
