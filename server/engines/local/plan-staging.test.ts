import { describe, expect, it } from 'vitest';
import type { PlacedItem } from './layout/fit.ts';
import { templateFor } from './layout/templates.ts';
import { placementOf } from './plan-staging.ts';

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
});
