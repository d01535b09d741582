// The blind realism test's arithmetic (npm run engine:blind-test): where a crop goes, how a judge's
// answers are read and scored, and whether the files' byte counts tell the two classes apart.

import sharp, { type Sharp } from 'sharp';

export type Truth = 'real' | 'generated';

/** A crop window in source pixels. */
export interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Output crop size: 3:2 like most listing photos, 800 px wide. */
export const CROP_W = 800;
export const CROP_H = 533;
/**
 * Widest window taken: the listing photos are at most 1024 px wide, so capping every window there
 * gives both classes the same range of downscaling (800/1024 to 1), hence the same softness.
 */
export const MAX_WINDOW_W = 1024;

/**
 * The largest CROP_W:CROP_H window that fits a width x height image, or null when it is narrower than
 * CROP_W: crops are only ever shrunk, so neither class is softened by upscaling.
 */
export function maxWindowWidth(width: number, height: number): number | null {
  const w = Math.floor(Math.min(width, (height * CROP_W) / CROP_H, MAX_WINDOW_W));
  return w >= CROP_W ? w : null;
}

/** A window `w` wide at relative position (rx, ry) in [0, 1]² of the room left around it. */
export function placeWindow(width: number, height: number, w: number, rx: number, ry: number): Window {
  const h = Math.round((w * CROP_H) / CROP_W);
  return { x: Math.round(rx * (width - w)), y: Math.round(ry * (height - h)), w, h };
}

/**
 * The relative position of the `w`-wide window that holds the most changed pixels of `mask`
 * (furniture, its shadows), searched on a coarse grid; ties go to the first found.
 */
export function bestWindow(
  mask: Uint8Array,
  width: number,
  height: number,
  w: number,
): { rx: number; ry: number; covered: number } {
  const h = Math.round((w * CROP_H) / CROP_W);
  // Integral image of the mask, so each window's count costs four reads.
  const iw = width + 1;
  const sum = new Float64Array(iw * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += mask[y * width + x]! > 0 ? 1 : 0;
      sum[(y + 1) * iw + x + 1] = sum[y * iw + x + 1]! + row;
    }
  }
  const total = sum[height * iw + width]!;
  const count = (x: number, y: number) =>
    sum[(y + h) * iw + x + w]! - sum[y * iw + x + w]! - sum[(y + h) * iw + x]! + sum[y * iw + x]!;
  let best = { rx: 0.5, ry: 0.5, covered: 0 };
  const steps = 24;
  for (let j = 0; j <= steps; j++) {
    for (let i = 0; i <= steps; i++) {
      const win = placeWindow(width, height, w, i / steps, j / steps);
      const c = total > 0 ? count(win.x, win.y) / total : 0;
      if (c > best.covered) best = { rx: i / steps, ry: j / steps, covered: c };
    }
  }
  return best;
}

/** Wilson score interval for `k` successes in `n` trials (95% by default). */
export function wilson(k: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * A judge's answers: one line per file, `<file> real` or `<file> generated` (separated by spaces, a
 * comma, a colon or a tab); blank lines and lines starting with # are skipped. Anything else throws,
 * naming the line, so a malformed answer sheet is never half-scored.
 */
export function parseAnswers(text: string): Map<string, Truth> {
  const out = new Map<string, Truth>();
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+?)[\s,:]+(real|generated)$/i.exec(line);
    if (!m) throw new Error(`line ${i + 1}: expected "<file> real" or "<file> generated", got "${line}"`);
    const file = m[1]!;
    if (out.has(file)) throw new Error(`line ${i + 1}: ${file} answered twice`);
    out.set(file, m[2]!.toLowerCase() as Truth);
  }
  return out;
}

export interface Score {
  answered: number;
  correct: number;
  /** Generated crops the judge called generated, of the generated crops answered. */
  generatedFound: number;
  generatedAnswered: number;
  missing: string[];
  unknown: string[];
}

