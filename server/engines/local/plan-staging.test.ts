import { describe, expect, it } from 'vitest';
import type { PlacedItem } from './layout/fit.ts';
import { templateFor } from './layout/templates.ts';
import { MIN_MAIN_PIECE_IN_FRAME, placementOf, shareInFrame } from './plan-staging.ts';

const piece = (kind: PlacedItem['kind'], extra: Partial<PlacedItem> = {}): PlacedItem => ({
  kind,
  group: 0,
  a: 0,
  b: 3,
  facing: 0,
  w: 1,
  d: 1,
  h: 1,
  elevation: 0,
  onWall: false,
  covering: false,
  ...extra,
});

describe('placementOf', () => {
  it('names the room type main piece and finds it among the standing pieces', () => {
    const p = placementOf(templateFor('bedroom'), [piece('bed'), piece('nightstand')]);
    expect(p).toEqual({
      mainPiece: true,
      mainPieceKind: 'bed',
      pieces: ['bed', 'nightstand'],
      core: { placed: 2, needed: 2 },
    });
  });

  it('a plant alone is not the main piece, and a rug or wall art does not count as standing', () => {
    const p = placementOf(templateFor('living-room'), [
      piece('rug', { covering: true }),
      piece('art', { onWall: true }),
      piece('plant', { group: 2 }),
    ]);
    expect(p.mainPiece).toBe(false);
    expect(p.mainPieceKind).toBe('sofa');
    expect(p.core.placed).toBe(0);
  });

  it('every room type has a main piece', () => {
    for (const room of ['living-room', 'bedroom', 'kitchen', 'dining-room', 'office', 'other'] as const) {
      expect(placementOf(templateFor(room), []).mainPieceKind).not.toBeNull();
    }
  });

  it('a main piece the photo hardly shows (mostly below the frame) is not placed', () => {
    const bed = piece('bed');
    const shown = (share: number) => placementOf(templateFor('bedroom'), [bed], () => share).mainPiece;
    expect(shown(0)).toBe(false);
    expect(shown(MIN_MAIN_PIECE_IN_FRAME - 0.01)).toBe(false);
    expect(shown(MIN_MAIN_PIECE_IN_FRAME)).toBe(true);
  });
});

describe('shareInFrame', () => {
  it('measures how much of an image box the frame shows', () => {
    const frame = { width: 100, height: 100 };
    expect(shareInFrame({ x0: 10, y0: 10, x1: 50, y1: 50 }, frame)).toBe(1);
    expect(shareInFrame({ x0: 0, y0: 80, x1: 100, y1: 120 }, frame)).toBe(0.5);
    expect(shareInFrame({ x0: 0, y0: 120, x1: 100, y1: 180 }, frame)).toBe(0);
    expect(shareInFrame({ x0: 5, y0: 5, x1: 5, y1: 5 }, frame)).toBe(0);
  });
});
