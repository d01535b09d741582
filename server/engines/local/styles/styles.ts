// A style is form plus materials. Forms are parameters the parametric models read (leg type, arm
// shape, proportions); materials are named slots the models use.
import type { Style } from '#shared/constants/staging.ts';
import { COLOUR_SCHEMES, type ColourScheme } from './colour-schemes.ts';
import type { Material, Rgb } from './materials.ts';

export type Legs = 'tapered' | 'hairpin' | 'turned' | 'block' | 'frame' | 'rattan';

export interface StyleSpec {
  legs: Legs;
  /** Sofa and armchair proportions. */
  seatHeight: number;
  backHeight: number;
  armWidth: number;
  /** 0 = crisp box cushions, 1 = very soft and rounded. */
  softness: number;
  tufted: boolean;
  roundTables: boolean;
  /** Few pieces (drops optional items). */
  minimal: boolean;
  extraPlants: number;
  frame: Material;
  wood: Material;
  upholstery: Material;
  accent: Material;
  cushion: Material;
  metal: Material;
  rug: Material;
  bedding: Material;
  pot: Material;
  shade: Material;
  art: Material;
  leaf: Material;
  /** Other colours for the accent, cushions and sometimes upholstery and rug (colour-schemes.ts). */
  schemes: readonly ColourScheme[];
}

const M = (
  color: Rgb,
  texture: Material['texture'],
  spec = 0.05,
  gloss = 8,
  extra: Partial<Material> = {},
): Material => ({
  color,
  texture,
  spec,
  gloss,
  ...extra,
});

const leaf = M([62, 98, 52], 'leaf', 0.12, 20, { alt: [96, 132, 70] });
const shade = (c: Rgb): Material => M(c, 'linen', 0, 1, { emissive: 0.35 });

