import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/lib/paths.ts';
import { FRESH_HELD_OUT, heldOutByName } from './labels.ts';
import {
  annotationSetSchema,
  distanceToPolygon,
  judgeFootprint,
  placementFigures,
  type PhotoAnnotation,
  type Pt,
  type StagingOutcome,
} from './placement.ts';
import { pointInPolygon } from '../layout/geometry.ts';

const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const ann: Pick<PhotoAnnotation, 'width' | 'height' | 'openFloor' | 'hazards'> = {
  width: 1000,
  height: 1000,
  openFloor: [rect(100, 600, 900, 1000)],
  hazards: [{ kind: 'fireplace', polygon: rect(400, 500, 600, 700) }],
};

describe('polygon helpers', () => {
  it('tells inside from outside and measures the distance to the outline', () => {
    expect(pointInPolygon([150, 700], rect(100, 600, 900, 1000))).toBe(true);
    expect(pointInPolygon([50, 700], rect(100, 600, 900, 1000))).toBe(false);
    expect(distanceToPolygon([50, 700], rect(100, 600, 900, 1000))).toBeCloseTo(50, 5);
  });
});

describe('judgeFootprint', () => {
  it('passes a footprint on open floor clear of hazards', () => {
    expect(judgeFootprint(rect(150, 750, 350, 900), ann)).toMatchObject({
      wrong: false,
      outside: 0,
      hazard: null,
    });
  });
  it('fails a footprint mostly off the open floor (a plant on the wall)', () => {
    const v = judgeFootprint(rect(150, 400, 250, 560), ann);
    expect(v.wrong).toBe(true);
    expect(v.outside).toBeGreaterThan(0.9);
  });
  it('forgives the strip along the conservatively drawn edge but not a hazard', () => {
    expect(judgeFootprint(rect(150, 585, 350, 700), ann).wrong).toBe(false);
    expect(judgeFootprint(rect(550, 650, 750, 800), ann)).toMatchObject({ wrong: true, hazard: 'fireplace' });
  });
  it('does not judge the part outside the frame', () => {
    expect(judgeFootprint(rect(150, 900, 350, 1300), ann).wrong).toBe(false);
    expect(judgeFootprint(rect(150, 1100, 350, 1300), ann).visible).toBe(false);
  });
});

describe('placementFigures', () => {
  it('counts stagings with a wrong footprint, refusals and coverage on empty rooms', () => {
    const s = (o: Partial<StagingOutcome>): StagingOutcome => ({
      file: 'a.jpg',
      heldOut: false,
      empty: true,
      mainPieceExpected: true,
      mainPiece: true,
      footprints: 4,
      wrongFootprints: 0,
      ...o,
    });
    const f = placementFigures([
      s({}),
      s({ wrongFootprints: 2 }),
      s({ mainPiece: false, footprints: 1 }),
      s({ empty: false, mainPieceExpected: false }),
    ]);
    expect(f).toMatchObject({
      stagings: 4,
      wrongStagings: 1,
      footprints: 13,
      wrongFootprints: 2,
      refusals: 1,
    });
    expect(f.coverage).toEqual({ hit: 2, of: 3 });
    expect(f.placedUnexpected).toBe(1);
  });
});

describe('annotationSetSchema', () => {
  it('refuses an unknown hazard kind and a polygon of two points', () => {
    const photo = {
      file: 'a.jpg',
      width: 10,
      height: 10,
      roomTypes: ['bedroom'],
      empty: true,
      mainPieceExpected: true,
    };
    const ok = { photoDir: 'x', photos: [{ ...photo, openFloor: [rect(0, 5, 10, 10)], hazards: [] }] };
    expect(annotationSetSchema.safeParse(ok).success).toBe(true);
    const badKind = {
      photoDir: 'x',
      photos: [{ ...photo, openFloor: [], hazards: [{ kind: 'sofa', polygon: rect(0, 0, 1, 1) }] }],
    };
    expect(annotationSetSchema.safeParse(badKind).success).toBe(false);
    const twoPoints = {
      photoDir: 'x',
      photos: [
        {
          ...photo,
          openFloor: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
          hazards: [],
        },
      ],
    };
    expect(annotationSetSchema.safeParse(twoPoints).success).toBe(false);
  });
});

describe('the fresh held-out photos (decision 0200)', () => {
  const dir = path.resolve(projectRoot(), 'tests/placement/annotations');
  const annotated = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => annotationSetSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))).photos)
    .map((p) => p.file);

  it('are all annotated, and held out whatever their name hashes to', () => {
    expect(FRESH_HELD_OUT.filter((f) => !annotated.includes(f))).toEqual([]);
    expect(FRESH_HELD_OUT.every(heldOutByName)).toBe(true);
    // The hash still holds out only some of the rest, so the tune split is not emptied.
    const rest = annotated.filter((f) => !FRESH_HELD_OUT.includes(f));
    expect(rest.filter(heldOutByName).length).toBeLessThan(rest.length / 2);
  });
});
