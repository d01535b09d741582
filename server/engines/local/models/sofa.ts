// Sofas and upholstered armchairs, built from a design (models/designs.ts): arm shape, back height,
// legs or skirt, cushion count, tight or loose back. No two cushions are the same: each settles a
// little (sag), sits a few millimetres off and turns a degree or two, as filled cushions do.
import { createRng, type Rng } from '../rng.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { sofaDesign, toned } from './designs.ts';
import { addCloth, seedOf, thinAxis, triMark, type Seam } from './cloth.ts';
import { deform, mark, puff } from './deform.ts';
import { legs } from './legs.ts';
import { box, ellipsoid, part, tube, type Mesh, type Part } from './mesh.ts';

/**
 * A soft cushion: a rounded box that sags and turns slightly, each one differently, tagged as cloth
 * (its own wrinkles, and piping or a seam round its two largest faces).
 */
export function cushion(
  p: Part,
  c: [number, number, number],
  s: [number, number, number],
  r: number,
  rng: Rng,
  sag: number,
  tilt = 0,
  seam: Seam = 'piping',
  fill = 0.4,
): void {
  const from = mark(p);
  const tri0 = triMark(p);
  const j = (v: number, k: number) => v * (1 + rng.range(-k, k));
  const size: [number, number, number] = [j(s[0], 0.025), j(s[1], 0.06), j(s[2], 0.03)];
  const at: [number, number, number] = [c[0] + rng.range(-0.008, 0.008), c[1], c[2] + rng.range(-0.01, 0.01)];
  box(p, at, size, r, 3, 6);
  const half: [number, number, number] = [size[0] / 2, size[1] / 2, size[2] / 2];
  const settle = sag * rng.range(0.6, 1.3);
  const yaw = rng.range(-0.035, 0.035);
  const lean = tilt + rng.range(-0.03, 0.03);
  puff(p, from, at, half, fill, () => rng.next());
  deform(p, from, at, half, settle, yaw, lean);
  addCloth(p, tri0, {
    axis: thinAxis(size, yaw, lean),
    centre: at,
    half,
    seam,
    wrinkle: 1,
    seed: seedOf(size[0], size[1], at[0], settle, yaw),
  });
}

