import { describe, expect, it } from 'vitest';
import type { PlacedItem } from './fit.ts';
import { hiddenBehind } from './hidden-behind.ts';
import { cam } from '#tests/helpers/level-camera.ts';

const piece = (
  kind: PlacedItem['kind'],
  a: number,
  b: number,
  w: number,
  d: number,
  h: number,
  optional = false,
): PlacedItem => ({
  kind,
  group: 0,
  a,
  b,
  facing: 0,
  w,
  d,
  h,
  elevation: 0,
  onWall: false,
  covering: kind === 'rug',
  optional,
});

// A bed 1.6 x 2.05 m, its foot 3.3 m from the camera, headboard 1.1 m tall (empty-bedroom-02's case).
const bed = piece('bed', -1, 4.35, 1.6, 2.05, 1.1);

describe('hiddenBehind', () => {
  it('refuses a plant standing behind the headboard, metres clear of the bed on the floor', () => {
    // 0.65 m behind the headboard, in line with the bed: the headboard hides its pot.
    expect(hiddenBehind(cam, piece('plant', -1.5, 6.25, 0.46, 0.46, 1.3, true), [bed])).toBe(true);
  });

  it('keeps the plant beside the bed, where its pot is seen', () => {
    expect(hiddenBehind(cam, piece('plant', 0.9, 5, 0.46, 0.46, 1.3, true), [bed])).toBe(false);
  });

  it('keeps a piece in front of the bed (nearer the camera)', () => {
    expect(hiddenBehind(cam, piece('bench', -1, 3, 1.2, 0.4, 0.45, true), [bed])).toBe(false);
  });

  it('judges only optional pieces, and only behind bigger ones', () => {
    expect(hiddenBehind(cam, piece('plant', -1.5, 6.25, 0.46, 0.46, 1.3, false), [bed])).toBe(false);
    const stool = piece('side-table', -1, 3.2, 0.3, 0.3, 0.5);
    expect(hiddenBehind(cam, piece('plant', -1, 4, 0.46, 0.46, 1.3, true), [stool])).toBe(false);
    // A rug lies flat and hides nothing.
    const rug = piece('rug', -1, 4.5, 2.4, 1.8, 0.01);
    expect(hiddenBehind(cam, piece('plant', -1, 5, 0.46, 0.46, 1.3, true), [rug])).toBe(false);
  });
});

describe('hiddenBehind, seen obliquely', () => {
  it('keeps a side table beside a sofa off to one side of the photo, and drops one behind its arm', () => {
    // A sofa along the left wall facing the room (rotated a quarter turn), seen side-on.
    const sofa = { ...piece('sofa', -2, 5, 2.1, 0.9, 0.8), facing: Math.PI / 2 };
    const beside = { ...piece('side-table', -2, 3.6, 0.45, 0.45, 0.55, true), facing: Math.PI / 2 };
    const behind = { ...piece('side-table', -2, 6.4, 0.45, 0.45, 0.55, true), facing: Math.PI / 2 };
    expect(hiddenBehind(cam, beside, [sofa])).toBe(false);
    expect(hiddenBehind(cam, behind, [sofa])).toBe(true);
  });

  it('keeps a chair behind a table: floor is seen under a table', () => {
    const table = piece('dining-table', 0, 4, 1.9, 0.95, 0.76);
    expect(hiddenBehind(cam, piece('chair', 0, 4.8, 0.48, 0.52, 0.85, true), [table])).toBe(false);
  });
});
