// The catalogue's variety: each main piece has several designs per style, drawn from the piece's
// own model seed (its type and variant, so a listing keeps a set and a swap changes one piece).
// Judges of the blind test (decision 0130) picked renders out by the same sofa, table, rug and plant
// recurring across rooms; a design here is the set of choices a maker would have made, kept inside
// the style's character (its legs, softness and palette).
import type { Rng } from '../rng.ts';
import type { Material, Rgb } from '../styles/materials.ts';
import type { Legs, StyleSpec } from '../styles/styles.ts';

export type ArmShape = 'track' | 'rolled' | 'slope' | 'thin';

export interface SofaDesign {
  arm: ArmShape;
  armWidth: number;
  /** Arm top above the seat top. */
  armRise: number;
  backHeight: number;
  legs: Legs;
  legH: number;
  /** Seat cushions across the sofa (1 = one bench cushion). */
  seats: number;
  /** Tight back (upholstered frame) instead of loose back cushions. */
  tightBack: boolean;
  /** Fabric skirt to the floor hides the legs. */
  skirted: boolean;
  pillows: number;
  softness: number;
  upholstery: Material;
}

/** Leg types that keep a style's character, most typical first. */
const LEGS_OF: Record<Legs, Legs[]> = {
  tapered: ['tapered', 'tapered', 'block', 'frame'],
  turned: ['turned', 'turned', 'block'],
  block: ['block', 'block', 'frame', 'tapered'],
  rattan: ['tapered', 'turned', 'block'],
  frame: ['frame', 'hairpin', 'block'],
  hairpin: ['hairpin', 'frame', 'block'],
};

export function legsFor(spec: StyleSpec, rng: Rng): Legs {
  return rng.pick(LEGS_OF[spec.legs]);
}

/** The same material a shade lighter or darker (one dye lot to the next), within the palette. */
export function toned(m: Material, k: number): Material {
  const c: Rgb = [m.color[0] * k, m.color[1] * k, m.color[2] * k];
  const alt = m.alt && ([m.alt[0] * k, m.alt[1] * k, m.alt[2] * k] as Rgb);
  return { ...m, color: c, ...(alt ? { alt } : {}) };
}

export function sofaDesign(spec: StyleSpec, w: number, rng: Rng): SofaDesign {
  const legs = legsFor(spec, rng);
  const soft = spec.softness;
  const arms: ArmShape[] = soft > 0.6 ? ['rolled', 'track', 'slope'] : ['track', 'slope', 'thin', 'track'];
  const arm = rng.pick(arms);
  const armWidth =
    arm === 'thin' ? rng.range(0.07, 0.11) : arm === 'rolled' ? rng.range(0.2, 0.26) : rng.range(0.13, 0.22);
  const seatsByWidth = Math.max(1, Math.round(w / 0.7));
  const seatChoices = w > 1.2 ? [seatsByWidth, seatsByWidth, 2, 1] : [seatsByWidth];
  const skirted = (soft > 0.6 || spec.tufted) && legs !== 'frame' && rng.chance(0.35);
  return {
    arm,
    armWidth,
    armRise: arm === 'slope' ? rng.range(0.08, 0.14) : rng.range(0.14, 0.26),
    backHeight: spec.backHeight + rng.range(-0.1, 0.08),
    legs,
    legH: skirted ? 0.02 : legs === 'block' ? rng.range(0.03, 0.07) : rng.range(0.09, 0.17),
    seats: Math.max(1, rng.pick(seatChoices)),
    tightBack: rng.chance(0.3),
    skirted,
    pillows: rng.pick([0, 2, 2, 3, 4]),
    softness: Math.min(1, Math.max(0, soft + rng.range(-0.15, 0.15))),
    upholstery: toned(spec.upholstery, rng.range(0.82, 1.12)),
  };
}

export type TableShape = 'rect' | 'round' | 'oval' | 'square';
export type TableBase = 'legs' | 'solid' | 'pedestal' | 'shelf' | 'stone';

export interface TableDesign {
  shape: TableShape;
  base: TableBase;
  legs: Legs;
  /** Top thickness, metres. */
  thick: number;
  /** Wood tone multiplier (within the palette). */
  tone: number;
}

export function coffeeTableDesign(spec: StyleSpec, rng: Rng): TableDesign {
  const shapes: TableShape[] = spec.roundTables
    ? ['round', 'oval', 'rect', 'round']
    : ['rect', 'oval', 'round', 'rect', 'square'];
  const bases: TableBase[] =
    spec.legs === 'block' ? ['solid', 'stone', 'shelf'] : ['legs', 'shelf', 'solid', 'pedestal', 'stone'];
  return {
    shape: rng.pick(shapes),
    base: rng.pick(bases),
    legs: legsFor(spec, rng),
    thick: rng.range(0.025, 0.06),
    tone: rng.range(0.8, 1.15),
  };
}

export type RugShape = 'rect' | 'rounded' | 'round';

export interface RugDesign {
  shape: RugShape;
  material: Material;
  /** Pile height, metres (flat weave 6 mm to shag 25 mm). */
  pile: number;
  fringe: boolean;
}

const RUG_PATTERNS = ['border', 'solid', 'stripes', 'grid', 'medallion', 'kilim', 'rings', 'contour'];

export function rugDesign(spec: StyleSpec, rng: Rng): RugDesign {
  const own = spec.rug.pattern ?? 'solid';
  const pattern = rng.chance(0.4) ? own : rng.pick(RUG_PATTERNS);
  const pal = spec.rug.palette ?? [spec.rug.color];
  // The palette rotated: the same colours, another one dominant.
  const shift = rng.int(pal.length);
  const palette = pal.map((_, i) => pal[(i + shift) % pal.length]!);
  const shape: RugShape = rng.pick(['rect', 'rect', 'rounded', 'round']);
  return {
    shape,
    material: {
      ...toned(spec.rug, rng.range(0.85, 1.1)),
      pattern: shape === 'round' && pattern !== 'solid' ? 'rings' : pattern,
      palette,
    },
    pile: rng.range(0.006, 0.022),
    fringe: shape !== 'round' && rng.chance(0.4),
  };
}

export type PlantSpecies = 'broadleaf' | 'upright' | 'palm' | 'bush' | 'tree';

export interface PlantDesign {
  species: PlantSpecies;
  leaf: Material;
  pot: Material;
  potShape: 'taper' | 'cylinder' | 'belly' | 'bowl';
}

const LEAF_TONES: Rgb[][] = [
  [
    [52, 88, 44],
    [88, 124, 62],
  ],
  [
    [38, 70, 40],
    [70, 104, 58],
  ],
  [
    [70, 96, 56],
    [120, 140, 84],
  ],
  [
    [44, 78, 58],
    [96, 120, 96],
  ],
];

export function plantDesign(spec: StyleSpec, rng: Rng): PlantDesign {
  const tone = rng.pick(LEAF_TONES);
  return {
    species: rng.pick(['broadleaf', 'upright', 'palm', 'bush', 'tree'] as const),
    leaf: { ...spec.leaf, color: tone[0]!, alt: tone[1]! },
    pot: toned(spec.pot, rng.range(0.8, 1.2)),
    potShape: rng.pick(['taper', 'cylinder', 'belly', 'bowl'] as const),
  };
}
