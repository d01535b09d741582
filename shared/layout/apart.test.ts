import { describe, expect, it } from 'vitest';
import { CATALOGUE_SIZE, LAYOUT_MESSAGES, type PieceType } from '../constants/layout.ts';
import type { Piece } from '../schemas/layout.ts';
import { crowded, mayShareFloor, overlapDepth, pieceInTheWay, TOUCHING } from './apart.ts';
import type { Pt } from './maths.ts';

const piece = (id: string, type: PieceType, x: number, z: number, rotation = 0): Piece => ({
  id,
  type,
  variant: 0,
  x,
  z,
  rotation,
  scale: 1,
  size: CATALOGUE_SIZE[type],
  elevation: type === 'art' ? 1.25 : 0,
  group: -1,
});
const square = (x: number, z: number, half: number): Pt[] => [
  [x - half, z - half],
  [x + half, z - half],
  [x + half, z + half],
  [x - half, z + half],
];

describe('overlap of two bases', () => {
  it('is the depth along the shallowest axis, zero when apart or touching', () => {
    expect(overlapDepth(square(0, 0, 1), square(1.5, 0, 1))).toBeCloseTo(0.5);
    expect(overlapDepth(square(0, 0, 1), square(1.5, 1.8, 1))).toBeCloseTo(0.2);
    expect(overlapDepth(square(0, 0, 1), square(2, 0, 1))).toBe(0);
    expect(overlapDepth(square(0, 0, 1), square(3, 0, 1))).toBe(0);
  });

  it('sees a turned base: a diamond beside a square does not touch it until its corner reaches it', () => {
    const h = Math.SQRT2; // the diamond's corner lies h from its centre
    const diamond = (x: number): Pt[] => [
      [x - h, 0],
      [x, -h],
      [x + h, 0],
      [x, h],
    ];
    expect(overlapDepth(square(0, 0, 1), diamond(1 + h + 0.01))).toBe(0);
    expect(overlapDepth(square(0, 0, 1), diamond(1 + h - 0.1))).toBeCloseTo(0.1);
  });
});

describe('pieces kept apart', () => {
  it('lets a rug lie under furniture and art hang above it, nothing else', () => {
    expect(mayShareFloor('rug', 'sofa')).toBe(true);
    expect(mayShareFloor('bed', 'rug')).toBe(true);
    expect(mayShareFloor('rug', 'rug')).toBe(false);
    expect(mayShareFloor('sofa', 'armchair')).toBe(false);
    expect(mayShareFloor('art', 'sofa')).toBe(true);
    const sofa = piece('s', 'sofa', 0, 2);
    expect(pieceInTheWay(piece('r', 'rug', 0, 2.3), [sofa])).toBeNull();
    expect(pieceInTheWay(piece('a', 'armchair', 0.5, 2.2), [sofa])).toBe(sofa);
    expect(pieceInTheWay(piece('r2', 'rug', 0.3, 2.2), [piece('r', 'rug', 0, 2)])).not.toBeNull();
  });

  it('allows pieces that only touch', () => {
    const sofa = piece('s', 'sofa', 0, 2);
    const w = (CATALOGUE_SIZE.sofa.w + CATALOGUE_SIZE['side-table'].w) / 2;
    expect(pieceInTheWay(piece('t', 'side-table', w - TOUCHING / 2, 2), [sofa])).toBeNull();
    expect(pieceInTheWay(piece('t', 'side-table', w - 3 * TOUCHING, 2), [sofa])).toBe(sofa);
  });

  it('judges only pieces added or moved since the stored version, and says which stands on which', () => {
    // The engine's own layout is taken as it is, even where two of its pieces would overlap.
    const stored = [
      piece('s', 'sofa', 0, 2),
      piece('c', 'coffee-table', 0.2, 2.1),
      piece('p', 'plant', 2, 2),
    ];
    expect(crowded(stored, stored)).toBeNull();
    const moved = stored.map((p) => (p.id === 'p' ? { ...p, x: 0.5 } : p));
    expect(crowded(moved, stored)).toMatchObject({
      piece: { id: 'p' },
      other: { id: 's' },
      message: LAYOUT_MESSAGES.onPiece('Plant', 'Sofa'),
    });
    const added = [...stored, piece('a', 'armchair', 2, 2)];
    expect(crowded(added, stored)?.message).toBe(LAYOUT_MESSAGES.onPiece('Armchair', 'Plant'));
    expect(crowded([...stored, piece('a', 'armchair', 4, 2)], stored)).toBeNull();
  });
});
