// The catalogue's variety (decision 0164): the six variants of a piece in one style are not one
// model, no two cushions of a sofa are the same, rugs have a pile edge, and the rug's shadow line
// falls outside the rug only.
import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import { MODEL_VARIANTS } from '#shared/constants/layout.ts';
import { buildVariant, distinctVariants, type Dims } from '#tests/helpers/model-variants.ts';
import { rugEdge } from '../render/contact-shadows.ts';

const DIMS: Record<'sofa' | 'coffee-table' | 'rug' | 'plant', Dims> = {
  sofa: [2.1, 0.9, 0.8],
  'coffee-table': [1.1, 0.6, 0.42],
  rug: [2.4, 1.7, 0.01],
  plant: [0.5, 0.5, 1.4],
};

describe('catalogue', () => {
  for (const kind of ['sofa', 'coffee-table', 'rug', 'plant'] as const)
    it(`${kind}: the variants of each style are at least four different models`, () => {
      for (const style of STYLES)
        expect(distinctVariants(kind, DIMS[kind], style), style).toBeGreaterThanOrEqual(4);
    });

  it('a rug has a pile: its top is above the floor and its edge comes down to it', () => {
    for (let v = 0; v < MODEL_VARIANTS; v++) {
      const mesh = buildVariant('rug', DIMS.rug, 'modern', v);
      const ys = mesh.flatMap((p) => p.pos.filter((_, i) => i % 3 === 1));
      expect(Math.max(...ys)).toBeGreaterThanOrEqual(0.006);
      expect(Math.min(...ys)).toBeLessThan(0.002);
    }
  });

  it('the rug line darkens the floor just outside the rug, not the rug or the floor far off', () => {
    const w = 200;
    const h = 100;
    const cover = new Float32Array(w * h);
    for (let y = 30; y < 70; y++) for (let x = 50; x < 150; x++) cover[y * w + x] = 1;
    const out = new Float32Array(w * h).fill(1);
    rugEdge(out, cover, w, h);
    expect(out[50 * w + 49]).toBeLessThan(0.85);
    expect(out[50 * w + 100]).toBe(1);
    expect(out[50 * w + 60]).toBe(1);
    expect(out[50 * w + 10]).toBe(1);
  });
});
