// Soft goods (cushions, pillows, duvets, throws) are tagged with what the shader needs to make
// them read as sewn fabric rather than smooth plastic (render/cloth.ts): the triangle range of
// the piece, the axis its seams run around, and a seed for its own wrinkles. Judges of the blind
// test (0208) named "flat fabric, no seams, wrinkles or sag" among their first cues.
import type { Vec3 } from '../geometry/vec.ts';
import type { Rng } from '../rng.ts';
import type { Part } from './mesh.ts';

/** How a soft piece's edges are finished: a corded welt, a plain sewn seam, or neither. */
export type Seam = 'piping' | 'seam' | 'none';

export interface Cloth {
  /** Triangles [tri0, tri1) of the part. */
  tri0: number;
  tri1: number;
  /**
   * Unit axis (piece frame) of the two largest faces: seams run round their edges, where the
   * surface normal is 45 degrees off this axis.
   */
  axis: Vec3;
  /** Centre and half sizes (piece frame): wrinkles gather at a few points inside this box. */
  centre: Vec3;
  half: Vec3;
  seam: Seam;
  /** Wrinkle strength: 1 for filled cushions, more for a duvet or throw, which crease freely. */
  wrinkle: number;
  /** 32-bit seed, from the piece's own random draws (so no other piece's stream shifts). */
  seed: number;
}

/** Triangle count of a part, to tag what is added after it. */
export const triMark = (p: Part): number => p.idx.length / 3;

/** Tags the triangles added to `p` since `tri0` as one piece of cloth. */
export function addCloth(p: Part, tri0: number, c: Omit<Cloth, 'tri0' | 'tri1'>): void {
  (p.cloth ??= []).push({ ...c, tri0, tri1: triMark(p) });
}

/** The thinnest of three sizes' axis, turned by `tilt` (about x) then `yaw` (about y) as deform() turns. */
export function thinAxis(size: Vec3, yaw = 0, tilt = 0): Vec3 {
  const k = size[0] <= size[1] && size[0] <= size[2] ? 0 : size[1] <= size[2] ? 1 : 2;
  let x = k === 0 ? 1 : 0;
  let y = k === 1 ? 1 : 0;
  let z = k === 2 ? 1 : 0;
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  [y, z] = [y * ct + z * st, -y * st + z * ct];
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  [x, z] = [x * cy + z * sy, -x * sy + z * cy];
  return [x, y, z];
}

/** A 32-bit seed from a few of a piece's own random numbers. */
export function seedOf(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h ^= Math.round(x * 1e6) | 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Cloth hanging from a top at yTop: below it the hem waves up and down by `amp` along the edge and
 * flares out a little; the top gets shallow creases. Fabric never hangs in a straight line.
 */
export function drape(p: Part, from: number, yTop: number, drop: number, amp: number, rng: Rng): void {
  const [f1, f2, a, b, c] = [
    rng.range(5, 9),
    rng.range(11, 17),
    rng.range(0, 6),
    rng.range(0, 6),
    rng.range(0, 6),
  ];
  for (let v = from; v < p.pos.length / 3; v++) {
    const x = p.pos[v * 3]!;
    const z = p.pos[v * 3 + 2]!;
    const y = p.pos[v * 3 + 1]!;
    const t = Math.min(1, Math.max(0, (yTop - 0.03 - y) / drop));
    const along = x + z;
    p.pos[v * 3 + 1] =
      y +
      amp * t * (0.65 * Math.sin(along * f1 + a) + 0.35 * Math.sin(along * f2 + b)) +
      (t === 0 ? 0.006 * Math.sin(x * 6 + c) * Math.sin(z * 5 + a) : 0);
    p.pos[v * 3] = x + Math.sign(x) * 0.012 * t;
  }
}
