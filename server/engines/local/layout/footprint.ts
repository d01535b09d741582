// Where a placed piece lands in the photo: its base as four image points and its image boxes, through
// the room's camera. Shared by the layout's image rules, the placement evaluation and the renderer's
// callers (re-exported by plan-layout.ts).
import { project, roomToWorld } from '../geometry/camera.ts';
import type { RoomAnalysis } from '../analysis/analyze.ts';
import type { PlacedItem } from './fit.ts';

/** Image-space bounding box of a placed item's base on the floor (where it stands). */
export const footprintBox = (a: Pick<RoomAnalysis, 'camera'>, it: PlacedItem) => projectedBox(a, it, false);

/** The four corners of a placed item's base in room coordinates (a, b), in order around it. */
export function baseCorners(it: Pick<PlacedItem, 'a' | 'b' | 'w' | 'd' | 'facing'>): [number, number][] {
  const c = Math.cos(it.facing);
  const s = Math.sin(it.facing);
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([dx, dz]) => {
    const lx = (dx! * it.w) / 2;
    const lz = (dz! * it.d) / 2;
    return [it.a + lx * c - lz * s, it.b + lx * s + lz * c];
  });
}

/** A placed item's base on the floor as four image points, in order around it. */
export function footprintQuad(a: Pick<RoomAnalysis, 'camera'>, it: PlacedItem): [number, number][] {
  return baseCorners(it).map(([x, z]) => {
    const [u, v] = project(a.camera, roomToWorld(a.camera, x, z));
    return [u, v];
  });
}

/** Image-space bounding box of a placed item's 3-D box (or of its base only). */
export function projectedBox(a: Pick<RoomAnalysis, 'camera'>, it: PlacedItem, withHeight = true) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, z] of baseCorners(it))
    for (const y of withHeight ? [it.elevation, it.elevation + it.h] : [it.elevation]) {
      const [u, v] = project(a.camera, roomToWorld(a.camera, x, z, y));
      [x0, y0, x1, y1] = [Math.min(x0, u), Math.min(y0, v), Math.max(x1, u), Math.max(y1, v)];
    }
  return { x0, y0, x1, y1 };
}
