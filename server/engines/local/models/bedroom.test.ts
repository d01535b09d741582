// Bedroom designs (decision 0209): beds and nightstands are several models per style, inside
// realistic sizes, and one piece's variant changes that piece only.
import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import { MODEL_VARIANTS } from '#shared/constants/layout.ts';
import { buildVariant, distinctVariants, signature, type Dims } from '#tests/helpers/model-variants.ts';
import { createRng } from '../rng.ts';
import { STYLE_SPECS } from '../styles/styles.ts';
import { modelSeed } from '../arrange/room-model.ts';
import { bedDesign } from './bedroom-designs.ts';
import type { Mesh } from './mesh.ts';

/** Min and max of one axis (0 x, 1 y, 2 z) over the whole mesh. */
const extent = (m: Mesh, axis: number): [number, number] => {
  const vs = m.flatMap((p) => p.pos.filter((_, i) => i % 3 === axis));
  return [Math.min(...vs), Math.max(...vs)];
};

const DIMS: Record<'bed' | 'nightstand', Dims> = {
  bed: [1.6, 2.1, 1.05],
  nightstand: [0.5, 0.4, 0.55],
};
const build = (kind: 'bed' | 'nightstand', style: (typeof STYLES)[number], v: number) =>
  buildVariant(kind, DIMS[kind], style, v);

describe('bedroom designs', () => {
  for (const kind of ['bed', 'nightstand'] as const)
    it(`${kind}: the variants of each style are at least four different models`, () => {
      for (const style of STYLES)
        expect(distinctVariants(kind, DIMS[kind], style), style).toBeGreaterThanOrEqual(4);
    });

  it('a bed stays inside its footprint and a realistic height, its mattress top at 40-65 cm', () => {
    const [w, d, h] = DIMS.bed;
    for (const style of STYLES)
      for (let v = 0; v < MODEL_VARIANTS; v++) {
        const m = build('bed', style, v);
        const [x0, x1] = extent(m, 0);
        const [y0, y1] = extent(m, 1);
        const [z0, z1] = extent(m, 2);
        expect(Math.max(-x0, x1), `${style} ${v}`).toBeLessThanOrEqual(w / 2 + 0.08);
        expect(z0).toBeGreaterThanOrEqual(-d / 2 - 0.01);
        expect(z1).toBeLessThanOrEqual(d / 2 + 0.08);
        expect(y0).toBeGreaterThanOrEqual(-0.003); // legs.ts sinks a foot ~1.4 mm
        expect(y1).toBeLessThanOrEqual(h + 0.08);
        const ds = bedDesign(
          STYLE_SPECS[style],
          createRng(modelSeed({ type: 'bed', variant: v }, STYLE_SPECS[style])),
        );
        expect(ds.baseTop + ds.mattress).toBeGreaterThanOrEqual(0.34);
        expect(ds.baseTop + ds.mattress).toBeLessThanOrEqual(0.65);
        expect(ds.sleepPillows + ds.frontPillows).toBeGreaterThanOrEqual(2);
        expect(ds.sleepPillows + ds.frontPillows).toBeLessThanOrEqual(4);
      }
  });

  it('beds of one style come with several headboards, bases and throws', () => {
    for (const style of STYLES) {
      const heads = new Set<string>();
      const bases = new Set<string>();
      const throws = new Set<string>();
      for (let v = 0; v < 40; v++) {
        const ds = bedDesign(
          STYLE_SPECS[style],
          createRng(modelSeed({ type: 'bed', variant: v }, STYLE_SPECS[style])),
        );
        heads.add(ds.headboard);
        bases.add(ds.base);
        throws.add(ds.throw);
      }
      expect(heads.size, style).toBeGreaterThanOrEqual(4);
      expect(bases.size, style).toBeGreaterThanOrEqual(2);
      expect(throws.size, style).toBe(3);
    }
  });

  it('a nightstand and its lamp stay within bedside sizes', () => {
    const [w, d, h] = DIMS.nightstand;
    for (const style of STYLES)
      for (let v = 0; v < MODEL_VARIANTS; v++) {
        const m = build('nightstand', style, v);
        const [x0, x1] = extent(m, 0);
        const [y0, y1] = extent(m, 1);
        const [z0, z1] = extent(m, 2);
        expect(Math.max(-x0, x1), `${style} ${v}`).toBeLessThanOrEqual(w / 2 + 0.02);
        expect(Math.max(-z0, z1)).toBeLessThanOrEqual(d / 2 + 0.03);
        expect(y0).toBeGreaterThanOrEqual(-0.003); // legs.ts sinks a foot ~1.4 mm
        // A bedside lamp of 36-56 cm (a globe shade may top it a little).
        expect(y1).toBeGreaterThan(h + 0.3);
        expect(y1).toBeLessThanOrEqual(h + 0.7);
      }
  });

  it('a swap changes one piece: the bed of another variant differs, the nightstand is unchanged', () => {
    const before = [build('bed', 'modern', 0), build('nightstand', 'modern', 0)].map(signature);
    const after = [build('bed', 'modern', 1), build('nightstand', 'modern', 0)].map(signature);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });
});
