// The placement evaluation's judge: photos annotated by hand with the floor that is truly open and
// the places nothing may stand (mirrors, glass, stairs, fireplaces...), and the rule that says
// whether a placed piece's footprint is wrong. Pure, so the CLI and its tests share it.
import { z } from 'zod';
import { ROOM_TYPES } from '#shared/constants/staging.ts';
import { pointInPolygon } from '../layout/geometry.ts';
import { quadPoints } from '../layout/trusted-floor.ts';

export const HAZARD_KINDS = [
  'mirror',
  'glass',
  'stair',
  'fireplace',
  'radiator',
  'built-in',
  'door-swing',
  'window-wall',
  'bed',
  'other-object',
] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];

export type Pt = [number, number];
const point = z.tuple([z.number().finite(), z.number().finite()]);
const polygon = z.array(point).min(3);

export const photoAnnotationSchema = z.object({
  /** File name inside the set's photo folder. */
  file: z.string().min(1),
  /** Pixel size the polygons were drawn for (checked against the decoded photo). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Room types the photo is staged as (what a user would choose for it). */
  roomTypes: z.array(z.enum(ROOM_TYPES)).min(1),
  /** No furniture stands in the room (fixed kitchen units and built-ins do not count). */
  empty: z.boolean(),
  /** Whether an expert stager would place the room type's main piece (sofa, bed, table, desk). */
  mainPieceExpected: z.boolean(),
  /** Polygons drawn conservatively inside the floor that is truly open, image pixels. */
  openFloor: z.array(polygon),
  hazards: z.array(z.object({ kind: z.enum(HAZARD_KINDS), polygon })),
  note: z.string().optional(),
});
export type PhotoAnnotation = z.infer<typeof photoAnnotationSchema>;

export const annotationSetSchema = z.object({
  /** Folder of the photos, relative to the project root (or absolute). */
  photoDir: z.string().min(1),
  /** Where the photos come from and under which licence (free text, per set). */
  source: z.string().optional(),
  photos: z.array(photoAnnotationSchema).min(1),
});
export type AnnotationSet = z.infer<typeof annotationSetSchema>;

/**
 * Share of a footprint that may lie outside the annotated open floor before it counts as wrong:
 * the polygons are drawn a little inside the floor, so a piece standing against a wall pokes past
 * them by a strip; a piece on a wall, a counter or a bed lies mostly outside.
 */
export const MAX_OUTSIDE = 0.15;
/**
 * Open-floor polygons are drawn a little inside the wall bases (by eye, at a few per cent of the
 * height): a point this close to one, as a share of the photo's height, still counts as on it, so a
 * plant in a corner or a sideboard against a wall is not called off the floor.
 */
export const EDGE_MARGIN = 0.03;
/** Samples per side of the footprint (the share is measured on n x n points). */
const SAMPLES = 12;

/** Distance from a point to a polygon's outline. */
export function distanceToPolygon([x, y]: Pt, poly: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[j]!;
    const [bx, by] = poly[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const t = dx || dy ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy))) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

export interface FootprintVerdict {
  wrong: boolean;
  /** Share of the footprint's visible part outside every open-floor polygon. */
  outside: number;
  /** The first hazard the footprint touches, if any. */
  hazard: HazardKind | null;
  /** False when no part of the footprint is inside the frame (nothing to judge). */
  visible: boolean;
}

/**
 * A footprint (four image points) is wrong when more than MAX_OUTSIDE of its visible part lies
 * outside the open floor (and its margin), or any visible part of it lies on a hazard. The part below or beside the
 * frame is not judged: the photo does not show what is there.
 */
export function judgeFootprint(
  quad: readonly Pt[],
  ann: Pick<PhotoAnnotation, 'width' | 'height' | 'openFloor' | 'hazards'>,
): FootprintVerdict {
  const pts = quadPoints(quad, SAMPLES).filter(
    ([x, y]) => x >= 0 && y >= 0 && x < ann.width && y < ann.height,
  );
  if (!pts.length) return { wrong: false, outside: 0, hazard: null, visible: false };
  const margin = EDGE_MARGIN * ann.height;
  const onFloor = (p: Pt) =>
    ann.openFloor.some((poly) => pointInPolygon(p, poly) || distanceToPolygon(p, poly) <= margin);
  const out = pts.filter((p) => !onFloor(p)).length;
  const hit = ann.hazards.find((h) => pts.some((p) => pointInPolygon(p, h.polygon)));
  const outside = out / pts.length;
  return {
    wrong: outside > MAX_OUTSIDE || hit !== undefined,
    outside,
    hazard: hit?.kind ?? null,
    visible: true,
  };
}

export interface StagingOutcome {
  file: string;
  heldOut: boolean;
  empty: boolean;
  mainPieceExpected: boolean;
  mainPiece: boolean;
  /** Floor footprints judged (visible ones). */
  footprints: number;
  wrongFootprints: number;
}

export interface PlacementFigures {
  stagings: number;
  /** Stagings with at least one wrong footprint (the Done-when figure: at most 2 %). */
  wrongStagings: number;
  footprints: number;
  wrongFootprints: number;
  /** Stagings without the main piece. */
  refusals: number;
  /** Empty rooms where an expert would place the main piece: stagings that placed it / all of them. */
  coverage: { hit: number; of: number };
  /** Main piece placed where the annotation says an expert would not. */
  placedUnexpected: number;
}

export function placementFigures(list: readonly StagingOutcome[]): PlacementFigures {
  const expected = list.filter((s) => s.empty && s.mainPieceExpected);
  return {
    stagings: list.length,
    wrongStagings: list.filter((s) => s.wrongFootprints > 0).length,
    footprints: list.reduce((n, s) => n + s.footprints, 0),
    wrongFootprints: list.reduce((n, s) => n + s.wrongFootprints, 0),
    refusals: list.filter((s) => !s.mainPiece).length,
    coverage: { hit: expected.filter((s) => s.mainPiece).length, of: expected.length },
    placedUnexpected: list.filter((s) => !s.mainPieceExpected && s.mainPiece).length,
  };
}

/** The Done-when targets of issue 27 for the held-out part. */
export const PLACEMENT_TARGETS = { wrongStagingsMax: 0.02, coverageMin: 0.8 } as const;