export function sofa(mesh: Mesh, spec: StyleSpec, w: number, d: number, rng: Rng, armchair = false): void {
  const ds = sofaDesign(spec, w, rng);
  const up = part(mesh, ds.upholstery);
  const seatH = spec.seatHeight + rng.range(-0.03, 0.03);
  const legH = ds.legH;
  const r = 0.025 + ds.softness * 0.06;
  const arm = Math.min(ds.armWidth, w * 0.2);
  const baseTop = seatH - 0.14;
  const backH = ds.backHeight;
  if (!ds.skirted) legs(mesh, { ...spec, legs: ds.legs }, w, d, legH, 0.08);
  const y0 = ds.skirted ? 0.005 : legH;
  box(up, [0, (y0 + baseTop) / 2, 0.02], [w - 0.01, baseTop - y0, d - 0.04], 0.02, 2);
  if (ds.skirted) {
    // A kick-pleated skirt a little proud of the base.
    box(up, [0, 0.1, 0.025], [w + 0.01, 0.19, d - 0.03], 0.01, 2, 3);
  }
  const backD = 0.18 + rng.range(-0.03, 0.04);
  // Piped or plain-seamed, one choice per sofa (from its design, so no random draw moves).
  const welt: Seam = seedOf(ds.backHeight, ds.armWidth) % 3 ? 'piping' : 'seam';
  const panel = (c: [number, number, number], size: [number, number, number], rr: number, flat: number) => {
    const tri0 = triMark(up);
    const from = mark(up);
    box(up, c, size, rr, 3, flat + 2);
    const half: [number, number, number] = [size[0] / 2, size[1] / 2, size[2] / 2];
    const seed = seedOf(c[0], size[1], backD);
    // Stuffed panels bow a little and their edges wave (0255), from their own seed so no draw moves.
    const own = createRng(seed);
    puff(up, from, c, half, 0.12, () => own.next());
    addCloth(up, tri0, { axis: thinAxis(size), centre: c, half, seam: welt, wrinkle: 0.5, seed });
  };
  panel([0, (y0 + backH) / 2, -d / 2 + backD / 2], [w, backH - y0, backD], r, 3);
  const armTop = seatH + ds.armRise;
  for (const s of [-1, 1]) {
    const ax = s * (w / 2 - arm / 2);
    if (ds.arm === 'rolled') {
      box(up, [ax, (y0 + armTop - 0.06) / 2, 0.01], [arm * 0.8, armTop - 0.06 - y0, d - 0.04], r, 3);
      tube(
        up,
        [ax + s * 0.02, armTop - 0.05, d / 2 - 0.01],
        [ax + s * 0.02, armTop - 0.05, -d / 2 + backD],
        arm * 0.55,
        arm * 0.55,
        14,
      );
    } else {
      // Track arms are square, slope arms low and soft, thin arms a slim panel.
      const rr = ds.arm === 'thin' ? r * 0.5 : ds.arm === 'slope' ? r * 1.4 : r;
      panel([ax, (y0 + armTop) / 2, 0.01], [arm, armTop - y0, d - 0.02], rr, 2);
    }
  }
  const inner = w - 2 * arm;
  const seats = armchair ? 1 : ds.seats;
  const cw = inner / seats;
  const seatD = d - backD - 0.03;
  for (let i = 0; i < seats; i++) {
    const x = -inner / 2 + cw * (i + 0.5);
    cushion(
      up,
      [x, baseTop + 0.075, -d / 2 + backD + seatD / 2 + 0.01],
      [cw - 0.012, 0.15, seatD],
      r,
      rng,
      0.025,
      0,
      welt,
    );
  }
  const backCushions = ds.tightBack
    ? 0
    : armchair
      ? 1
      : ds.seats === 1
        ? Math.max(2, Math.round(inner / 0.8))
        : seats;
  const bw = inner / Math.max(1, backCushions);
  const backTop = backH - 0.02;
  for (let i = 0; i < backCushions; i++) {
    const x = -inner / 2 + bw * (i + 0.5);
    cushion(
      up,
      [x, (seatH + 0.04 + backTop) / 2 + 0.02, -d / 2 + backD + 0.07],
      [bw - 0.02, backTop - seatH - 0.02, 0.17],
      r * 1.3,
      rng,
      0.012,
      0.12,
      welt,
    );
  }
  if (spec.tufted && (ds.tightBack || rng.chance(0.5))) {
    // Buttons in two staggered rows.
    const cols = Math.max(3, Math.round(inner / 0.22));
    const pitch = inner / cols;
    const button = part(mesh, toned(spec.frame, 0.7));
    const z = -d / 2 + backD + (ds.tightBack ? 0.005 : 0.16);
    for (let i = 0; i < cols; i++) {
      ellipsoid(button, [-inner / 2 + (i + 0.5) * pitch, seatH + 0.25, z], 0.01, 0.01, 0.007, 6);
      if (i < cols - 1)
        ellipsoid(button, [-inner / 2 + (i + 1) * pitch, seatH + 0.4, z], 0.01, 0.01, 0.007, 6);
    }
  }
  // Throw pillows: the accent and the cushion colour, each its own size and lean.
  const mats = [spec.accent, spec.cushion, toned(spec.accent, 0.8), toned(spec.cushion, 0.9)];
  const n = armchair ? Math.min(1, ds.pillows) : ds.pillows;
  for (let i = 0; i < n; i++) {
    const side = i % 2 ? 1 : -1;
    const k = Math.floor(i / 2);
    const size = rng.range(0.36, 0.5);
    const px = armchair ? 0 : side * (inner / 2 - 0.22 - k * 0.3);
    cushion(
      part(mesh, mats[(i + rng.int(2)) % mats.length]!),
      [px, seatH + size / 2 - 0.02, -d / 2 + backD + 0.2 + k * 0.05],
      [size, size, 0.13],
      0.06,
      rng,
      0.02,
      0.25,
      'seam',
      1,
    );
  }
}
