import { describe, expect, it } from 'vitest';
import { STYLES } from '#shared/constants/staging.ts';
import { schemeFor, withScheme } from './colour-schemes.ts';
import { STYLE_SPECS } from './styles.ts';

const seeds = Array.from({ length: 20 }, (_, i) => (i * 2654435761) >>> 0);
const key = (c: readonly number[]) => c.join(',');

describe('colour schemes (decision 0260)', () => {
  it('varies a style’s accent from staging to staging: at least 3 over 20 seeds', () => {
    for (const style of STYLES) {
      const spec = STYLE_SPECS[style];
      const accents = new Set(seeds.map((s) => key(withScheme(spec, schemeFor(spec, s)).accent.color)));
      expect(accents.size, style).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives the same colours for the same seed, and one scheme for every photo of a furniture set', () => {
    for (const style of STYLES) {
      const spec = STYLE_SPECS[style];
      for (const s of seeds)
        expect(withScheme(spec, schemeFor(spec, s))).toEqual(withScheme(spec, schemeFor(spec, s)));
      for (const set of [0, 1, 7, 123456]) {
        const picked = new Set(seeds.map((s) => schemeFor(spec, s, set)));
        expect(picked.size, `${style} set ${set}`).toBe(1);
      }
      // Sets differ from one another, or a listing could never look unlike the next.
      const bySet = new Set(Array.from({ length: 20 }, (_, set) => schemeFor(spec, 0, set)));
      expect(bySet.size, style).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the style’s own colours as scheme 0 (and for rooms stored without one)', () => {
    for (const style of STYLES) {
      const spec = STYLE_SPECS[style];
      expect(withScheme(spec)).toBe(spec);
      expect(withScheme(spec, 0)).toBe(spec);
    }
  });

  it('changes colours only: form, textures, gloss and patterns stay the style’s', () => {
    for (const style of STYLES) {
      const spec = STYLE_SPECS[style];
      for (let k = 1; k <= spec.schemes.length; k++) {
        const s = withScheme(spec, k);
        // Each scheme is a change: another accent or another sofa.
        const sameAccent = key(s.accent.color) === key(spec.accent.color);
        expect(sameAccent && key(s.upholstery.color) === key(spec.upholstery.color), `${style} ${k}`).toBe(
          false,
        );
        for (const slot of ['accent', 'cushion', 'upholstery', 'rug'] as const) {
          const { color: _a, alt: _b, palette: _c, ...rest } = s[slot];
          const { color: _d, alt: _e, palette: _f, ...own } = spec[slot];
          expect(rest).toEqual(own);
          for (const c of [s[slot].color, ...(s[slot].alt ? [s[slot].alt] : []), ...(s[slot].palette ?? [])])
            for (const v of c) expect(Number.isInteger(v) && v >= 0 && v <= 255).toBe(true);
        }
        const { accent: _g, cushion: _h, upholstery: _i, rug: _j, ...form } = s;
        const { accent: _k, cushion: _l, upholstery: _m, rug: _n, ...ownForm } = spec;
        expect(form).toEqual(ownForm);
        // The style's own spec is not touched.
        expect(STYLE_SPECS[style]).toBe(spec);
      }
    }
  });
});
