// Baseboard heaters along a wall's foot (docs/decisions/0240). The object detector has no class for
// them, and a piece pushed against one blocks the warm air rising off it: heating makers and fire
// guidance keep furniture about 0.3 m off a heater. How a camera sees one: two long parallel level
// lines along the wall, the lower one on the floor's far edge (where the heater meets the floor), the
// upper one a heater's height above it at that depth. A skirting board is a pair of lines too, but
// lower (0.07-0.15 m); a windowsill or a worktop is higher and its lower line is not on the floor edge.
// Each heater becomes obstacle boxes along its length, so objectZones() keeps every standing piece
// OBJECT_MARGIN (0.3 m, the heater clearance) off its foot.
import type { Box, Segment } from '#server/lib/images/index.ts';
import { floorPoint, horizonRow, type Camera } from '../geometry/camera.ts';
import type { Pt } from './geometry.ts';
import { floorRowAt } from './trusted-floor.ts';

/** Heights (metres) of a baseboard heater's front, floor to top: above a skirting's, below a sill's. */
const MIN_HEIGHT = 0.18;
const MAX_HEIGHT = 0.35;
/** Least length (metres along the floor) of a heater's foot: a short pair of lines is a vent or a step. */
const MIN_LENGTH = 1.0;
/**
 * Least contrast (segment strength, mean gradient magnitude) of both edges. A heater's housing stands
 * proud of the wall, its top lit and its foot shadowed: both edges are clear lines. A skirting's top is a
 * faint line on a wall of its own colour, and it is the skirting's foot that is strong.
 */
const MIN_STRENGTH = 10;
/** Least ratio of the shorter edge's length to the longer's: both edges of one housing run its full length. */
const SAME_LENGTH = 0.7;
/** Most the two lines' image directions differ, radians: along one wall they are nearly parallel. */
const PARALLEL = (2 * Math.PI) / 180;
/** Steepest image direction of a level line taken here, radians (walls seen across, not end on). */
const MAX_SLOPE = (30 * Math.PI) / 180;
/** Share of the shorter line the two must overlap in columns. */
const OVERLAP = 0.7;
/** Rows (share of the image height) the foot line may lie off the floor's far edge. */
const ON_EDGE = 0.03;
/** Rows (share of the image height) a box's foot may fall along its length: boxes follow a slanted heater. */
const BOX_RISE = 0.01;

/** Row of the segment's line at column u. */
const rowAt = (g: Segment, u: number) =>
  g.x2 === g.x1 ? g.y1 : g.y1 + ((g.y2 - g.y1) * (u - g.x1)) / (g.x2 - g.x1);

/**
 * Obstacle boxes (full-resolution pixels) for every baseboard heater found in the analysis's segments:
 * consecutive boxes from the heater's top line down to its foot line along the overlap of the two.
 */
export function baseboardHeaters(
  segments: readonly Segment[],
  floor: readonly Pt[],
  cam: Camera,
  height: number,
): Box[] {
  const hz = horizonRow(cam);
  const level = segments.filter(
    (g) => Math.abs(g.angle) < MAX_SLOPE && Math.min(g.y1, g.y2) > hz && g.x1 !== g.x2,
  );
  const boxes: Box[] = [];
  for (const foot of level) {
    for (const top of level) {
      if (top === foot || Math.abs(top.angle - foot.angle) > PARALLEL) continue;
      if (Math.min(foot.strength, top.strength) < MIN_STRENGTH) continue;
      if (Math.min(foot.length, top.length) < SAME_LENGTH * Math.max(foot.length, top.length)) continue;
      const u0 = Math.max(Math.min(foot.x1, foot.x2), Math.min(top.x1, top.x2));
      const u1 = Math.min(Math.max(foot.x1, foot.x2), Math.max(top.x1, top.x2));
      const shorter = Math.min(Math.abs(foot.x2 - foot.x1), Math.abs(top.x2 - top.x1));
      if (u1 - u0 < OVERLAP * shorter) continue;
      const um = (u0 + u1) / 2;
      const vf = rowAt(foot, um);
      const vt = rowAt(top, um);
      if (vt >= vf || Math.abs(floorRowAt(floor, um) - vf) > ON_EDGE * height) continue;
      // An upright at a floor point's depth spans eye * rows / rows-below-horizon metres.
      const h = (cam.eye * (vf - vt)) / (vf - hz);
      if (h < MIN_HEIGHT || h > MAX_HEIGHT) continue;
      const p = floorPoint(cam, u0, rowAt(foot, u0));
      const q = floorPoint(cam, u1, rowAt(foot, u1));
      if (!p || !q || Math.hypot(q[0] - p[0], q[2] - p[2]) < MIN_LENGTH) continue;
      boxes.push(...along(foot, top, u0, u1, height));
    }
  }
  return boxes;
}

/** Boxes covering the band between the two lines from column u0 to u1, each falling at most BOX_RISE. */
function along(foot: Segment, top: Segment, u0: number, u1: number, height: number): Box[] {
  const fall = Math.abs(rowAt(foot, u1) - rowAt(foot, u0));
  const n = Math.max(1, Math.ceil(fall / (BOX_RISE * height)));
  const out: Box[] = [];
  for (let i = 0; i < n; i++) {
    const x0 = u0 + ((u1 - u0) * i) / n;
    const x1 = u0 + ((u1 - u0) * (i + 1)) / n;
    out.push({
      x0,
      x1,
      y0: Math.min(rowAt(top, x0), rowAt(top, x1)),
      y1: Math.max(rowAt(foot, x0), rowAt(foot, x1)),
    });
  }
  return out;
}
