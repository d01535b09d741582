// What the detected objects say about a photo: is the room already furnished, which room is it,
// and does anything contradict "interior". Rules only (no fitted weights); thresholds were set on
// the tuning houses of the listing-photo corpus and checked on the held-out ones.
import type { RoomType } from '#shared/constants/staging.ts';
import type { CocoLabel } from './coco-labels.ts';
import type { Detection } from './decode.ts';

export interface ObjectEvidence {
  /** Furniture that staging would have to work around: a bed, a sofa, chairs, a table. */
  furnished: boolean;
  /** The room type the objects show, or null when they show none or disagree. */
  room: { type: RoomType; confidence: number } | null;
  /** Objects that belong indoors (a bed, a sofa, a toilet, kitchen appliances, a screen), 0..1. */
  indoor: number;
  /** Objects that belong outdoors (vehicles, street furniture), 0..1. */
  outdoor: number;
  /** Share of the frame taken by the largest confidently detected person. */
  person: number;
  /** Some sign of a bedroom or bathroom: a kitchen claimed from colour and texture alone would contradict it. */
  notKitchen: boolean;
}

const PERSON_SCORE = 0.5;

const area = (d: Detection) => (d.box[2] - d.box[0]) * (d.box[3] - d.box[1]);

/** Best score of any of `labels` with a box of at least `minArea` of the frame. */
export function best(dets: readonly Detection[], labels: readonly CocoLabel[], minArea = 0): number {
  let m = 0;
  for (const d of dets) if (labels.includes(d.label) && area(d) >= minArea && d.score > m) m = d.score;
  return m;
}

const KITCHEN: readonly CocoLabel[] = ['oven', 'refrigerator', 'microwave'];
const SEATING: readonly CocoLabel[] = ['couch', 'chair'];
const OUTDOOR: readonly CocoLabel[] = [
  'car',
  'truck',
  'bus',
  'motorcycle',
  'bicycle',
  'boat',
  'traffic light',
  'stop sign',
  'fire hydrant',
  'parking meter',
];

/** Detector scores (0..1) at which each cue counts. */
export const T = {
  /** A bed filling at least 4% of the frame: a bedroom, and furnished. */
  bed: 0.3,
  bedArea: 0.04,
  /** A sofa or chairs, or a dining table: furnished. */
  seat: 0.4,
  table: 0.4,
  /**
   * An oven or microwave, a fridge (tall white doors are often taken for one, so it needs more), or
   * both at a lower level: a kitchen.
   */
  cooker: 0.38,
  fridge: 0.45,
  both: 0.3,
  /** A toilet, or a washbasin with no kitchen appliance and no bed: a bathroom ("other"). */
  toilet: 0.35,
  sink: 0.4,
  /**
   * A sofa with a table in front of it and no bed: a living room. Strict, because the detector
   * often reads a bed seen from its foot or side as a sofa, and bedrooms have armchairs and sofas.
   */
  living: 0.6,
  /** Any room's own cue at this level is enough to veto a claim of another room. */
  weak: 0.25,
  /** Score below which a furniture box shaped like the floor is taken for the floor (floorRead). */
  floorRead: 0.5,
  /**
   * Score below which a piece of furniture needs a second, separate object to count (corroborated).
   * Misread floors and fittings in the empty rooms we have score 0.30-0.42.
   */
  alone: 0.45,
  /** Score at which another object corroborates it. */
  corroborate: 0.3,
} as const;

/**
 * What a furnished room shows around its furniture: other pieces and the things people keep in rooms.
 * Built-ins (ovens, fridges, sinks) are left out: a door or a fitted unit is read as one of those
 * as easily as a radiator is read as a bed.
 */
const ROOM_THINGS: readonly CocoLabel[] = [
  'bed',
  'couch',
  'chair',
  'dining table',
  'potted plant',
  'tv',
  'vase',
  'book',
  'clock',
];

const overlap = (a: Detection, b: Detection) => {
  const w = Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]);
  const h = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
  const i = w > 0 && h > 0 ? w * h : 0;
  return i / (area(a) + area(b) - i);
};

/**
 * A piece of furniture the detector is sure of counts alone; a modest one (a radiator, a window seat,
 * a built-in's plinth or a door read as a bed or a chair at 0.3-0.45) counts only when something else
 * in the room is seen too. An empty room gives the detector one wall fitting to misread; a furnished
 * room shows its furniture with other pieces and things around it. The other thing must be a
 * separate object (boxes overlapping by less than 30%), not the same one read twice.
 */
export function corroborated(d: Detection, dets: readonly Detection[]): boolean {
  if (d.score >= T.alone) return true;
  return dets.some(
    (o) => o !== d && ROOM_THINGS.includes(o.label) && o.score >= T.corroborate && overlap(o, d) < 0.3,
  );
}

