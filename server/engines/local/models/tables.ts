// Tables and case goods: coffee, side, dining, bistro tables, desks, sideboards and a bookshelf
// (nightstands: nightstand.ts), with a few objects on top so surfaces do not look staged-empty.
import type { Rng } from '../rng.ts';
import type { Material } from '../styles/materials.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { tableLamp, vase } from './decor.ts';
import { legs } from './legs.ts';
import { box, lathe, part, tube, type Mesh } from './mesh.ts';

export function top(
  mesh: Mesh,
  spec: StyleSpec,
  w: number,
  d: number,
  h: number,
  round: boolean,
  thick = 0.035,
  mat: Material = spec.wood,
): void {
  const m = part(mesh, mat);
  if (round) {
    const r = Math.min(w, d) / 2;
    // Oval tops stretch the lathe along the longer side.
    lathe(
      m,
      [0, h - thick, 0],
      [
        [0, 0],
        [r - 0.01, 0],
        [r, thick * 0.5],
        [r - 0.005, thick],
        [0, thick],
      ],
      28,
      w > d * 1.02 ? w / d : 1,
      d > w * 1.02 ? d / w : 1,
    );
  } else box(m, [0, h - thick / 2, 0], [w, thick, d], 0.008, 2);
}

export function sideTable(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  pedestalTable(mesh, spec, w, d, h, {
    post: [0, h - 0.03, 0.02, 0.02, 10],
    foot: [0.32, 0.32, 0.02, 0, 0.03],
    footSides: 20,
    top: 0.03,
    vase: [0.14, 0.06],
  });
}

export function diningTable(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  if (spec.legs === 'frame') {
    const m = part(mesh, spec.metal);
    // Open steel trestles: two uprights and a foot rail at each end, a stretcher between them.
    const x = w / 2 - 0.15;
    const z = d / 2 - 0.12;
    const top = h - 0.04;
    for (const s of [-1, 1]) {
      for (const t of [-1, 1]) box(m, [s * x, top / 2, t * z], [0.04, top, 0.04], 0.004, 1);
      box(m, [s * x, 0.02, 0], [0.05, 0.04, 2 * z + 0.04], 0.004, 1);
      box(m, [s * x, top - 0.03, 0], [0.05, 0.05, 2 * z + 0.04], 0.004, 1);
    }
    box(m, [0, 0.3, 0], [2 * x, 0.04, 0.04], 0.004, 1);
  } else legs(mesh, spec, w, d, h - 0.04, 0.07);
  top(mesh, spec, w, d, h, false, 0.045);
  vase(mesh, spec, [0, h, 0], 0.22, 0.07);
}

export function roundTable(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  pedestalTable(mesh, spec, w, d, h, {
    post: [0.02, h - 0.04, 0.04, 0.035, 12],
    foot: [0.3, 0.28, 0.03, 0.05, 0.06],
    footSides: 24,
    top: 0.035,
    vase: [0.12, 0.1],
  });
}

/** The proportions of a table on one turned post and a lathed foot (side and round tables). */
interface Pedestal {
  /** Post from y0 to y1, radius r0 at the foot and r1 at the top, and its number of sides. */
  post: [y0: number, y1: number, r0: number, r1: number, sides: number];
  /** Foot profile: radius at the floor and at the rim (times w), rim height, neck radius and height. */
  foot: [floor: number, rim: number, rimY: number, neck: number, neckY: number];
  footSides: number;
  /** Thickness of the round top. */
  top: number;
  /** The vase on the top: the two sizes `vase()` takes. */
  vase: [h: number, r: number];
}

function pedestalTable(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number, p: Pedestal): void {
  const m = part(mesh, spec.legs === 'frame' ? spec.metal : spec.wood);
  const [y0, y1, r0, r1, sides] = p.post;
  tube(m, [0, y0, 0], [0, y1, 0], r0, r1, sides);
  const [floor, rim, rimY, neck, neckY] = p.foot;
  lathe(
    m,
    [0, 0, 0],
    [
      [0, 0],
      [w * floor, 0],
      [w * rim, rimY],
      [neck, neckY],
    ],
    p.footSides,
  );
  top(mesh, spec, w, d, h, true, p.top);
  vase(mesh, spec, [0, h, 0], ...p.vase);
}

