// The bed's headboard, one of seven kinds (models/bedroom-designs.ts, decision 0209). Upholstered
// boards are padded (0262): a crown towards the middle, channels that are stuffed tubes, buttons
// that sit in the padding, not flat boards with rounded edges.
import type { StyleSpec } from '../styles/styles.ts';
import type { BedDesign } from './bedroom-designs.ts';
import { PADS, pad } from './bedding.ts';
import { seedOf } from './cloth.ts';
import { mark } from './deform.ts';
import { toned } from './designs.ts';
import { box, ellipsoid, part, type Mesh } from './mesh.ts';

export function headboard(
  mesh: Mesh,
  spec: StyleSpec,
  ds: BedDesign,
  w: number,
  d: number,
  h: number,
  y0: number,
): void {
  if (ds.headboard === 'none') return;
  const top = Math.max(ds.baseTop + ds.mattress + 0.3, h * ds.headRise);
  const z = -d / 2 + 0.04;
  const hw = w + 0.08;
  const cy = (y0 + top) / 2;
  const up = part(mesh, ds.upholstery);
  const wood = part(mesh, spec.legs === 'frame' ? spec.metal : spec.wood);
  const r = 0.025 + spec.softness * 0.035;
  // The padding's waviness has its own seed: no draw of the bed's stream moves.
  const seed = seedOf(hw, top, ds.baseTop, ds.mattress);
  switch (ds.headboard) {
    case 'panel':
    case 'tufted':
    case 'wingback': {
      const hs: [number, number, number] = [hw / 2, (top - y0) / 2, 0.04];
      let from = mark(up);
      box(up, [0, cy, z], [hw, top - y0, 0.08], r, 3, 6);
      pad(up, from, [0, cy, z], hs, PADS.headboard, seed);
      if (ds.headboard === 'wingback')
        for (const s of [-1, 1]) {
          from = mark(up);
          const c: [number, number, number] = [s * (hw / 2 - 0.05), cy, z + 0.1];
          box(up, c, [0.1, top - y0, 0.26], r, 3, 4);
          pad(up, from, c, [0.05, (top - y0) / 2, 0.13], PADS.headboard, seed + s);
        }
      if (ds.headboard === 'tufted') {
        const button = part(mesh, toned(ds.upholstery, 0.7));
        from = mark(button);
        const cols = Math.round(hw / 0.2);
        for (let i = 0; i < cols; i++)
          for (let j = 0; j < 3; j++)
            if ((i + j) % 2 === 0)
              ellipsoid(
                button,
                [-hw / 2 + (i + 0.5) * (hw / cols), top - 0.12 - j * 0.12, z + 0.045],
                0.011,
                0.011,
                0.008,
                6,
              );
        // The same bend as the board, so the buttons stay in its face.
        pad(button, from, [0, cy, z], hs, PADS.headboard, seed);
      }
      break;
    }
    case 'channel': {
      // Vertical channels, each a stuffed tube of its own, on a thin back board.
      const n = Math.max(5, Math.round(hw / 0.16));
      box(up, [0, cy, z - 0.02], [hw, top - y0, 0.04], 0.01, 1);
      for (let i = 0; i < n; i++) {
        const from = mark(up);
        const c: [number, number, number] = [-hw / 2 + (i + 0.5) * (hw / n), cy + 0.01, z + 0.01];
        const s: [number, number, number] = [hw / n - 0.006, top - y0 - 0.02, 0.07];
        box(up, c, s, 0.03, 3, 4);
        pad(up, from, c, [s[0] / 2, s[1] / 2, s[2] / 2], PADS.channel, seed + 7 * i);
      }
      break;
    }
    case 'slats': {
      const n = Math.max(7, Math.round(hw / 0.11));
      for (const s of [-1, 1]) box(wood, [s * (hw / 2 - 0.03), cy, z], [0.06, top - y0, 0.06], 0.006, 1);
      box(wood, [0, top - 0.03, z], [hw, 0.06, 0.07], 0.008, 1);
      box(wood, [0, ds.baseTop + ds.mattress - 0.02, z], [hw, 0.05, 0.05], 0.006, 1);
      for (let i = 1; i < n; i++)
        box(wood, [-hw / 2 + (i * hw) / n, cy, z], [0.045, top - y0 - 0.06, 0.025], 0.004, 1);
      break;
    }
    case 'framed': {
      box(wood, [0, cy, z - 0.01], [hw, top - y0, 0.06], 0.008, 1);
      const from = mark(up);
      const c: [number, number, number] = [0, cy + 0.04, z + 0.02];
      const s: [number, number, number] = [hw - 0.14, top - y0 - 0.2, 0.05];
      box(up, c, s, r, 3, 5);
      pad(up, from, c, [s[0] / 2, s[1] / 2, s[2] / 2], PADS.headboard, seed);
      break;
    }
  }
}
