// The catalogue's variety (decision 0164): the six variants of a piece in one style are not one
// model, no two cushions of a sofa are the same, rugs have a pile edge, and the rug's shadow line
// falls outside the rug only.
import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import { MODEL_VARIANTS } from '#shared/constants/layout.ts';
import { buildVariant, distinctVariants, type Dims } from '#tests/helpers/model-variants.ts';
import { modelSeed, piecesOf } from '../arrange/room-model.ts';
import type { PlacedItem } from '../layout/fit.ts';
import { rugEdge } from '../render/contact-shadows.ts';
import { bedDesign } from './bedroom-designs.ts';
import { createRng } from '../rng.ts';
import { STYLE_SPECS } from '../styles/styles.ts';

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

  it('variant k of a piece is drawn apart in each style: soft styles do not share their beds', () => {
    // Before 0255 the seed was the type and variant alone: every soft style drew the same headboard
    // for variant k. Across the soft styles, most variants now differ in headboard or pillows.
    const soft = STYLES.filter((s) => STYLE_SPECS[s].softness > 0.5 || STYLE_SPECS[s].tufted);
    let apart = 0;
    for (let v = 0; v < MODEL_VARIANTS; v++) {
      const kinds = new Set(
        soft.map((s) => {
          const d = bedDesign(
            STYLE_SPECS[s],
            createRng(modelSeed({ type: 'bed', variant: v }, STYLE_SPECS[s])),
          );
          return `${d.headboard}:${d.sleepPillows}:${d.frontPillows}:${d.throw}`;
        }),
      );
      if (kinds.size > 1) apart++;
    }
    expect(soft.length).toBeGreaterThan(1);
    expect(apart).toBeGreaterThanOrEqual(MODEL_VARIANTS - 1);
  });

  it('models are chosen per photo, matched pairs alike, and one set per listing when asked', () => {
    const item = (kind: PlacedItem['kind']): PlacedItem => ({
      kind,
      group: 0,
      a: 0,
      b: 0,
      facing: 0,
      w: 0.5,
      d: 0.5,
      h: 0.5,
      elevation: 0,
      onWall: false,
      covering: false,
    });
    const room = [item('bed'), item('nightstand'), item('nightstand'), item('plant'), item('armchair')];
    const variants = (seed: number, set?: number) => piecesOf(room, seed, set).map((p) => p.variant);
    // A pair of nightstands is one model, in every photo.
    for (let seed = 0; seed < 20; seed++) expect(variants(seed)[1]).toBe(variants(seed)[2]);
    // Per photo: over twenty photos the bed takes several of its variants.
    expect(new Set(Array.from({ length: 20 }, (_, seed) => variants(seed)[0])).size).toBeGreaterThanOrEqual(
      4,
    );
    // One listing's set: every photo (any seed) shows the same bed, nightstands and armchair.
    const listing = Array.from({ length: 8 }, (_, seed) => variants(1000 + seed, 42));
    for (const v of listing) expect(v).toEqual(listing[0]);
  });

  it('a style seeds by its name; a room stored before 0255 keeps the seeds it was staged with', () => {
    const bed = { type: 'bed', variant: 3 } as const;
    const modern = modelSeed(bed, STYLE_SPECS.modern);
    expect(modelSeed(bed, { ...STYLE_SPECS.modern })).toBe(modern);
    expect(modelSeed(bed, STYLE_SPECS.scandinavian)).not.toBe(modern);
    // A tuned copy of a style is another style, not the named one.
    expect(modelSeed(bed, { ...STYLE_SPECS.modern, softness: 0.123 })).not.toBe(modern);
    // Without the style: the same seed in every style, as every room stored before 0255 was drawn.
    const old = STYLES.map((s) => modelSeed(bed, STYLE_SPECS[s], false));
    expect(new Set(old).size).toBe(1);
    expect(old[0]).not.toBe(modern);
  });
});