export function desk(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  legs(mesh, spec, w, d, h - 0.035, 0.05);
  top(mesh, spec, w, d, h, false);
  box(part(mesh, spec.wood), [w / 2 - 0.25, h - 0.1, 0], [0.42, 0.12, d - 0.06], 0.006, 1);
  // Closed laptop and a task lamp.
  box(part(mesh, spec.metal), [-0.1, h + 0.01, 0.08], [0.32, 0.018, 0.22], 0.006, 1);
  tableLamp(mesh, spec, [w / 2 - 0.2, h, -d / 2 + 0.18], 0.45);
}

export function caseGood(
  mesh: Mesh,
  spec: StyleSpec,
  w: number,
  d: number,
  h: number,
  legH: number,
  doors: number,
): void {
  legs(mesh, spec, w, d, legH, 0.05);
  const body = part(mesh, spec.wood);
  box(body, [0, (legH + h) / 2, 0], [w, h - legH, d], 0.01, 2);
  // Door or drawer fronts, slightly proud, with a dark reveal between them.
  const gap = part(mesh, spec.legs === 'frame' ? spec.metal : spec.frame);
  const fw = (w - 0.04) / doors;
  for (let i = 0; i < doors; i++) {
    const x = -w / 2 + 0.02 + fw * (i + 0.5);
    box(body, [x, (legH + h) / 2, d / 2 + 0.004], [fw - 0.012, h - legH - 0.05, 0.01], 0.004, 1);
    box(
      gap,
      [x + (i % 2 ? -1 : 1) * (fw / 2 - 0.06), (legH + h) / 2, d / 2 + 0.012],
      [0.012, 0.1, 0.012],
      0.004,
      1,
    );
  }
}

export function sideboard(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  caseGood(mesh, spec, w, d, h, spec.legs === 'block' ? 0.04 : 0.16, Math.max(2, Math.round(w / 0.45)));
  vase(mesh, spec, [-w * 0.3, h, 0], 0.3, 0.08);
  tableLamp(mesh, spec, [w * 0.32, h, 0], 0.5);
}

export function bookshelf(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number, rng: Rng): void {
  const frame = part(mesh, spec.legs === 'frame' ? spec.metal : spec.wood);
  const t = 0.025;
  for (const s of [-1, 1]) box(frame, [s * (w / 2 - t / 2), h / 2, 0], [t, h, d], 0.004, 1);
  box(frame, [0, h / 2, -d / 2 + 0.01], [w, h, 0.02], 0.004, 1);
  const shelves = 5;
  const books: Material[] = [spec.accent, spec.cushion, spec.upholstery, spec.bedding, spec.frame];
  for (let i = 0; i <= shelves; i++) {
    const y = 0.05 + ((h - 0.08) * i) / shelves;
    box(frame, [0, y, 0], [w, t, d], 0.004, 1);
    if (i === shelves) continue;
    // Books fill a random share of each shelf; one shelf holds a vase instead.
    if (rng.chance(0.25)) {
      vase(mesh, spec, [rng.range(-0.2, 0.2), y + t / 2, 0], 0.18, 0.06);
      continue;
    }
    let x = -w / 2 + t + 0.02;
    const end = x + (w - 2 * t) * rng.range(0.5, 0.9);
    while (x < end) {
      const bw = rng.range(0.025, 0.05);
      const bh = rng.range(0.18, 0.26);
      box(part(mesh, rng.pick(books)), [x + bw / 2, y + t / 2 + bh / 2, 0.01], [bw, bh, d * 0.75], 0.003, 1);
      x += bw + 0.003;
    }
  }
}
