// Nightstands from a design (models/bedroom-designs.ts, decision 0209): a drawer cabinet (one or
// two drawers), an open shelf stand or a round pedestal table, each with a table lamp of its own
// design (drum, cone or globe shade, gourd, column or ball base) and sometimes a book.
import type { Rng } from '../rng.ts';
import type { StyleSpec } from '../styles/styles.ts';
import { lampDesign, nightstandDesign } from './bedroom-designs.ts';
import { tableLamp } from './decor.ts';
import { toned } from './designs.ts';
import { legs } from './legs.ts';
import { box, lathe, part, tube, type Mesh } from './mesh.ts';
import { top } from './tables.ts';

export function nightstand(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number, rng: Rng): void {
  const ds = nightstandDesign(spec, rng);
  const wood = toned(spec.wood, ds.tone);
  const s: StyleSpec = { ...spec, wood };
  const body = part(mesh, spec.legs === 'frame' && ds.shape === 'open' ? spec.metal : wood);
  if (ds.shape === 'round') {
    tube(body, [0, 0.02, 0], [0, h - 0.03, 0], 0.03, 0.025, 12);
    lathe(
      body,
      [0, 0, 0],
      [
        [0, 0],
        [Math.min(w, d) * 0.36, 0],
        [Math.min(w, d) * 0.34, 0.025],
        [0.04, 0.04],
      ],
      20,
    );
    top(mesh, s, w, d, h, true, 0.03, wood);
  } else if (ds.shape === 'open') {
    // Two side panels (or a steel frame), a top and a low shelf: open, so the wall shows through.
    for (const k of [-1, 1]) box(body, [k * (w / 2 - 0.015), h / 2, 0], [0.03, h, d], 0.004, 1);
    box(body, [0, h - 0.015, 0], [w, 0.03, d], 0.006, 1);
    box(body, [0, 0.1, 0], [w - 0.03, 0.025, d - 0.02], 0.004, 1);
    box(body, [0, h * 0.55, -d / 2 + 0.01], [w - 0.03, h * 0.45, 0.015], 0.003, 1);
    box(
      part(mesh, rng.pick([spec.accent, spec.cushion, spec.upholstery])),
      [0, 0.13, 0.02],
      [w * 0.5, 0.04, d * 0.6],
      0.003,
      1,
    );
  } else {
    const legH = spec.legs === 'block' ? 0.03 : rng.range(0.1, 0.18);
    legs(mesh, s, w, d, legH, 0.04);
    box(body, [0, (legH + h) / 2, 0], [w, h - legH, d], 0.01, 2);
    const pull = part(mesh, spec.legs === 'frame' ? spec.metal : toned(spec.frame, 0.8));
    const fh = (h - legH - 0.04) / ds.drawers;
    for (let i = 0; i < ds.drawers; i++) {
      const y = legH + 0.02 + fh * (i + 0.5);
      box(body, [0, y, d / 2 + 0.004], [w - 0.04, fh - 0.012, 0.01], 0.004, 1);
      box(pull, [0, y + fh * 0.2, d / 2 + 0.012], [0.1, 0.012, 0.012], 0.004, 1);
    }
  }
  const lamp = lampDesign(rng);
  tableLamp(mesh, spec, [rng.range(-0.04, 0.04), h, -0.02], lamp.height, lamp);
  if (rng.chance(0.4))
    box(
      part(mesh, rng.pick([spec.accent, spec.cushion])),
      [w * 0.22, h + 0.015, d * 0.15],
      [0.15, 0.03, 0.22],
      0.003,
      1,
    );
}