/**
 * Score of a sofa that shows a living room: a confident sofa with a table in front of it (a coffee
 * table: overlapping it sideways, reaching lower in the frame than the sofa's middle), and no bed
 * of any size or score anywhere. A bed contradicts a living room; a sofa alone does not show one.
 */
export function livingRoomSofa(dets: readonly Detection[]): number {
  if (dets.some((d) => d.label === 'bed')) return 0;
  let m = 0;
  for (const s of dets) {
    if (s.label !== 'couch' || s.score < T.living || area(s) < 0.02 || s.score <= m) continue;
    const middle = (s.box[1] + s.box[3]) / 2;
    const table = dets.some(
      (t) =>
        t.label === 'dining table' &&
        t.score >= T.weak &&
        Math.min(t.box[2], s.box[2]) > Math.max(t.box[0], s.box[0]) &&
        t.box[3] > middle,
    );
    if (table) m = s.score;
  }
  return m;
}

/**
 * A bed, sofa or table box that spans the frame's width and runs out of its bottom edge at a modest
 * score is the bare floor. From standing height the floor is the one surface that fills the bottom of
 * the frame from side to side, and the detector reads an empty floor (boards, carpet, a window seat's
 * ledge along it) as a bed or sofa at 0.3-0.45. A real bed that fills the width is seen close from its
 * foot, pillows and all, and scores higher.
 */
export function floorRead(d: Detection): boolean {
  return (
    FLOOR_READ_LABELS.includes(d.label) &&
    d.score < T.floorRead &&
    d.box[2] - d.box[0] >= 0.85 &&
    d.box[3] >= 0.97
  );
}
const FLOOR_READ_LABELS: readonly CocoLabel[] = ['bed', 'couch', 'dining table'];
const FURNITURE: readonly CocoLabel[] = ['bed', 'couch', 'chair', 'dining table'];

export function objectEvidence(all: readonly Detection[]): ObjectEvidence {
  const dets = all.filter((d) => !floorRead(d));
  // Furniture that stands on its own evidence: sure of itself, or seen with other things.
  const pieces = dets.filter((d) => !FURNITURE.includes(d.label) || corroborated(d, dets));
  const bed = best(pieces, ['bed'], T.bedArea);
  const couch = best(dets, ['couch'], 0.02);
  const seat = best(pieces, SEATING, 0.01);
  const table = best(pieces, ['dining table'], 0.03);
  const appliance = best(dets, KITCHEN, 0.005);
  const cooker = best(dets, ['oven', 'microwave'], 0.005);
  const fridge = best(dets, ['refrigerator'], 0.005);
  const kitchen = cooker >= T.cooker || fridge >= T.fridge || (cooker >= T.both && fridge >= T.both);
  const sink = best(dets, ['sink']);
  const toilet = best(dets, ['toilet']);
  const furnished = bed >= T.bed || seat >= T.seat || table >= T.table;
  // Any bed at all, corroborated or not: enough to veto a claim of a bathroom or a kitchen.
  const anyBed = best(dets, ['bed'], T.bedArea);

  const bathroom = Math.max(
    toilet >= T.toilet ? toilet : 0,
    appliance < T.weak && anyBed < T.weak && sink >= T.sink ? sink : 0,
  );
  // Each room's own evidence; a claim stands only when no other room shows its own.
  const claims: { type: RoomType; score: number }[] = [];
  if (bed >= T.bed) claims.push({ type: 'bedroom', score: bed });
  if (kitchen) claims.push({ type: 'kitchen', score: appliance });
  if (bathroom > 0) claims.push({ type: 'other', score: bathroom });
  const living = livingRoomSofa(dets);
  if (living > 0 && appliance < T.weak) claims.push({ type: 'living-room', score: living });
  const room =
    claims.length === 1
      ? { type: claims[0]!.type, confidence: Math.min(0.95, 0.5 + claims[0]!.score) }
      : null;
  // Weak signs of some room other than a kitchen: the feature-based kitchen cue must not override them.
  const notKitchen = anyBed >= T.weak || toilet >= T.weak || (sink >= T.sink && appliance < T.weak);

  let person = 0;
  for (const d of dets)
    if (d.label === 'person' && d.score >= PERSON_SCORE) person = Math.max(person, area(d));
  return {
    furnished,
    room,
    notKitchen,
    // A screen is kept indoors (never above 0.3 on 150 house fronts, 24 interiors at 0.4 or more).
    indoor: Math.max(anyBed, couch, appliance, toilet, sink, best(dets, ['tv'], 0.005)),
    outdoor: best(dets, OUTDOOR, 0.002),
    person,
  };
}