export const STYLE_SPECS: Record<Style, StyleSpec> = {
  modern: {
    schemes: COLOUR_SCHEMES.modern,
    legs: 'tapered',
    seatHeight: 0.42,
    backHeight: 0.78,
    armWidth: 0.16,
    softness: 0.35,
    tufted: false,
    roundTables: false,
    minimal: false,
    extraPlants: 0,
    frame: M([92, 60, 38], 'wood', 0.15, 30, { alt: [58, 36, 22] }),
    wood: M([110, 72, 45], 'wood', 0.18, 30, { alt: [70, 44, 27] }),
    upholstery: M([150, 148, 144], 'boucle', 0.02, 4),
    accent: M([188, 112, 70], 'fabric', 0.03, 6),
    cushion: M([215, 210, 200], 'boucle', 0.02, 4),
    metal: M([30, 30, 32], 'metal', 0.5, 60),
    rug: M([200, 196, 188], 'rug', 0, 1, {
      pattern: 'border',
      palette: [
        [196, 192, 184],
        [70, 70, 72],
      ],
    }),
    bedding: M([235, 233, 228], 'linen', 0.02, 4),
    pot: M([40, 40, 42], 'ceramic', 0.3, 40),
    shade: shade([240, 234, 222]),
    art: M([240, 238, 232], 'art', 0.05, 20, {
      pattern: 'arcs',
      palette: [
        [214, 160, 110],
        [60, 72, 90],
        [232, 220, 200],
        [160, 90, 60],
      ],
    }),
    leaf,
  },
  traditional: {
    schemes: COLOUR_SCHEMES.traditional,
    legs: 'turned',
    seatHeight: 0.46,
    backHeight: 0.92,
    armWidth: 0.22,
    softness: 0.7,
    tufted: true,
    roundTables: true,
    minimal: false,
    extraPlants: 0,
    frame: M([70, 40, 22], 'wood', 0.3, 40, { alt: [40, 20, 10] }),
    wood: M([82, 46, 24], 'wood', 0.3, 40, { alt: [46, 24, 12] }),
    upholstery: M([120, 40, 42], 'fabric', 0.06, 10),
    accent: M([176, 140, 80], 'fabric', 0.06, 10),
    cushion: M([200, 170, 110], 'fabric', 0.05, 8),
    metal: M([170, 130, 60], 'metal', 0.6, 50),
    rug: M([140, 50, 45], 'rug', 0, 1, {
      pattern: 'medallion',
      palette: [
        [128, 40, 38],
        [40, 48, 80],
        [206, 176, 120],
      ],
    }),
    bedding: M([236, 226, 206], 'linen', 0.03, 6),
    pot: M([190, 180, 160], 'ceramic', 0.4, 60),
    shade: shade([236, 220, 190]),
    art: M([210, 190, 150], 'art', 0.1, 30, {
      pattern: 'horizon',
      alt: [176, 140, 70],
      palette: [
        [150, 170, 180],
        [120, 130, 90],
        [80, 90, 60],
      ],
    }),
    leaf,
  },
  minimalist: {
    schemes: COLOUR_SCHEMES.minimalist,
    legs: 'block',
    seatHeight: 0.36,
    backHeight: 0.66,
    armWidth: 0.12,
    softness: 0.2,
    tufted: false,
    roundTables: true,
    minimal: true,
    extraPlants: 0,
    frame: M([214, 200, 178], 'wood', 0.08, 20, { alt: [196, 178, 150] }),
    wood: M([220, 206, 184], 'wood', 0.08, 20, { alt: [200, 184, 158] }),
    upholstery: M([226, 220, 208], 'linen', 0.02, 4),
    accent: M([200, 190, 172], 'linen', 0.02, 4),
    cushion: M([236, 232, 222], 'linen', 0.02, 4),
    metal: M([228, 226, 222], 'metal', 0.2, 30),
    rug: M([226, 220, 206], 'rug', 0, 1, { pattern: 'solid', palette: [[222, 216, 202]] }),
    bedding: M([240, 238, 232], 'linen', 0.02, 4),
    pot: M([236, 232, 224], 'ceramic', 0.2, 30),
    shade: shade([244, 240, 232]),
    art: M([244, 242, 236], 'art', 0.03, 10, {
      pattern: 'lines',
      palette: [
        [236, 232, 224],
        [60, 58, 56],
      ],
    }),
    leaf,
  },
  bohemian: {
    schemes: COLOUR_SCHEMES.bohemian,
    legs: 'rattan',
    seatHeight: 0.4,
    backHeight: 0.8,
    armWidth: 0.18,
    softness: 0.85,
    tufted: false,
    roundTables: true,
    minimal: false,
    extraPlants: 2,
    frame: M([176, 132, 80], 'rattan', 0.05, 8, { alt: [140, 98, 56] }),
    wood: M([150, 100, 60], 'wood', 0.1, 20, { alt: [112, 72, 40], scan: 'wood-worn' }),
    upholstery: M([214, 196, 166], 'linen', 0.02, 4),
    accent: M([176, 84, 52], 'fabric', 0.03, 6),
    cushion: M([204, 120, 60], 'fabric', 0.03, 6),
    metal: M([150, 110, 60], 'metal', 0.4, 30),
    rug: M([170, 80, 50], 'rug', 0, 1, {
      pattern: 'kilim',
      palette: [
        [168, 70, 44],
        [230, 206, 160],
        [44, 70, 90],
        [200, 140, 60],
        [120, 40, 40],
      ],
    }),
    bedding: M([232, 220, 196], 'linen', 0.02, 4),
    pot: M([178, 96, 62], 'ceramic', 0.08, 10),
    shade: shade([226, 196, 150]),
    art: M([230, 214, 186], 'art', 0.05, 10, {
      pattern: 'arcs',
      palette: [
        [196, 100, 60],
        [226, 170, 100],
        [120, 60, 50],
        [238, 220, 190],
      ],
    }),
    leaf: M([58, 104, 54], 'leaf', 0.12, 20, { alt: [110, 146, 70] }),
  },
  scandinavian: {
    schemes: COLOUR_SCHEMES.scandinavian,
    legs: 'tapered',
    seatHeight: 0.42,
    backHeight: 0.76,
    armWidth: 0.12,
    softness: 0.45,
    tufted: false,
    roundTables: true,
    minimal: false,
    extraPlants: 1,
    frame: M([212, 180, 136], 'wood', 0.1, 20, { alt: [184, 146, 100] }),
    wood: M([216, 186, 142], 'wood', 0.1, 20, { alt: [188, 150, 104] }),
    upholstery: M([196, 200, 200], 'fabric', 0.02, 4),
    accent: M([170, 190, 180], 'fabric', 0.02, 4),
    cushion: M([236, 214, 206], 'fabric', 0.02, 4),
    metal: M([240, 240, 238], 'metal', 0.3, 30),
    rug: M([236, 232, 224], 'rug', 0, 1, {
      pattern: 'grid',
      palette: [
        [234, 230, 222],
        [150, 150, 150],
      ],
    }),
    bedding: M([244, 242, 238], 'linen', 0.02, 4),
    pot: M([242, 240, 236], 'ceramic', 0.3, 40),
    shade: shade([246, 244, 240]),
    art: M([244, 242, 238], 'art', 0.03, 10, {
      pattern: 'blocks',
      palette: [
        [232, 200, 186],
        [150, 176, 170],
        [236, 226, 206],
      ],
    }),
    leaf,
  },
  industrial: {
    schemes: COLOUR_SCHEMES.industrial,
    legs: 'frame',
    seatHeight: 0.43,
    backHeight: 0.8,
    armWidth: 0.2,
    softness: 0.4,
    tufted: true,
    roundTables: false,
    minimal: false,
    extraPlants: 0,
    frame: M([38, 38, 40], 'metal', 0.4, 40),
    wood: M([120, 84, 56], 'wood', 0.1, 15, { alt: [74, 50, 32], scan: 'wood-worn' }),
    upholstery: M([138, 72, 36], 'leather', 0.35, 30, { alt: [104, 52, 26] }),
    accent: M([90, 92, 90], 'fabric', 0.03, 6),
    cushion: M([110, 110, 106], 'fabric', 0.03, 6),
    metal: M([34, 34, 36], 'metal', 0.45, 40),
    rug: M([110, 108, 104], 'rug', 0, 1, {
      pattern: 'stripes',
      palette: [
        [104, 102, 98],
        [160, 150, 130],
      ],
    }),
    bedding: M([190, 188, 182], 'linen', 0.02, 4),
    pot: M([80, 82, 84], 'ceramic', 0.2, 20),
    shade: M([255, 190, 110], 'bulb', 0, 1, { emissive: 1 }),
    art: M([30, 30, 30], 'art', 0.05, 10, {
      pattern: 'lines',
      alt: [30, 30, 30],
      palette: [
        [224, 218, 204],
        [40, 40, 40],
      ],
    }),
    leaf,
  },
};
