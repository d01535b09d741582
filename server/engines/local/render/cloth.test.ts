import { describe, expect, it } from 'vitest';
import type { Cloth } from '../models/cloth.ts';
import { part, type Mesh } from '../models/mesh.ts';
import { cushion } from '../models/sofa.ts';
import { createRng } from '../rng.ts';
import { CLOTH_STRIDE, clothShade, groove, packCloth } from './cloth.ts';

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

  it('a groove seen through a wide pixel is wider and shallower, with the same area (0275)', () => {
    const area = (f2: number) => {
      let a = 0;
      for (let t = -8; t <= 8; t += 0.01) a += groove(t, 0.06, f2) * 0.01;
      return a;
    };
    expect(groove(0.3, 0.06, 0)).toBeCloseTo(Math.exp(-0.09 / 0.12), 9);
    expect(groove(0, 0.06, 0.2)).toBeLessThan(0.5);
    expect(area(0.2)).toBeCloseTo(area(0), 3);
  });

  it('a seam finer than the pixel fades to its mean instead of aliasing (0275)', () => {
    const t = table({ ...base, seam: 'seam', wrinkle: 0 });
    // Light across the seam band, one sample per pixel whose footprint spans `spread` metres.
    const darkest = (spread: number) => {
      let m = 1;
      for (let deg = 35; deg <= 55; deg += 0.25) {
        const r = (deg * Math.PI) / 180;
        const [c, s] = [Math.cos(r), Math.sin(r)];
        clothShade(t, 0, 0, 0.48, 0.3, 0, c, s, 0, c, s, 1, out, spread);
        m = Math.min(m, out[3]!);
      }
      return m;
    };
    // Close up (a millimetre a pixel) the groove keeps its depth; at 7 mm a pixel it is shallow.
    expect(darkest(0)).toBeCloseTo(0.65, 2);
    expect(darkest(0.001)).toBeLessThan(0.7);
    expect(darkest(0.007)).toBeGreaterThan(0.8);
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
