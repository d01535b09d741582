// World-vertical segments (door frames, cabinet sides, wall corners) for the floor search: the
// floor in their column can only start below their lower end.
import { segFoot, segMidX, segTop, type Segment } from './segments.ts';

type Pt = [number, number];

/**
 * Segments that are vertical in the world: near-vertical in the image (towards the vertical
 * vanishing point), long enough, and not pointing at a horizontal vanishing point (floor lines
 * running into the room can look vertical).
 */
export function worldVerticals(
  segs: Segment[],
  vps: Pt[],
  vertical: Pt,
  horizon: number,
  h: number,
): Segment[] {
  // Only low verticals (cabinet and furniture sides) bound the floor: a door frame that crosses
  // eye level often continues into its own reflection on a glossy floor.
  const candidates = segs.filter((g) => {
    if (Math.abs(Math.abs(g.angle) - Math.PI / 2) > 0.15 || g.length < h * 0.05 || segTop(g) < horizon)
      return false;
    return pointsAt(g, vertical) < 0.04 && vps.every((vp) => pointsAt(g, vp) > 0.05);
  });
  // A glossy floor mirrors door and window frames: a vertical that starts where another one,
  // straight above it, ends is a reflection lying on the floor, not a wall edge.
  return candidates.filter(
    (g) =>
      !candidates.some(
        (o) =>
          o !== g &&
          segFoot(o) <= segTop(g) + h * 0.01 &&
          segTop(g) - segFoot(o) < h * 0.06 &&
          Math.abs(segMidX(o) - segMidX(g)) < h * 0.02,
      ),
  );
}

/** Sine of the angle between a segment and the line from its midpoint to a point. */
function pointsAt(g: Segment, [vx, vy]: Pt): number {
  const tx = vx - segMidX(g);
  const ty = vy - (g.y1 + g.y2) / 2;
  const dx = g.x2 - g.x1;
  const dy = g.y2 - g.y1;
  return Math.abs(tx * dy - ty * dx) / (Math.hypot(tx, ty) * Math.hypot(dx, dy) || 1);
}
