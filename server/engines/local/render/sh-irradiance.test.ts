import { describe, expect, it } from 'vitest';
import type { Rgb } from '../styles/materials.ts';
import { evalSh, irradianceSh, shPoly, shToPoly, sphereDirections } from './sh-irradiance.ts';

const dirs = sphereDirections(384);
const at = (sh: Float64Array, x: number, y: number, z: number) => {
  const out: Rgb = [0, 0, 0];
  evalSh(sh, x, y, z, out);
  return out;
};

describe('irradiance as spherical harmonics', () => {
  it('gives a white surface the radiance of a uniform environment for every normal', () => {
    const sh = irradianceSh(dirs, (_x, _y, _z, out) => out.splice(0, 3, 0.5, 0.5, 0.5));
    const normals: [number, number, number][] = [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
      [0.6, -0.8, 0],
    ];
    for (const n of normals) expect(at(sh, ...n)[0]).toBeCloseTo(0.5, 2);
  });

  it('lights the side facing a single bright window most, the opposite side least', () => {
    // Grey room (0.2), a window of about 25 degrees towards +x, a little above the horizon.
    const w = [0.94, 0.34, 0];
    const sh = irradianceSh(dirs, (x, y, z, out) => {
      const win = x * w[0]! + y * w[1]! + z * w[2]! > Math.cos(0.22);
      const v = win ? 5 : 0.2;
      out.splice(0, 3, v, v, v);
    });
    const toward = at(sh, 1, 0, 0)[0];
    const away = at(sh, -1, 0, 0)[0];
    const side = at(sh, 0, 0, 1)[0];
    expect(toward).toBeGreaterThan(1.5 * side);
    expect(side).toBeGreaterThan(away);
    expect(away).toBeGreaterThan(0.1);
    // The brightest of many normals points at the window.
    let best = -Infinity;
    let bestDir = [0, 0, 0];
    for (let i = 0; i < dirs.length / 3; i++) {
      const v = at(sh, dirs[i * 3]!, dirs[i * 3 + 1]!, dirs[i * 3 + 2]!)[0];
      if (v > best) [best, bestDir] = [v, [dirs[i * 3]!, dirs[i * 3 + 1]!, dirs[i * 3 + 2]!]];
    }
    expect(bestDir[0]! * w[0]! + bestDir[1]! * w[1]! + bestDir[2]! * w[2]!).toBeGreaterThan(0.95);
  });

  it('keeps the colour of a coloured wall on the side facing it', () => {
    const sh = irradianceSh(dirs, (x, _y, _z, out) =>
      out.splice(0, 3, ...(x > 0 ? [0.6, 0.4, 0.2] : [0.3, 0.3, 0.3])),
    );
    const [r, , b] = at(sh, 1, 0, 0);
    const [r2, , b2] = at(sh, -1, 0, 0);
    expect(r / b).toBeGreaterThan(2);
    expect(r2 / b2).toBeLessThan(1.3);
  });

  it('evaluates the same as a polynomial', () => {
    const sh = irradianceSh(dirs, (x, y, z, out) => out.splice(0, 3, 1 + x, 1 + y * z, 1 + x * x));
    const p = shToPoly(sh);
    for (let i = 0; i < 20; i++) {
      const n = [dirs[i * 19 * 3]!, dirs[i * 19 * 3 + 1]!, dirs[i * 19 * 3 + 2]!] as const;
      const e = at(sh, ...n);
      const q = new Float64Array(3);
      shPoly(p, 0, ...n, q);
      for (let c = 0; c < 3; c++) expect(q[c]).toBeCloseTo(e[c]!, 4);
    }
  });
});