/** A judge's answers against the key (file → truth). */
export function score(key: Map<string, Truth>, answers: Map<string, Truth>): Score {
  const s: Score = {
    answered: 0,
    correct: 0,
    generatedFound: 0,
    generatedAnswered: 0,
    missing: [],
    unknown: [],
  };
  for (const file of answers.keys()) if (!key.has(file)) s.unknown.push(file);
  for (const [file, truth] of key) {
    const said = answers.get(file);
    if (!said) {
      s.missing.push(file);
      continue;
    }
    s.answered++;
    if (said === truth) s.correct++;
    if (truth === 'generated') {
      s.generatedAnswered++;
      if (said === 'generated') s.generatedFound++;
    }
  }
  return s;
}

/**
 * How well a file's bytes per pixel alone separates the classes: the probability that a random
 * generated crop has more bytes per pixel than a random real one (0.5 = no information).
 */
export function separation(generated: number[], real: number[]): number {
  if (!generated.length || !real.length) return 0.5;
  let wins = 0;
  for (const g of generated) for (const r of real) wins += g > r ? 1 : g === r ? 0.5 : 0;
  return wins / (generated.length * real.length);
}

/** JPEG marker segments other than JFIF's APP0 and the image data (EXIF, ICC, XMP, comments). */
export function metadataMarkers(jpeg: Uint8Array): string[] {
  const found: string[] = [];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1]!;
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    const len = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) found.push(`0x${marker.toString(16)}`);
    i += 2 + len;
  }
  return found;
}

/** Room types both halves are drawn from: what staging furnishes and listing photos show lived in. */
export const BLIND_TYPES = ['living-room', 'bedroom', 'dining-room'] as const;
export type BlindType = (typeof BLIND_TYPES)[number];

/**
 * The staging slots, in rounds: each room is staged as its own room type only (0238's judges saw a
 * bed facing a fireplace where the set builder had staged a living room as a bedroom to match the
 * real half), and only while the real pool (`supply`: real photos per type) still has a photo of
 * that type to pair it with, so both halves hold the same types in the same numbers. Round k holds
 * the rooms' k-th staging; rooms of no blind type (kitchens, offices, unknown) take no slot.
 */
export function assignTypes(
  rooms: readonly (string | null)[],
  supply: Readonly<Record<BlindType, number>>,
  maxPerRoom: number,
): { room: number; type: BlindType }[][] {
  const left = { ...supply };
  const slots: { room: number; type: BlindType }[][] = [];
  for (let k = 0; k < maxPerRoom; k++) {
    const round: { room: number; type: BlindType }[] = [];
    rooms.forEach((own, room) => {
      const type = BLIND_TYPES.find((t) => t === own);
      if (!type || left[type] <= 0) return;
      left[type]--;
      round.push({ room, type });
    });
    slots.push(round);
  }
  return slots;
}

/** The types the real pool holds any photo of, each with room for `n` stagings (none for the rest). */
export function roomsPerType(
  supply: Readonly<Record<BlindType, number>>,
  n: number,
): Record<BlindType, number> {
  return Object.fromEntries(BLIND_TYPES.map((t) => [t, supply[t] > 0 ? n : 0])) as Record<BlindType, number>;
}

/**
 * Whether the builder goes on to round `next` (0-based) of stagings: the first round always; a
 * second staging of a room only while the set holds fewer than `minStaged` stagings, since the same
 * empty room twice is itself a cue (0238's judges used it).
 */
export function takeRound(next: number, staged: number, minStaged: number): boolean {
  return next === 0 || staged < minStaged;
}

/** Raw RGB pixels (the engine's and the decoder's RawImage). */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A crop's pixels at the output size: the window cut out and shrunk with one kernel. */
export function cropPipeline(img: Pixels, win: Window): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left: win.x, top: win.y, width: win.w, height: win.h })
    .resize(CROP_W, CROP_H, { kernel: 'lanczos3' });
}

/**
 * The one encoding every crop of both halves gets: cut and shrunk (cropPipeline), then JPEG at
 * `quality`, 4:2:0, baseline libjpeg tables, no metadata. Nothing depends on the crop's class.
 */
export async function encodeCrop(img: Pixels, win: Window, quality: number): Promise<Buffer> {
  return cropPipeline(img, win).jpeg({ quality, chromaSubsampling: '4:2:0', mozjpeg: false }).toBuffer();
}
