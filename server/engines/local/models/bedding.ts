// Bedding that lies and hangs like cloth (0262): judges of 0255 named "bedding without wrinkles",
// a duvet whose top edge is a straight line and mattresses, headboards and skirts that are
// straight rounded boxes. These warps bend the boxes bed.ts builds; normals follow (deform.ts warp).
import type { Vec3 } from '../geometry/vec.ts';
import { createRng, type Rng } from '../rng.ts';
import { puff, warp, type Puff } from './deform.ts';
import type { Part } from './mesh.ts';

/** A smooth 0..1 ramp from a to b. */
const ramp = (x: number, a: number, b: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Padding of upholstery and mattress: a crown, hardly any bow, a little waviness (metres follow the size). */
export const PADS = {
  mattress: { pinch: 0.06, bow: 0.004, wave: 0.003 },
  headboard: { pinch: 0.18, bow: 0.008, wave: 0.006 },
  channel: { pinch: 0.35, bow: 0.01, wave: 0.004 },
  base: { pinch: 0.05, bow: 0.01, wave: 0.004 },
} satisfies Record<string, Puff>;

/**
 * Pads the box just added to `p` (from vertex `from`, centre c, half sizes hs). Its waviness comes
 * from `seed` alone, so the same call on a second part (a tufted board's buttons) bends alike and
 * no other draw of the bed moves.
 */
export function pad(p: Part, from: number, c: Vec3, hs: Vec3, shape: Puff, seed: number): void {
  const own = createRng(seed);
  puff(p, from, c, hs, shape, () => own.next());
}

export interface DuvetBox {
  /** Half width (x), top of the duvet (y), thickness on the mattress, drop below it, head and foot z. */
  hw: number;
  top: number;
  thick: number;
  drop: number;
  head: number;
  foot: number;
  /**
   * Length of the top covered by a folded-back band (0: none). Under it the edge wanders less and
   * the top stays flat: a sag there opened a gap under the band's edge that occlusion dotted dark.
   */
  folded: number;
}

/**
 * A duvet that lies on a body-less bed: its turned-down top edge wanders (a few centimetres, not a
 * ruled line) and rolls down, the top sags a little between the pillows and the foot and carries
 * two or three broad, low folds, and the parts hanging over the sides and foot ripple in and out
 * more the lower they hang, their foot corners dropping lowest.
 */
export function drapeDuvet(p: Part, from: number, b: DuvetBox, rng: Rng): void {
  const r = Array.from({ length: 12 }, () => rng.next());
  const k1 = 2.5 + 2 * r[0]!;
  const k2 = 7 + 4 * r[1]!;
  const edgeA = (0.018 + 0.014 * r[2]!) * (b.folded > 0 ? 0.3 : 1);
  const sag = 0.015 + 0.012 * r[3]!;
  const foldA = 0.006 + 0.004 * r[4]!;
  const fk = 6 + 4 * r[5]!;
  const fdir = (r[6]! - 0.5) * 1.6;
  const sideA = 0.014 + 0.01 * r[7]!;
  const sk = 9 + 6 * r[8]!;
  const ph = [r[9]! * 6.3, r[10]! * 6.3, r[11]! * 6.3];
  const len = b.foot - b.head;
  const zc = (b.head + b.foot) / 2;
  warp(p, from, (x, y, z, out) => {
    // How far down the overhang (0 on the top, 1 at the hem) and how near the head edge.
    const t = Math.min(1, Math.max(0, (b.top - b.thick - y) / b.drop));
    const onTop = 1 - ramp(t, 0, 0.3);
    const edge = 1 - ramp(z - b.head, 0, 0.35);
    const ux = Math.min(1, Math.abs(x) / b.hw);
    const uz = Math.max(0, (z - zc) / (len / 2));
    const under = b.folded > 0 ? 1 - ramp(z - b.head, b.folded + 0.05, b.folded + 0.2) : 0;
    const along = Math.sin(Math.PI * Math.min(1, Math.max(0, (z - b.head) / len)));
    out[0] = x + Math.sign(x) * t * ux * ux * ux * sideA * Math.sin(z * sk + ph[0]!);
    out[2] =
      z +
      edge * (edgeA * Math.sin(x * k1 + ph[1]!) + 0.4 * edgeA * Math.sin(x * k2 + ph[2]!)) +
      t * uz * uz * uz * sideA * Math.sin(x * sk + ph[2]!);
    out[1] =
      y -
      onTop * (1 - under) * (1 - ux * ux) * (sag * along + 0.012 * edge * edge) +
      onTop * (1 - under) * (1 - ux ** 4) * foldA * Math.sin(fk * (x * fdir + z) + ph[0]!) -
      t * 0.025 * ux ** 4 * uz ** 4;
  });
}

/**
 * A bed skirt's gathered valance: the sides and foot ripple in and out, more towards the hem
 * (the top is held by the base). `hw`/`hd` are its half width and depth, centred at (0, zc).
 */
export function gatherSkirt(
  p: Part,
  from: number,
  hw: number,
  hd: number,
  zc: number,
  top: number,
  rng: Rng,
): void {
  const a = 0.005 + 0.004 * rng.next();
  const k = 10 + 6 * rng.next();
  const ph = rng.next() * 6.3;
  warp(p, from, (x, y, z, out) => {
    const t = Math.min(1, Math.max(0, (top - y) / top));
    const ux = Math.min(1, Math.abs(x) / hw) ** 4;
    const uz = Math.max(0, (z - zc) / hd) ** 4;
    out[0] = x + Math.sign(x) * ux * t * a * Math.sin(z * k + ph);
    out[1] = y;
    out[2] = z + uz * t * a * Math.sin(x * k + ph + 1);
  });
}
