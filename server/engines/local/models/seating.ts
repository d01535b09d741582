// Sofas, armchairs, dining and office chairs, benches: upholstered volumes with soft rounded
// cushions whose roundness, proportions and legs come from the style.
import type { Rng } from '../rng.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { legs } from './legs.ts';
import { sofa } from './sofa.ts';
import { box, part, tube, type Mesh } from './mesh.ts';

export function armchair(mesh: Mesh, spec: StyleSpec, w: number, d: number, rng: Rng): void {
  if (spec.legs === 'rattan') return rattanChair(mesh, spec, w, d);
  sofa(mesh, spec, w, d, rng, true);
}

/** Bohemian lounge chair: woven rattan shell on a cushion. */
function rattanChair(mesh: Mesh, spec: StyleSpec, w: number, d: number): void {
  const shell = part(mesh, spec.frame);
  legs(mesh, { ...spec, legs: 'tapered' }, w * 0.8, d * 0.8, 0.2, 0.05, spec.wood);
  box(shell, [0, 0.26, 0], [w, 0.12, d], 0.05);
  box(shell, [0, 0.55, -d / 2 + 0.07], [w, 0.6, 0.12], 0.05);
  for (const s of [-1, 1]) box(shell, [s * (w / 2 - 0.05), 0.42, 0], [0.1, 0.32, d], 0.04);
  box(part(mesh, spec.cushion), [0, 0.36, 0.04], [w - 0.2, 0.1, d - 0.2], 0.04, 3);
  box(part(mesh, spec.accent), [0, 0.56, -d / 2 + 0.2], [0.4, 0.36, 0.12], 0.06, 3);
}

export function chair(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  const seatH = 0.46;
  const frame = spec.legs === 'frame' ? spec.metal : spec.frame;
  legs(mesh, spec, w, d, seatH - 0.04, 0.04, frame);
  const seatMat =
    spec.legs === 'rattan' ? spec.frame : spec.tufted || spec.softness > 0.6 ? spec.upholstery : spec.wood;
  box(part(mesh, seatMat), [0, seatH - 0.02, 0], [w, 0.05, d], 0.015, 2);
  const back = part(mesh, spec.legs === 'rattan' ? spec.frame : seatMat);
  if (spec.legs === 'turned' || spec.legs === 'rattan') {
    box(back, [0, (seatH + h) / 2 + 0.02, -d / 2 + 0.03], [w - 0.02, h - seatH - 0.04, 0.04], 0.02, 2);
  } else {
    for (const s of [-1, 1])
      tube(
        part(mesh, frame),
        [s * (w / 2 - 0.04), seatH, -d / 2 + 0.04],
        [s * (w / 2 - 0.04), h, -d / 2 + 0.02],
        0.014,
        0.014,
        6,
      );
    box(back, [0, h - 0.1, -d / 2 + 0.02], [w - 0.02, 0.16, 0.03], 0.012, 2);
  }
}

export function officeChair(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  const metal = part(mesh, spec.metal);
  for (let i = 0; i < 5; i++) {
    const t = (i / 5) * Math.PI * 2;
    tube(metal, [0, 0.06, 0], [Math.cos(t) * 0.3, 0.04, Math.sin(t) * 0.3], 0.015, 0.012, 6);
    box(metal, [Math.cos(t) * 0.3, 0.025, Math.sin(t) * 0.3], [0.04, 0.05, 0.04], 0.015, 1);
  }
  tube(metal, [0, 0.06, 0], [0, 0.44, 0], 0.025, 0.022, 8);
  const seat = part(mesh, spec.upholstery);
  box(seat, [0, 0.47, 0.02], [w - 0.06, 0.08, d - 0.1], 0.035, 3);
  box(seat, [0, (0.55 + h) / 2 + 0.02, -d / 2 + 0.06], [w - 0.1, h - 0.55, 0.07], 0.035, 3);
  tube(metal, [0, 0.47, -d / 2 + 0.1], [0, 0.6, -d / 2 + 0.08], 0.015, 0.015, 6);
}

export function bench(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  legs(mesh, spec, w, d, h - 0.1, 0.06);
  box(part(mesh, spec.upholstery), [0, h - 0.06, 0], [w, 0.12, d], 0.03 + spec.softness * 0.02, 3);
}
