// The delivery guarantees the plan's geometry decides (coverage, stretch, turn), on exact warps.
import { describe, expect, it } from 'vitest';
import { IDENTITY } from './align.ts';
import { coverZoom } from './decide.ts';
import { anisotropy, deliveredToModel, warpProblems, type WarpGeometry } from './delivery-check.ts';

const geometry = (over: Partial<WarpGeometry>): WarpGeometry => ({
  W: 1024,
  H: 576,
  modelWidth: 1024,
  modelHeight: 576,
  affine: IDENTITY,
  w: 512,
  h: 288,
  zoom: 1,
  squeezed: false,
  turnConfirmed: true,
  ...over,
});

const turn = (deg: number, s = 1) => {
  const r = (deg * Math.PI) / 180;
  return {
    a00: s * Math.cos(r),
    a01: -s * Math.sin(r),
    a10: s * Math.sin(r),
    a11: s * Math.cos(r),
    tx: 0,
    ty: 0,
  };
};

describe('anisotropy', () => {
  it('is 0 for a zoom and a turn, and the axis ratio minus 1 for a stretch', () => {
    expect(anisotropy([1.3, 0, 0, 1.3])).toBeCloseTo(0, 12);
    const t = turn(7, 1.1);
    expect(anisotropy([t.a00, t.a01, t.a10, t.a11])).toBeCloseTo(0, 10);
    expect(anisotropy([1.04, 0, 0, 1])).toBeCloseTo(0.04, 10);
    expect(anisotropy([1, 0, 0, 1.04])).toBeCloseTo(0.04, 10);
  });
});

describe('warpProblems', () => {
  it('passes the plain copy of a same-size, same-aspect model image', () => {
    expect(warpProblems(geometry({}))).toEqual([]);
  });

  it('finds the uncovered wedge of a turn without enough zoom, and passes it with the cover zoom', () => {
    const t = turn(2.6);
    expect(warpProblems(geometry({ affine: t }))).toContain('uncovered');
    const zoom = coverZoom(t, 512, 288) * (1 + 3 / 576);
    expect(warpProblems(geometry({ affine: t, zoom }))).toEqual([]);
  });

  it('finds the stretch of a model image of another aspect drawn with no squeeze of its own', () => {
    // 1392 x 752 for a 1024 x 576 photo: filling the frame stretches the model's pixels by 4 %.
    const g = geometry({ modelWidth: 1392, modelHeight: 752 });
    expect(anisotropy(deliveredToModel(g))).toBeCloseTo(1392 / 752 / (1024 / 576) - 1, 6);
    expect(warpProblems(g)).toContain('stretch');
    // With the square-pixel squeeze the model's pixels stay square.
    const k = 1392 / 752 / (1024 / 576);
    const square = { ...IDENTITY, a00: 1 / Math.sqrt(k), a11: Math.sqrt(k) };
    expect(
      warpProblems(geometry({ modelWidth: 1392, modelHeight: 752, affine: square, zoom: 1.05 })),
    ).toEqual([]);
  });

  it('finds a 3 % stretch and passes 0.5 %', () => {
    // A model image 3 % wider than the photo's aspect, drawn into the frame as it is.
    expect(warpProblems(geometry({ modelWidth: Math.round(1024 * 1.03) }))).toEqual(['stretch']);
    expect(warpProblems(geometry({ modelWidth: Math.round(1024 * 1.005) }))).toEqual([]);
  });

  it('accepts undoing a squeeze the alignment measured, not a stretch beyond it', () => {
    const g = geometry({ modelWidth: 1024, modelHeight: 640, squeezed: true });
    expect(warpProblems(g)).toEqual([]);
    const more = { ...IDENTITY, a00: 1.02, a11: 1 / 1.02 };
    expect(warpProblems({ ...g, affine: more, zoom: 1.05 })).toContain('stretch');
  });

  it('refuses a turn the edges did not confirm', () => {
    expect(warpProblems(geometry({ turnConfirmed: false }))).toEqual(['rotation']);
  });
});
