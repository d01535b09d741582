// Coffee tables from a design (models/designs.ts): rectangular, square, round or oval tops in wood
// or stone, on legs, a solid plinth or drum, a pedestal or trestles, or legs with a lower shelf;
// books and a bowl set down differently on each.
import type { Rng } from '../rng.ts';
import type { Material, Rgb } from '../styles/materials.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { vase } from './decor.ts';
import { coffeeTableDesign, toned } from './designs.ts';
import { deform, mark } from './deform.ts';
import { legs } from './legs.ts';
import { box, lathe, part, tube, type Mesh } from './mesh.ts';
import { top } from './tables.ts';

export function coffeeTable(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number, rng: Rng): void {
  const ds = coffeeTableDesign(spec, rng);
  const wood = toned(spec.wood, ds.tone);
  const s2 = { ...spec, legs: ds.legs, wood, frame: toned(spec.frame, ds.tone) };
  const round = ds.shape === 'round' || ds.shape === 'oval';
  // A round table in a long footprint is an oval; a square one keeps the short side.
  const tw = ds.shape === 'square' || ds.shape === 'round' ? Math.min(w, d * 1.4) : w;
  const td = ds.shape === 'round' ? tw : d;
  const th = ds.thick;
  const topMat =
    ds.base === 'stone'
      ? { ...spec.pot, color: stoneColour(spec, rng), texture: 'ceramic' as const, spec: 0.25, gloss: 50 }
      : wood;
  switch (ds.base) {
    case 'solid':
      if (round)
        lathe(
          part(mesh, wood),
          [0, 0, 0],
          [
            [0, 0],
            [tw * 0.42, 0],
            [tw * 0.44, h - th],
            [0, h - th],
          ],
          28,
          1,
          td / tw,
        );
      else box(part(mesh, wood), [0, (h - th) / 2, 0], [tw * 0.86, h - th, td * 0.84], 0.012, 2);
      break;
    case 'pedestal':
      if (round) pedestalBase(mesh, s2, tw, h - th);
      else
        for (const x of [-1, 1])
          box(part(mesh, wood), [x * tw * 0.32, (h - th) / 2, 0], [0.05, h - th, td * 0.8], 0.006, 1);
      break;
    case 'shelf':
      legs(mesh, s2, tw, td, h - th, round ? 0.14 : 0.05);
      top(mesh, s2, tw * 0.92, td * 0.9, 0.14, round, 0.02);
      break;
    default:
      legs(mesh, s2, tw, td, h - th, round ? 0.14 : 0.06);
  }
  top(mesh, s2, tw, td, h, round, th, topMat);
  // Books and a bowl, arranged differently each time.
  const books: Material[] = [spec.accent, spec.cushion, spec.upholstery, toned(spec.accent, 0.7)];
  const bx = rng.range(-0.25, -0.1) * tw;
  const turn = rng.range(-0.3, 0.3);
  for (let i = 0; i < 1 + rng.int(3); i++) {
    const p = part(mesh, books[(i + rng.int(4)) % books.length]!);
    const from = mark(p);
    const bw = rng.range(0.19, 0.27);
    const at: [number, number, number] = [bx, h + 0.016 + i * 0.03, 0.02];
    box(p, at, [bw, 0.028, bw * 0.72], 0.003, 1);
    deform(p, from, at, [bw / 2, 0.014, bw * 0.36], 0, turn + rng.range(-0.15, 0.15));
  }
  if (rng.chance(0.75))
    vase(
      mesh,
      spec,
      [tw * rng.range(0.12, 0.25), h, rng.range(-0.06, 0.04)],
      rng.range(0.07, 0.2),
      rng.range(0.05, 0.1),
    );
}

/** A pale or dark stone top that suits the style's palette. */
function stoneColour(spec: StyleSpec, rng: Rng): Rgb {
  const dark = spec.legs === 'frame' || rng.chance(0.25);
  const v = dark ? rng.range(50, 80) : rng.range(200, 228);
  return [v, v * 0.98, v * 0.95];
}

/** A turned post on a round foot, under a round or oval top `y` high. */
function pedestalBase(mesh: Mesh, spec: StyleSpec, w: number, y: number): void {
  const m = part(mesh, spec.legs === 'frame' ? spec.metal : spec.wood);
  tube(m, [0, 0.03, 0], [0, y, 0], 0.05, 0.04, 14);
  lathe(
    m,
    [0, 0, 0],
    [
      [0, 0],
      [w * 0.3, 0],
      [w * 0.28, 0.03],
      [0.06, 0.05],
    ],
    24,
  );
}
