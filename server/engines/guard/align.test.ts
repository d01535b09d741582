import { describe, expect, it } from 'vitest';
import { squeezes } from './align.ts';
import { toAffine } from './align-refine.ts';

describe('squeezes', () => {
  it('tries only "none" when the model kept the aspect ratio (within re-render noise)', () => {
    expect(squeezes(1)).toEqual([[1, 1]]);
    expect(squeezes(1.005)).toEqual([[1, 1]]);
  });

  it('adds the crop and the pad of the aspect change, area-preserving', () => {
    const s = squeezes(1.2);
    expect(s).toHaveLength(3);
    for (const [kx, ky] of s) expect(kx * ky).toBeCloseTo(1, 12);
    expect(s[1]![0] / s[1]![1]).toBeCloseTo(1.2, 12);
    expect(s[2]![0] / s[2]![1]).toBeCloseTo(1 / 1.2, 12);
  });
});

describe('toAffine', () => {
  it('composes the camera (zoom and turn) after the squeeze', () => {
    const t = toAffine({ a: 1.1, b: 0, tx: 3, ty: -2 }, [1.2, 1 / 1.2]);
    expect([t.a00, t.a01, t.a10, t.a11, t.tx, t.ty]).toEqual([1.1 * 1.2, -0, 0, 1.1 / 1.2, 3, -2]);
    const turn = toAffine({ a: Math.cos(0.1), b: Math.sin(0.1), tx: 0, ty: 0 }, [1, 1]);
    expect(turn.a10).toBeCloseTo(Math.sin(0.1), 12);
    expect(turn.a01).toBeCloseTo(-Math.sin(0.1), 12);
  });
});
