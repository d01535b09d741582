// identify(): can this photo be staged, and does it show which room it is? Rules over the room
// analysis, tuned on the fixture set (empty and furnished rooms vs outdoor scenes, documents,
// faces and blank images). The room type is only claimed on strong evidence (kitchen cabinetry);
// otherwise it stays null so the user's choice stands.
import type { Identification, RawImage } from '#server/engines/types.ts';
import { analyze, type RoomAnalysis } from './analysis/analyze.ts';
import { floorPoint } from './geometry/camera.ts';
import { clamp } from './geometry/vec.ts';

export const MIN_SHORT_SIDE = 384;
export const SOFT_SHORT_SIDE = 1000;

export interface InteriorEvidence {
  /** Share of edge pixels explained by straight segments: rooms are made of lines, faces and trees are not. */
  straightness: number;
  /** Total segment length per long side. */
  lineLength: number;
  /** Share of the top third that looks like sky. */
  sky: number;
  /** Short vertical lines standing on the floor line: base-cabinet doors. */
  cabinetry: number;
  /** Long horizontal lines at worktop height (0.85-0.95 m). */
  counters: number;
  score: number;
}

export function identifyImage(img: RawImage, analysis: RoomAnalysis = analyze(img)): Identification {
  const issues: string[] = [];
  const short = Math.min(img.width, img.height);
  const reject = (reason: string, confidence = 0.9): Identification => ({
    isValid: false,
    reason,
    roomType: null,
    confidence: 1 - confidence,
    issues: [],
  });
  if (short < MIN_SHORT_SIDE)
    return reject(
      `The photo is too small (${img.width}x${img.height}); it needs at least ${MIN_SHORT_SIDE} pixels on the short side.`,
    );
  const t = analysis.tone;
  if (t.meanLum < 35 && t.p95 < 80) return reject('The photo is too dark to stage.');
  if (t.bright > 0.5 || t.meanLum > 235)
    return reject('The photo is overexposed (blown out) and cannot be staged.');
  if (t.contrast < 4) return reject('No room found: the image is a flat colour.');
  if (t.sharpness < 9) return reject('The photo is too blurry to stage.');
  const ev = interiorEvidence(img, analysis);
  if (ev.score < 0.47) {
    const why =
      ev.sky > 0.1 ? 'it looks like an outdoor scene' : 'no room geometry (walls, floor, corners) was found';
    return reject(`This does not look like an interior photo: ${why}.`, clamp(1 - ev.score, 0.5, 0.95));
  }
  if (short < SOFT_SHORT_SIDE) issues.push('Low resolution: the staged result will look soft.');
  if (analysis.fallbackCamera)
    issues.push('The room geometry is unclear; furniture placement may be approximate.');
  return {
    isValid: true,
    reason: null,
    roomType: ev.cabinetry >= 0.9 && ev.counters >= 2 ? 'kitchen' : null,
    confidence: clamp(0.35 + ev.score * 0.45 + analysis.confidence * 0.2, 0, 1),
    issues,
  };
}

export function interiorEvidence(img: RawImage, a: RoomAnalysis): InteriorEvidence {
  const long = Math.max(img.width, img.height);
  const lineLength = a.segments.reduce((s, g) => s + g.length, 0) / long;
  // Edge pixels at analysis scale, from segment stats stored by the analysis.
  const straightness = a.edgePixels
    ? clamp((a.segments.reduce((s, g) => s + g.length, 0) * a.analysisScale * 2) / a.edgePixels, 0, 1)
    : 0;
  let sky = 0;
  let n = 0;
  const step = Math.max(1, Math.floor(long / 300));
  for (let y = 0; y < img.height * 0.3; y += step)
    for (let x = 0; x < img.width; x += step) {
      const p = (y * img.width + x) * 3;
      const r = img.data[p]!;
      const g = img.data[p + 1]!;
      const b = img.data[p + 2]!;
      n++;
      if (b > r + 15 && b > g && b > 100) sky++;
    }
  sky = n ? (sky / n) * 0.3 * 3.33 : 0;
  const cabinetry = cabinetLines(a);
  const score =
    0.5 * clamp(straightness / 0.25, 0, 1) +
    0.25 * clamp(lineLength / 7, 0, 1) +
    0.25 * a.fit.vanishing -
    2 * Math.max(0, sky * 0.3 - 0.05);
  return { straightness, lineLength, sky: sky * 0.3, cabinetry, counters: counterLines(a), score };
}

/** Horizontal-ish lines whose height above the floor, measured at the wall below them, is worktop height. */
function counterLines(a: RoomAnalysis): number {
  const cam = a.camera;
  const sp = Math.sin(cam.pitch);
  const cp = Math.cos(cam.pitch);
  let n = 0;
  for (const s of a.segments) {
    if (Math.abs(Math.abs(s.angle) - Math.PI / 2) < 0.6 || s.length < Math.max(a.width, a.height) * 0.06)
      continue;
    const x = (s.x1 + s.x2) / 2;
    const y = (s.y1 + s.y2) / 2;
    const foot = floorPoint(cam, x, floorRowAt(a, x));
    if (!foot) continue;
    const yr = -(y - cam.cy) / cam.f;
    const dz = yr * sp + cp;
    if (dz <= 0) continue;
    const height = cam.eye + (foot[2] / dz) * (yr * cp - sp);
    if (height > 0.82 && height < 0.98) n++;
  }
  return n;
}

function floorRowAt(a: RoomAnalysis, x: number): number {
  let best = a.floorImage[1]!;
  for (const p of a.floorImage) if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
  return Math.min(best[1], a.height - 1);
}

/** Vertical segments whose foot sits just above the floor line, per 10% of image width. */
function cabinetLines(a: RoomAnalysis): number {
  let count = 0;
  for (const s of a.segments) {
    if (Math.abs(Math.abs(s.angle) - Math.PI / 2) > 0.2 || s.length > a.height * 0.35) continue;
    const foot = Math.max(s.y1, s.y2);
    const floor = floorRowAt(a, (s.x1 + s.x2) / 2);
    if (foot < floor + a.height * 0.02 && foot > floor - a.height * 0.12 && floor < a.height * 0.98) count++;
  }
  return count / 10;
}
