// identify(): can this photo be staged, is it already furnished, and does it show which room it is?
// Rules over cheap photo features (analysis/photo-features.ts) and the objects a small detector
// finds (detect/), measured on real listing photos with part held out (npm run identify:eval;
// figures in the README). The room type is only claimed on strong evidence; otherwise it stays null
// so the user's choice stands.
import type { Identification, RawImage } from '#server/engines/types.ts';
import { REFUSAL_MESSAGES, tooSmallMessage, type PhotoRefusal } from '#shared/constants/photo-check.ts';
import type { RoomType } from '#shared/constants/staging.ts';
import { FEATURE_SIDE, photoFeatures, type PhotoFeatures } from './analysis/photo-features.ts';
import { downscale } from './analysis/pyramid.ts';
import type { Detection } from './detect/decode.ts';
import { objectEvidence, type ObjectEvidence } from './detect/evidence.ts';
import { loadDetector } from './detect/model.ts';
import { clamp } from './geometry/vec.ts';

export const MIN_SHORT_SIDE = 384;
export const SOFT_SHORT_SIDE = 1000;
/** Outdoor evidence (0..8) at or above which a photo is refused as not an interior. */
export const OUTDOOR_LIMIT = 3;
/** Straight-line length per (width + height) below which there is no room geometry. */
export const MIN_LINES = 0.9;

/**
 * Outdoor evidence, each cue capped so no single one decides: sky (smooth, open to the top edge, blue
 * by day or dark over a lit scene at night),
 * vegetation (green texture), lawn (green texture at the bottom), daylight colour (interiors are
 * lit warm), few vertical lines, few lines at all, and long level lines (eaves, kerbs, horizon).
 */
export function outdoorScore(f: PhotoFeatures): number {
  return (
    Math.min(f.skyBlue + f.nightSky, 0.5) * 4 +
    Math.min(f.vegetation, 0.1) * 20 +
    Math.min(f.lawn, 0.2) * 5 +
    clamp((25 - f.warmth) / 25, 0, 1) +
    clamp((0.35 - f.vertical) / 0.25, 0, 1) +
    clamp((2 - f.lines) / 1, 0, 1) +
    clamp((f.horizontal - 0.35) / 0.3, 0, 1)
  );
}

/**
 * The full check: photo features, then (for photos that pass the refusals that need no objects) the
 * object detector, run on the same 320 px copy.
 */
export async function identifyPhoto(img: RawImage): Promise<Identification> {
  const small = downscale(img, FEATURE_SIDE);
  const f = photoFeatures(img, small);
  const early = cheapRefusal(img, f);
  if (early) return early;
  const objects = (await loadDetector()).detect(small);
  return identifyImage(img, f, objects);
}

const refusal = (kind: PhotoRefusal, confidence = 0.9, reason?: string): Identification => ({
  isValid: false,
  reason: reason ?? REFUSAL_MESSAGES[kind as Exclude<PhotoRefusal, 'too-small'>],
  refusal: kind,
  roomType: null,
  confidence: 1 - confidence,
  issues: [],
});

/** Refusals that need no objects: size, and exposure or a flat fill, which hide whatever is there. */
function cheapRefusal(img: RawImage, f: PhotoFeatures): Identification | null {
  const short = Math.min(img.width, img.height);
  if (short < MIN_SHORT_SIDE)
    return refusal('too-small', 0.9, tooSmallMessage(img.width, img.height, MIN_SHORT_SIDE));
  if (f.meanLum < 35 && f.p95 < 80) return refusal('too-dark');
  // A drawing on white is bright too, but keeps its dark strokes (contrast).
  if (f.meanLum > 235 && f.contrast < 30) return refusal('overexposed');
  if (f.contrast < 4) return refusal('flat');
  return null;
}

/**
 * Refusals of the medium rather than the subject, judged after a person (who has their own reason):
 * screenshots, drawings, scans and blur.
 */
function mediumRefusal(f: PhotoFeatures): Identification | null {
  // Camera photos have sensor noise and texture everywhere; flat fills of one exact value, or a
  // handful of colours, mean a screenshot, drawing, floor plan or scanned page; no colour at all, a
  // black-and-white scan.
  if (f.flat > 0.15 || f.colours < 0.004 || f.chroma < 3) return refusal('document');
  if (f.sharpness < 9) return refusal('blurry');
  return null;
}

/**
 * The verdict from features and, when given, detected objects. Without objects (`undefined`) the
 * photo is judged on features alone and `furnished` stays unset.
 */
export function identifyImage(
  img: RawImage,
  f: PhotoFeatures = photoFeatures(img),
  objects?: readonly Detection[],
): Identification {
  const early = cheapRefusal(img, f);
  if (early) return early;
  const ev = objects ? objectEvidence(objects) : null;
  if (ev && ev.person >= PERSON_SUBJECT) return refusal('person', 0.8);
  const medium = mediumRefusal(f);
  if (medium) return medium;
  const outdoor = outdoorScore(f);
  if (ev && ev.outdoor >= OUTDOOR_OBJECT) return refusal('outdoor', 0.8);
  // A bed, a sofa, a toilet or kitchen appliances outweigh borderline outdoor cues (a blue wall
  // read as sky, a garden through a big window), but not a clear outdoor scene.
  const indoorRelief = ev && ev.indoor >= INDOOR_OBJECT ? INDOOR_RELIEF : 0;
  if (outdoor >= OUTDOOR_LIMIT + indoorRelief)
    return refusal('outdoor', clamp(0.6 + (outdoor - OUTDOOR_LIMIT) * 0.1, 0.6, 0.97));
  if (f.lines < MIN_LINES && !indoorRelief) return refusal('no-room', 0.8);
  const issues: string[] = [];
  if (Math.min(img.width, img.height) < SOFT_SHORT_SIDE)
    issues.push('Low resolution: the staged result will look soft.');
  const room = roomTypeOf(f, ev);
  return {
    isValid: true,
    reason: null,
    roomType: room?.type ?? null,
    roomTypeConfidence: room?.confidence ?? null,
    confidence: clamp(0.95 - outdoor * 0.12, 0.55, 0.95),
    ...(ev ? { furnished: ev.furnished } : {}),
    issues,
  };
}

/** Detector score of a vehicle or street furniture at which a photo is outdoors whatever else it shows. */
export const OUTDOOR_OBJECT = 0.3;
/** Share of the frame a confidently detected person must fill to be the photo's subject. */
export const PERSON_SUBJECT = 0.3;
/** Detector score of an indoor object (bed, sofa, toilet, appliance) that relaxes the outdoor limit. */
export const INDOOR_OBJECT = 0.4;
const INDOOR_RELIEF = 1.5;

/** A room type only on strong evidence; null leaves the user's choice alone. */
export function roomTypeOf(
  f: PhotoFeatures,
  ev: ObjectEvidence | null = null,
): { type: RoomType; confidence: number } | null {
  if (ev?.room) return ev.room;
  if (ev?.notKitchen) return null;
  // Kitchens: the middle third is busy (cabinet doors, handles, appliances, worktop clutter) and the
  // lower middle is saturated (wood or stone unit fronts), where bedrooms, bathrooms and empty rooms
  // show bedding, tiles or plain floor. Measured: about a third of kitchens, 92-94% precision.
  if (f.edgeMid > 9.3 && f.lowerChroma > 55) return { type: 'kitchen', confidence: 0.8 };
  return null;
}
