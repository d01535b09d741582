// Floor occupancy: where the photo already has something standing on the floor (a bed, a sofa,
// kitchen appliances and units, a table, a plant, a person), new pieces may not stand. An object's
// floor contact is the bottom band of its detected box; a new piece's footprint is its base
// projected into the photo. A piece is vetoed when its footprint covers part of an object's contact
// band, or when it stands behind an object and would be drawn over it (the renderer does not
// occlude new pieces by old ones, so such a piece is dropped or moved instead). Boxes here are in
// full-resolution pixels.
import type { Box } from '#server/lib/images/index.ts';
import type { CocoLabel } from '../detect/coco-labels.ts';
import type { Detection } from '../detect/decode.ts';

/** Things that stand on the floor or on units that do (appliances and sinks sit in kitchen units). */
const ON_FLOOR: readonly CocoLabel[] = [
  'bed',
  'couch',
  'chair',
  'dining table',
  'bench',
  'tv',
  'refrigerator',
  'oven',
  'microwave',
  'sink',
  'toilet',
  'potted plant',
  'person',
  'dog',
  'cat',
  'suitcase',
  'toaster',
];
/**
 * Detector score from which an object counts: every box the detector reports (its own floor, 0.25).
 * Lower than the identify rules because the costs differ: a missed object means a new piece drawn
 * over a chair or a kitchen unit, a false one only a piece moved elsewhere. On the fixtures, the
 * boxes between 0.25 and 0.30 were a chair, the middle of a sectional sofa and a tall black unit.
 */
export const OBSTACLE_SCORE = 0.25;
/** Share of an object's box height, from its bottom, taken as its floor contact. */
const CONTACT = 0.35;
/** Share of a footprint that may lie on an object's contact band (box corners are loose). */
const FOOT_OVERLAP = 0.12;
/** Share of a piece's image box an object in front of it may cover before the piece is dropped. */
const HIDDEN = 0.25;

/**
 * A box that spans nearly the whole frame both ways is the detector reading the room itself as an
 * object (an empty room's walls as a "refrigerator"): a piece standing in a room, photographed from
 * inside it, never fills both axes. Such boxes would veto the whole floor, so they are not obstacles.
 */
const FILLS_FRAME = 0.8;
const fillsFrame = (d: Detection) => d.box[2] - d.box[0] > FILLS_FRAME && d.box[3] - d.box[1] > FILLS_FRAME;

/**
 * A box cut by the frame on three sides (both side edges and the bottom) is the near floor read as
 * one long object (an empty dining room's foreground as a "couch", an office's as a "bed"): a piece
 * standing in the room is photographed whole or cut on one side, and a box that runs out of the
 * frame at the bottom has no floor contact in the photo to keep new pieces off. Vetoing it would
 * leave the whole near floor, where the furniture goes, empty. Detector boxes are loose by a few
 * per cent of the frame, hence the margin.
 */
const EDGE = 0.04;
const floorBand = (d: Detection) => d.box[0] < EDGE && d.box[2] > 1 - EDGE && d.box[3] > 1 - EDGE;

export function obstaclesFrom(dets: readonly Detection[], width: number, height: number): Box[] {
  const kept = dets.filter(
    (d) => d.score >= OBSTACLE_SCORE && ON_FLOOR.includes(d.label) && !fillsFrame(d) && !floorBand(d),
  );
  const boxes = kept.map((d) => ({
    x0: d.box[0] * width,
    y0: d.box[1] * height,
    x1: d.box[2] * width,
    y1: d.box[3] * height,
  }));
  return [...boxes, ...seatGaps(kept, boxes)];
}

const SEATING: readonly CocoLabel[] = ['couch', 'chair', 'bench'];

/**
 * The detector often boxes a sectional sofa or a row of seats in pieces: its two ends, not its
 * middle. Between two seats side by side (rows overlapping by half the lower one) a gap narrower than
 * either is that missed middle, or floor too tight for a new piece without touching both: it counts
 * as an obstacle over the rows both share.
 */
function seatGaps(dets: readonly Detection[], boxes: readonly Box[]): Box[] {
  const seats = boxes.filter((_, i) => SEATING.includes(dets[i]!.label));
  const gaps: Box[] = [];
  for (const a of seats) {
    for (const b of seats) {
      const gap = b.x0 - a.x1;
      if (gap <= 0 || gap >= Math.min(a.x1 - a.x0, b.x1 - b.x0)) continue;
      const y0 = Math.max(a.y0, b.y0);
      const y1 = Math.min(a.y1, b.y1);
      if (y1 - y0 < 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0)) continue;
      gaps.push({ x0: a.x1, y0, x1: b.x0, y1 });
    }
  }
  return gaps;
}

const areaOf = (b: Box) => Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) *
  Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * True when a piece with this base footprint and image box (both full-resolution pixels) stands on
 * free floor: not on top of an obstacle, not on its contact band and (unless it lies `flat`, a rug) not
 * hidden behind one.
 */
export function clearOfObstacles(footprint: Box, box: Box, obstacles: readonly Box[], flat = false): boolean {
  const foot = Math.max(1, areaOf(footprint));
  const whole = Math.max(1, areaOf(box));
  const cx = (footprint.x0 + footprint.x1) / 2;
  const cy = (footprint.y0 + footprint.y1) / 2;
  for (const o of obstacles) {
    // A base whose centre falls inside an object's box stands on top of the object (a plant on a
    // cooker) or on floor the object hides: either way not on free floor in front of it.
    if (cx > o.x0 && cx < o.x1 && cy > o.y0 && cy < o.y1) return false;
    const contact = { x0: o.x0, y0: o.y1 - (o.y1 - o.y0) * CONTACT, x1: o.x1, y1: o.y1 };
    // On the object's contact band: a share of the footprint (a chair on a bed's foot), or a share of the
    // band (a wide rug drawn over the foot of a cooker would paint over it).
    const onContact = overlap(footprint, contact);
    if (onContact / foot > FOOT_OVERLAP || onContact / Math.max(1, areaOf(contact)) > FOOT_OVERLAP)
      return false;
    // Behind the object (its foot is lower in the frame, so nearer the camera) and covered by it.
    if (!flat && footprint.y1 < o.y1 && overlap(box, o) / whole > HIDDEN) return false;
  }
  return true;
}
