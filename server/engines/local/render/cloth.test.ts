import { describe, expect, it } from 'vitest';
import type { Cloth } from '../models/cloth.ts';
import { part, type Mesh } from '../models/mesh.ts';
import { cushion } from '../models/sofa.ts';
import { createRng } from '../rng.ts';
import { CLOTH_STRIDE, clothShade, packCloth } from './cloth.ts';

const base: Cloth = {
  tri0: 0,
  tri1: 1,
  axis: [0, 1, 0],
  centre: [0, 0.4, 0],
  half: [0.3, 0.08, 0.3],
  seam: 'piping',
  wrinkle: 1,
  seed: 1,
};
const out = new Float64Array(4);
const table = (c: Cloth) => {
  const t = new Float32Array(CLOTH_STRIDE);
  packCloth(t, 0, c, 0, 0);
  return t;
};
/** The bent normal's x over a row across the top face. */
const row = (t: Float32Array) =>
  Array.from({ length: 40 }, (_, i) => {
    clothShade(t, 0, -0.2 + i * 0.01, 0.48, 0.05, 0, 1, 0, 0, 1, 0, 1, out);
    return out[0]!;
  });

describe('cloth shading', () => {
  it('bends the normal differently for two cushions (no two alike)', () => {
    const a = row(table(base));
    const b = row(table({ ...base, seed: 2 }));
    expect(Math.max(...a.map(Math.abs))).toBeGreaterThan(0.02);
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeGreaterThan(0.02);
  });

  it('piping darkens the grooves beside the edge, not the flat top', () => {
    const t = table({ ...base, wrinkle: 0 });
    clothShade(t, 0, 0, 0.48, 0, 0, 1, 0, 0, 1, 0, 1, out);
    expect(out[3]).toBeCloseTo(1, 5);
    // Normal 45 degrees off the axis: the cord's middle (lit); a little either side: a groove.
    const at = (deg: number) => {
      const r = (deg * Math.PI) / 180;
      clothShade(t, 0, 0, 0.48, 0.3, 0, Math.cos(r), Math.sin(r), 0, Math.cos(r), Math.sin(r), 1, out);
      return out[3]!;
    };
    expect(at(45)).toBeGreaterThan(0.95);
    expect(Math.min(at(39), at(40), at(41))).toBeLessThan(0.75);
    expect(Math.min(at(49), at(50), at(51))).toBeLessThan(0.75);
    expect(at(20)).toBeCloseTo(1, 5);
  });

  it('a cushion tags its own triangles, with its own seed', () => {
    const mesh: Mesh = [];
    const p = part(mesh, { kind: 'fabric', color: [200, 200, 200], spec: 0, gloss: 1 } as never);
    const rng = createRng(7);
    cushion(p, [0, 0.4, 0], [0.6, 0.15, 0.6], 0.04, rng, 0.02);
    cushion(p, [0.6, 0.4, 0], [0.6, 0.15, 0.6], 0.04, rng, 0.02, 0, 'seam');
    const [a, b] = p.cloth!;
    expect(a!.tri0).toBe(0);
    expect(a!.tri1).toBe(b!.tri0);
    expect(b!.tri1).toBe(p.idx.length / 3);
    expect(a!.seed).not.toBe(b!.seed);
    expect(Math.abs(a!.axis[1])).toBeGreaterThan(0.99);
    expect(b!.seam).toBe('seam');
  });
});
