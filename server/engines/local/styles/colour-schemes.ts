// Each style's colour schemes (decision 0260): the accent (pillows, throw, books, a seat cushion),
// the second cushion colour, and in some schemes the upholstery and the rug, as a stager of that style
// would pick them. Before, every staging in a style showed one set of colours (the same burnt-orange
// pillows and throw in every bohemian and modern room), a cue judges named. A staging draws one scheme
// from its seed, or from the listing's furniture set, and the room stores which (`RoomModel.colours`),
// so a re-render shows the colours it was staged with.
//
// Scheme 0 is the style's own colours in styles.ts (rooms stored before 0260 have no index and keep
// them); these lists are schemes 1, 2, ... in order. Append only: a stored room names its scheme by
// position.
import type { Style } from '#shared/constants/staging.ts';
import { hashString } from '../rng.ts';
import type { Material, Rgb } from './materials.ts';
import type { StyleSpec } from './styles.ts';

export interface ColourScheme {
  accent: Rgb;
  cushion: Rgb;
  /** The sofa's, armchair's and headboard's cover, in the style's own texture (leather stays leather). */
  upholstery?: Rgb;
  /** The rug's colours, the first dominant; the pattern stays the style's. */
  rug?: Rgb[];
}

export const COLOUR_SCHEMES: Record<Style, readonly ColourScheme[]> = {
  // Own: grey boucle, burnt orange and cream, grey rug with a charcoal border.
  modern: [
    { accent: [38, 88, 96], cushion: [208, 204, 196] }, // deep teal
    {
      accent: [196, 152, 58], // mustard on a charcoal sofa
      cushion: [222, 216, 204],
      upholstery: [84, 84, 86],
      rug: [
        [206, 202, 194],
        [96, 96, 98],
      ],
    },
    { accent: [62, 62, 66], cushion: [226, 222, 214], upholstery: [176, 168, 156] }, // charcoal on greige
    { accent: [140, 84, 52], cushion: [200, 196, 188], upholstery: [112, 114, 118] }, // cognac on slate
    {
      accent: [48, 60, 88], // ink blue on oatmeal
      cushion: [230, 226, 218],
      upholstery: [196, 188, 174],
      rug: [
        [210, 204, 194],
        [52, 62, 86],
      ],
    },
  ],
  // Own: burgundy, gold and straw, red medallion rug.
  traditional: [
    {
      accent: [176, 140, 80], // navy with gold
      cushion: [226, 216, 192],
      upholstery: [46, 58, 92],
      rug: [
        [44, 54, 88],
        [150, 52, 48],
        [210, 186, 136],
      ],
    },
    { accent: [140, 52, 50], cushion: [226, 214, 186], upholstery: [118, 126, 104] }, // sage with claret
    { accent: [118, 40, 44], cushion: [206, 182, 132], upholstery: [168, 146, 116] }, // camel with burgundy
    {
      accent: [190, 160, 104], // hunter green with gold
      cushion: [230, 218, 190],
      upholstery: [50, 70, 56],
      rug: [
        [60, 76, 62],
        [150, 52, 44],
        [206, 176, 120],
      ],
    },
    { accent: [110, 58, 78], cushion: [218, 206, 180], upholstery: [108, 120, 132] }, // blue-grey with plum
  ],
  // Own: off-white linen, sand and cream, a plain rug.
  minimalist: [
    { accent: [150, 146, 140], cushion: [232, 228, 220] }, // warm grey
    { accent: [190, 162, 140], cushion: [236, 230, 220] }, // pale clay
    { accent: [88, 86, 84], cushion: [238, 234, 226], rug: [[214, 210, 204]] }, // one near-black note
    { accent: [168, 166, 142], cushion: [230, 226, 214] }, // faded olive
    {
      accent: [176, 160, 140],
      cushion: [234, 230, 222],
      upholstery: [206, 200, 190],
      rug: [[200, 196, 190]],
    }, // taupe on stone
  ],
  // Own: oatmeal linen, burnt orange and orange, terracotta kilim.
  bohemian: [
    { accent: [44, 98, 104], cushion: [206, 160, 64] }, // teal and mustard
    { accent: [182, 110, 106], cushion: [138, 132, 74] }, // dusty rose and olive
    {
      accent: [52, 66, 110], // indigo and ochre
      cushion: [200, 150, 80],
      rug: [
        [54, 70, 104],
        [230, 206, 160],
        [168, 70, 44],
        [200, 140, 60],
        [120, 40, 40],
      ],
    },
    { accent: [120, 52, 72], cushion: [214, 168, 84] }, // berry and saffron
    {
      accent: [46, 100, 74], // emerald and blush
      cushion: [212, 162, 142],
      rug: [
        [176, 104, 96],
        [228, 210, 180],
        [92, 104, 100],
        [196, 160, 110],
        [120, 70, 64],
      ],
    },
  ],
  // Own: light grey, sage and blush, a white grid rug.
  scandinavian: [
    { accent: [140, 160, 178], cushion: [232, 226, 214] }, // dusty blue and oat
    { accent: [196, 156, 84], cushion: [226, 222, 214], upholstery: [172, 174, 172] }, // ochre on mid grey
    { accent: [214, 176, 166], cushion: [236, 230, 220], upholstery: [214, 206, 192] }, // blush on oatmeal
    { accent: [84, 92, 98], cushion: [220, 210, 190], upholstery: [204, 200, 192] }, // charcoal and sand
    { accent: [122, 134, 100], cushion: [230, 222, 206] }, // moss
  ],
  // Own: cognac leather, grey and mid grey, grey stripes.
  industrial: [
    { accent: [168, 156, 132], cushion: [120, 116, 108], upholstery: [86, 56, 40] }, // dark brown, canvas
    {
      accent: [92, 98, 68], // black leather, army green
      cushion: [170, 164, 150],
      upholstery: [44, 42, 42],
      rug: [
        [140, 122, 98],
        [74, 70, 64],
      ],
    },
    { accent: [52, 62, 80], cushion: [176, 170, 158] }, // cognac with navy
    {
      accent: [58, 58, 60], // tan leather, charcoal
      cushion: [196, 190, 178],
      upholstery: [160, 116, 76],
      rug: [
        [70, 72, 78],
        [178, 170, 154],
      ],
    },
    { accent: [176, 140, 60], cushion: [96, 96, 94] }, // cognac with mustard
  ],
};

