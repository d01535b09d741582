// The catalogue's variety (decision 0164): the six variants of a piece in one style are not one
// model, no two cushions of a sofa are the same, rugs have a pile edge, and the rug's shadow line
// falls outside the rug only.
import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import { MODEL_VARIANTS } from '#shared/constants/layout.ts';
import type { PlacedItem } from '../layout/fit.ts';
import { rugEdge } from '../render/contact-shadows.ts';
import { createRng } from '../rng.ts';
import { STYLE_SPECS } from '../styles/styles.ts';
import { modelSeed } from '../arrange/room-model.ts';
import { buildItem } from './build.ts';
import type { Mesh } from './mesh.ts';

const item = (kind: PlacedItem['kind'], w: number, d: number, h: number): PlacedItem => ({
  kind,
  group: 0,
  a: 0,
  b: 0,
  facing: 0,
  w,
  d,
  h,
  elevation: 0,
  onWall: false,
  covering: kind === 'rug',
});

/** A mesh's shape, rounded to the millimetre: equal signatures mean the same model. */
const signature = (m: Mesh) =>
  m
    .map(
      (p) =>
        `${p.mat.color.join(',')}:${p.pos.length}:${p.pos.reduce((s, v) => s + Math.round(v * 1000), 0)}`,
    )
    .join('|');

describe('catalogue', () => {
  for (const kind of ['sofa', 'coffee-table', 'rug', 'plant'] as const)
    it(`${kind}: the variants of each style are at least four different models`, () => {
      const dims = {
        sofa: [2.1, 0.9, 0.8],
        'coffee-table': [1.1, 0.6, 0.42],
        rug: [2.4, 1.7, 0.01],
        plant: [0.5, 0.5, 1.4],
      }[kind];
      for (const style of STYLES) {
        const models = new Set<string>();
        for (let v = 0; v < MODEL_VARIANTS; v++)
          models.add(
            signature(
              buildItem(
                item(kind, dims[0]!, dims[1]!, dims[2]!),
                STYLE_SPECS[style],
                createRng(modelSeed({ type: kind, variant: v })),
              ),
            ),
          );
        expect(models.size, style).toBeGreaterThanOrEqual(4);
      }
    });

  it('a rug has a pile: its top is above the floor and its edge comes down to it', () => {
    for (let v = 0; v < MODEL_VARIANTS; v++) {
      const mesh = buildItem(
        item('rug', 2.4, 1.7, 0.01),
        STYLE_SPECS.modern,
        createRng(modelSeed({ type: 'rug', variant: v })),
      );
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
