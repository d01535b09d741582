// The layout editor's maths, pure and shared by the browser (dragging, drawing footprints) and the
// server (checking a saved arrangement): a pointer position to a point on the floor through the
// staging's camera, a piece's base drawn in perspective, and the realistic-size rule.
import { LAYOUT_MESSAGES, PIECE_LABELS, SIZE_BOUNDS, type Size3 } from '../constants/layout.ts';
import type { Piece, RoomModel } from '../schemas/layout.ts';
import { floorPoint, projectRoom, worldToRoom, type Camera } from './camera.ts';

export type Pt = [number, number];

/**
 * The floor point (room coordinates, metres) under image pixel (u, v) of the photo, or null when the
 * pixel looks at or above the horizon (no floor there).
 */
export function hitFloor(cam: Camera, u: number, v: number): Pt | null {
  const p = floorPoint(cam, u, v);
  return p ? worldToRoom(cam, p) : null;
}

/**
 * A pointer on an element showing the photo at `shown` size (CSS pixels) to the photo's own pixels,
 * then to the floor: what a drag reads.
 */
export function hitFloorFromPointer(
  room: Pick<RoomModel, 'camera' | 'width' | 'height'>,
  pointer: { x: number; y: number },
  shown: { width: number; height: number },
): Pt | null {
  if (shown.width <= 0 || shown.height <= 0) return null;
  const u = (pointer.x / shown.width) * room.width;
  const v = (pointer.y / shown.height) * room.height;
  return hitFloor(room.camera, u, v);
}

/** The piece's size as rendered: its stored size times its scale. */
export const pieceSize = (p: Pick<Piece, 'size' | 'scale'>): Size3 => ({
  w: p.size.w * p.scale,
  d: p.size.d * p.scale,
  h: p.size.h * p.scale,
});

/** The four corners of the piece's base on the floor (room coordinates), in order around it. */
export function baseCorners(p: Pick<Piece, 'x' | 'z' | 'rotation' | 'size' | 'scale'>): Pt[] {
  const { w, d } = pieceSize(p);
  const c = Math.cos(p.rotation);
  const s = Math.sin(p.rotation);
  return (
    [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const
  ).map(([dx, dz]): Pt => {
    const lx = (dx * w) / 2;
    const lz = (dz * d) / 2;
    return [p.x + lx * c - lz * s, p.z + lx * s + lz * c];
  });
}

/** The piece's base as drawn over the photo: four image points (pixels), in order around it. */
export function footprint(
  cam: Camera,
  p: Pick<Piece, 'x' | 'z' | 'rotation' | 'size' | 'scale' | 'elevation'>,
): Pt[] {
  return baseCorners(p).map(([a, b]): Pt => {
    const [u, v] = projectRoom(cam, a, b, p.elevation);
    return [u, v];
  });
}

/** Why the piece's size is unrealistic for its type, or null when every dimension is within bounds. */
export function sizeProblem(p: Pick<Piece, 'type' | 'size' | 'scale'>): string | null {
  const size = pieceSize(p);
  const bounds = SIZE_BOUNDS[p.type];
  const names = { w: 'wide', d: 'deep', h: 'high' } as const;
  for (const k of ['w', 'd', 'h'] as const) {
    const [min, max] = bounds[k];
    // A hair of slack: sizes arrive as decimals a user typed or a drag rounded.
    if (size[k] < min - 1e-6 || size[k] > max + 1e-6)
      return LAYOUT_MESSAGES.unrealistic(PIECE_LABELS[p.type], names[k], size[k], min, max);
  }
  return null;
}
