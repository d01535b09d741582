// The bed: base, mattress, duvet folded back at the head, pillows and an upholstered or wooden
// headboard (tufted for traditional and industrial).
import type { StyleSpec } from '../styles/styles.ts';
import { legs } from './legs.ts';
import { box, ellipsoid, part, type Mesh } from './mesh.ts';

export function bed(mesh: Mesh, spec: StyleSpec, w: number, d: number, h: number): void {
  const frame = part(mesh, spec.legs === 'frame' ? spec.metal : spec.frame);
  const baseTop = spec.legs === 'block' ? 0.28 : 0.34;
  const legH = spec.legs === 'block' ? 0.03 : 0.12;
  legs(mesh, spec, w, d, legH, 0.08);
  box(frame, [0, (legH + baseTop) / 2, 0.02], [w, baseTop - legH, d - 0.04], 0.015, 2);
  const mattressTop = baseTop + 0.2;
  box(
    part(mesh, spec.bedding),
    [0, (baseTop + mattressTop) / 2, 0.04],
    [w - 0.06, mattressTop - baseTop, d - 0.14],
    0.05,
    3,
  );
  // Duvet over the lower three quarters, hanging a little over the sides.
  const duvetLen = (d - 0.1) * 0.72;
  const duvet = part(mesh, spec.upholstery === spec.bedding ? spec.accent : spec.bedding);
  box(duvet, [0, mattressTop - 0.06, d / 2 - duvetLen / 2 - 0.02], [w + 0.04, 0.16, duvetLen], 0.07, 3);
  // Throw across the foot in the accent colour.
  box(part(mesh, spec.accent), [0, mattressTop + 0.025, d / 2 - 0.32], [w + 0.06, 0.05, 0.42], 0.025, 2);
  const pillowMat = part(mesh, spec.cushion);
  for (const s of [-1, 1]) {
    box(
      part(mesh, spec.bedding),
      [s * w * 0.23, mattressTop + 0.08, -d / 2 + 0.3],
      [w * 0.42, 0.16, 0.36],
      0.07,
      3,
    );
    box(pillowMat, [s * w * 0.18, mattressTop + 0.14, -d / 2 + 0.46], [0.42, 0.36, 0.12], 0.06, 3);
  }
  // Headboard against the wall.
  const hb = part(mesh, spec.softness > 0.5 || spec.tufted ? spec.upholstery : spec.wood);
  box(hb, [0, (legH + h) / 2, -d / 2 + 0.04], [w + 0.1, h - legH, 0.08], 0.03 + spec.softness * 0.03, 3);
  if (spec.tufted)
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 2; j++)
        ellipsoid(frame, [(-0.4 + i * 0.2) * w, h - 0.15 - j * 0.18, -d / 2 + 0.085], 0.012, 0.012, 0.008, 6);
}
