// Things standing on the floor that the detector does not box (kitchen units, bookcases, a glass
// partition's posts, built-in cupboards) have no COCO class, but they show one cue in a photo:
// straight edges that are vertical in the world (carcass and door edges, bookcase sides, posts)
// rising from where they stand. A piece whose base lies behind such an edge, in its column, would
// stand in or behind the thing and be drawn over it (the renderer does not occlude new pieces by
// old ones). Heights are measured in metres from the camera's floor plane, so the rule does not
// depend on distance or photo size.
import { floorPoint, project, type Camera } from '../geometry/camera.ts';
import type { Segment } from '../analysis/segments.ts';
import type { Pt } from './geometry.ts';

/** A world-vertical edge: its foot (lower end) and top in image pixels, its height in metres. */
export interface Upright {
  u: number;
  foot: number;
  top: number;
  height: number;
}

/** Sine of the angle a world-vertical line may make with the direction to the vertical vanishing point. */
const TO_VERTICAL = 0.04;
/** Lines closer than this to a horizontal vanishing point's direction run along the floor. */
const TO_HORIZONTAL = 0.05;
/**
 * Lowest edge that counts, metres, measured from its foot on the floor: a base unit's door or side
 * (0.7 m and up), a bookcase side or a partition post are taller. A table or chair leg (0.4 m) is
 * lower: a piece behind a coffee table only has its feet hidden, which reads as a plausible depth
 * order. Plinths, skirting boards and tile joints are far lower.
 */
const MIN_HEIGHT = 0.6;
/** Lowest visible part, metres, of an edge the frame's bottom cuts: a unit's door half out of view. */
const MIN_HEIGHT_CUT = 0.35;
/** Share of a base's width at each side where an upright does not count (box corners are loose). */
const SIDE_MARGIN = 0.2;

/**
 * Segments (full-resolution pixels) that are vertical in the world and at least MIN_HEIGHT tall,
 * assuming their foot stands on the floor. `vps` are the finite horizontal vanishing points.
 */
export function uprights(segments: readonly Segment[], cam: Camera, vps: readonly Pt[]): Upright[] {
  // World verticals meet below (camera pitched down) or above the image.
  const vertical: Pt = [cam.cx, cam.cy + cam.f / Math.tan(cam.pitch || 1e-6)];
  const found: Upright[] = [];
  for (const g of segments) {
    if (pointsAt(g, vertical) > TO_VERTICAL || vps.some((vp) => pointsAt(g, vp) <= TO_HORIZONTAL)) continue;
    const [fu, fv, tv] = g.y1 > g.y2 ? [g.x1, g.y1, g.y2] : [g.x2, g.y2, g.y1];
    const p = floorPoint(cam, fu, fv);
    if (!p) continue;
    const height = heightAt(cam, p[0], p[2], tv);
    // An edge cut by the frame's bottom stands lower than its visible foot: what shows is a lower bound.
    const cut = fv >= cam.height * 0.99;
    if (height >= (cut ? MIN_HEIGHT_CUT : MIN_HEIGHT)) found.push({ u: fu, foot: fv, top: tv, height });
  }
  // A glossy floor mirrors door and window frames: an upright that starts just below where another
  // one, straight above it, ends is a reflection lying on the floor, not an edge standing on it.
  const h = cam.height;
  return found.filter(
    (g) =>
      !found.some(
        (o) =>
          o !== g &&
          o.foot <= g.top + h * 0.01 &&
          g.top - o.foot < h * 0.06 &&
          Math.abs(o.u - g.u) < h * 0.02,
      ),
  );
}

/**
 * True when an upright stands in front of a piece's base and rises through its back edge: inside the
 * base's width (less loose corners), its foot lower in the frame than the base's back edge in the
 * upright's own column (nearer the camera) and its top above it. The floor there is then hidden by
 * the thing the upright belongs to, so either the colour floor has climbed that thing (a unit's
 * front, a bookcase's shelves) or the piece would stand behind it and be drawn over it. Uprights
 * whose foot is behind the base (a wall corner, a door jamb, a unit the piece stands in front of) do
 * not count. `base` is the footprint's four corners in image pixels, in order around it.
 */
export function standsOnUpright(base: readonly Pt[], ups: readonly Upright[], frameHeight: number): boolean {
  const xs = base.map((p) => p[0]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const margin = (x1 - x0) * SIDE_MARGIN;
  return ups.some((g) => {
    if (g.u <= x0 + margin || g.u >= x1 - margin) return false;
    // A base cut by the frame's bottom edge: its visible back edge is at most the last row.
    const back = Math.min(backRow(base, g.u), frameHeight - 1);
    return g.foot > back + frameHeight * 0.005 && g.top < back;
  });
}

/** Highest image row (the far edge) of a convex quadrilateral in column u. */
export function backRow(quad: readonly Pt[], u: number): number {
  let top = Infinity;
  for (let i = 0; i < quad.length; i++) {
    const [ax, ay] = quad[i]!;
    const [bx, by] = quad[(i + 1) % quad.length]!;
    if ((u < ax && u < bx) || (u > ax && u > bx)) continue;
    const v = ax === bx ? Math.min(ay, by) : ay + ((by - ay) * (u - ax)) / (bx - ax);
    top = Math.min(top, v);
  }
  return top;
}

/** Height above the floor point (x, z) whose projection falls on image row v (bisection). */
function heightAt(cam: Camera, x: number, z: number, v: number): number {
  let lo = 0;
  let hi = 4;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (project(cam, [x, mid, z])[1] > v) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Sine of the angle between a segment and the line from its midpoint to a point. */
function pointsAt(g: Segment, [vx, vy]: Pt): number {
  const tx = vx - (g.x1 + g.x2) / 2;
  const ty = vy - (g.y1 + g.y2) / 2;
  const dx = g.x2 - g.x1;
  const dy = g.y2 - g.y1;
  return Math.abs(tx * dy - ty * dx) / (Math.hypot(tx, ty) * Math.hypot(dx, dy) || 1);
}