/**
 * The scheme a staging draws (0 = the style's own colours): from the listing's furniture set when
 * one is given, so all its photos match, else from the staging's seed (photo, style, room type,
 * regeneration), the seed that picks the pieces' variants.
 */
export function schemeFor(spec: StyleSpec, seed: number, set?: number): number {
  const key = set !== undefined ? `set:${set}:colours` : `${seed}:colours`;
  return hashString(key) % (spec.schemes.length + 1);
}

/** The spec in scheme `index` (0 or absent: the spec itself). Textures, gloss and patterns stay. */
export function withScheme(spec: StyleSpec, index = 0): StyleSpec {
  const s = index > 0 && spec.schemes.length ? spec.schemes[(index - 1) % spec.schemes.length]! : null;
  if (!s) return spec;
  return {
    ...spec,
    accent: recolour(spec.accent, s.accent),
    cushion: recolour(spec.cushion, s.cushion),
    upholstery: s.upholstery ? recolour(spec.upholstery, s.upholstery) : spec.upholstery,
    rug: s.rug ? { ...spec.rug, color: s.rug[0]!, palette: s.rug.map((c) => [...c] as Rgb) } : spec.rug,
  };
}

/** A material in another colour; its second colour (leather's grain) keeps its ratio to the first. */
function recolour(m: Material, color: Rgb): Material {
  const alt = m.alt?.map((a, i) => Math.round((a * color[i]!) / Math.max(1, m.color[i]!))) as Rgb | undefined;
  return { ...m, color: [...color], ...(alt ? { alt } : {}) };
}
