// Bedroom designs (decision 0209): the bed, nightstand and table lamp a maker would have chosen,
// drawn from the piece's model seed inside its style's character, as 0164 did for the living room.
// Judges of 0208 picked crops out by one template bed (box headboard, two square pillows on
// bolsters, a flat runner) and the same nightstand and cone lamp in every bedroom.
import type { Rng } from '../rng.ts';
import type { Material } from '../styles/materials.ts';
import type { Legs, StyleSpec } from '../styles/styles.ts';
import { legsFor, toned } from './designs.ts';

export type Headboard = 'panel' | 'channel' | 'tufted' | 'slats' | 'none' | 'framed' | 'wingback';
export type BedBase = 'plinth' | 'legs' | 'skirt';

export interface BedDesign {
  headboard: Headboard;
  /** Headboard height as a share of the item's height (the layout's bed height). */
  headRise: number;
  base: BedBase;
  legs: Legs;
  /** Top of the base (the mattress sits on it), metres. */
  baseTop: number;
  mattress: number;
  /** Sleeping pillows (1 wide or 2) and decorative ones in front (0-2). */
  sleepPillows: 1 | 2;
  frontPillows: number;
  /** Share of the duvet folded back at the head (0: pulled up flat). */
  foldBack: number;
  /** How far the duvet hangs below the mattress top, metres. */
  drop: number;
  throw: 'none' | 'folded' | 'tossed';
  upholstery: Material;
  duvet: Material;
}

const SOFT_HEADS: Headboard[] = ['panel', 'channel', 'tufted', 'wingback', 'framed'];
const HARD_HEADS: Headboard[] = ['slats', 'none', 'framed', 'panel', 'channel'];

export function bedDesign(spec: StyleSpec, rng: Rng): BedDesign {
  const soft = spec.softness > 0.5 || spec.tufted;
  const heads = soft ? SOFT_HEADS : spec.legs === 'block' ? [...HARD_HEADS, 'none' as const] : HARD_HEADS;
  const headboard = rng.pick(heads);
  const legs = legsFor(spec, rng);
  const base: BedBase =
    headboard === 'none'
      ? 'plinth'
      : soft && rng.chance(0.35)
        ? 'skirt'
        : rng.pick(['plinth', 'legs', 'legs']);
  const sleepPillows = rng.chance(0.2) ? 1 : 2;
  return {
    headboard,
    headRise:
      headboard === 'none' ? 0 : headboard === 'wingback' ? rng.range(0.95, 1.05) : rng.range(0.78, 1),
    base,
    legs,
    baseTop: headboard === 'none' ? rng.range(0.16, 0.24) : rng.range(0.26, 0.36),
    mattress: rng.range(0.18, 0.26),
    sleepPillows,
    frontPillows: sleepPillows === 1 ? rng.int(2) + 1 : rng.int(3),
    foldBack: rng.chance(0.3) ? 0 : rng.range(0.12, 0.22),
    drop: rng.range(0.12, 0.24),
    throw: rng.pick(['none', 'none', 'folded', 'tossed'] as const),
    upholstery: toned(spec.upholstery, rng.range(0.82, 1.12)),
    duvet: toned(spec.bedding, rng.range(0.9, 1.04)),
  };
}

export type NightstandShape = 'drawer' | 'open' | 'round';

export interface NightstandDesign {
  shape: NightstandShape;
  drawers: 1 | 2;
  tone: number;
}

export function nightstandDesign(spec: StyleSpec, rng: Rng): NightstandDesign {
  const shapes: NightstandShape[] = spec.roundTables
    ? ['round', 'drawer', 'open']
    : ['drawer', 'open', 'round', 'drawer'];
  return { shape: rng.pick(shapes), drawers: rng.chance(0.5) ? 1 : 2, tone: rng.range(0.82, 1.15) };
}

export type ShadeShape = 'drum' | 'cone' | 'globe';
export type LampBase = 'gourd' | 'column' | 'ball';

export interface LampDesign {
  shade: ShadeShape;
  base: LampBase;
  /** Shade radius (bottom), metres, and height as a share of the lamp. */
  radius: number;
  shadeH: number;
  /** Lamp height, metres. */
  height: number;
  tone: number;
}

export function lampDesign(rng: Rng): LampDesign {
  const shade = rng.pick(['drum', 'cone', 'globe'] as const);
  return {
    shade,
    base: rng.pick(['gourd', 'column', 'ball'] as const),
    radius: shade === 'globe' ? rng.range(0.09, 0.13) : rng.range(0.1, 0.18),
    shadeH: rng.range(0.3, 0.42),
    height: rng.range(0.36, 0.56),
    tone: rng.range(0.8, 1.2),
  };
}
