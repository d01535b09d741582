// Legs carry most of a style's character: tapered mid-century, turned traditional, slim blocks,
// steel frames, hairpins.
import type { Vec3 } from '../geometry/vec.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { box, lathe, part, tube, type Mesh } from './mesh.ts';

/** Four legs under a w x d footprint (inset), from the floor up to `top`. */
export function legs(
  mesh: Mesh,
  spec: StyleSpec,
  w: number,
  d: number,
  top: number,
  inset = 0.06,
  wood = spec.frame,
): void {
  const xs = w / 2 - inset;
  const zs = d / 2 - inset;
  const spots: [number, number][] = [
    [-xs, -zs],
    [xs, -zs],
    [xs, zs],
    [-xs, zs],
  ];
  if (spec.legs === 'frame') {
    // Steel sled frame: two rectangles joined under the piece.
    const m = part(mesh, spec.metal);
    const r = 0.012;
    for (const x of [-xs, xs]) {
      box(m, [x, top / 2, -zs], [2 * r, top, 2 * r], 0.003, 1);
      box(m, [x, top / 2, zs], [2 * r, top, 2 * r], 0.003, 1);
      box(m, [x, r, 0], [2 * r, 2 * r, 2 * zs + 2 * r], 0.003, 1);
    }
    return;
  }
  for (const [x, z] of spots) leg(mesh, spec, [x, 0, z], top, Math.sign(x), Math.sign(z), wood);
}

export function leg(
  mesh: Mesh,
  spec: StyleSpec,
  at: Vec3,
  top: number,
  sx: number,
  sz: number,
  wood = spec.frame,
): void {
  const [x, , z] = at;
  switch (spec.legs) {
    case 'tapered':
    case 'rattan': {
      // Splayed outwards at the foot, thicker at the top.
      const splay = Math.min(0.05, top * 0.18);
      tube(part(mesh, wood), [x + sx * splay * 0.5, 0, z + sz * splay * 0.5], [x, top, z], 0.011, 0.02, 8);
      return;
    }
    case 'hairpin': {
      const m = part(mesh, spec.metal);
      tube(m, [x, 0, z], [x - sx * 0.03, top, z], 0.005, 0.005, 6);
      tube(m, [x, 0, z], [x, top, z - sz * 0.06], 0.005, 0.005, 6);
      return;
    }
    case 'turned': {
      const t = top;
      lathe(
        part(mesh, wood),
        [x, 0, z],
        [
          [0.012, 0],
          [0.016, t * 0.08],
          [0.013, t * 0.2],
          [0.022, t * 0.45],
          [0.014, t * 0.62],
          [0.02, t * 0.78],
          [0.024, t * 0.92],
          [0.024, t],
        ],
        10,
      );
      return;
    }
    case 'block':
      box(part(mesh, wood), [x - sx * 0.02, top / 2, z - sz * 0.02], [0.07, top, 0.07], 0.006, 1);
      return;
    case 'frame':
      box(part(mesh, spec.metal), [x, top / 2, z], [0.025, top, 0.025], 0.003, 1);
  }
}
