// Hand-made irregularity: bends and turns the vertices a model just added to a part.
import type { Vec3 } from '../geometry/vec.ts';
import type { Part } from './mesh.ts';

/** Vertex count of a part, to deform() only what was added after it. */
export const mark = (p: Part): number => p.pos.length / 3;

/** (a, b) turned by the angle whose cosine and sine are c and s, in the plane the two axes span. */
const turn = (a: number, b: number, c: number, s: number): [number, number] => [
  a * c + b * s,
  -a * s + b * c,
];

/**
 * Made-by-hand irregularity for a soft piece added to `p` since vertex `from`, centred at c with
 * half sizes hs: the top sags by `sag` metres in the middle (filled cushions settle), the piece
 * turns `yaw` radians about its vertical axis and leans `tilt` radians back (about x).
 */
export function deform(p: Part, from: number, c: Vec3, hs: Vec3, sag: number, yaw = 0, tilt = 0): void {
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  for (let v = from; v < p.pos.length / 3; v++) {
    let x = p.pos[v * 3]! - c[0];
    let y = p.pos[v * 3 + 1]! - c[1];
    let z = p.pos[v * 3 + 2]! - c[2];
    let nx = p.nrm[v * 3]!;
    let ny = p.nrm[v * 3 + 1]!;
    let nz = p.nrm[v * 3 + 2]!;
    if (sag && y > 0) {
      // A dome-shaped dip, deepest at the centre, zero at the edges; the normal tilts with it.
      const u = Math.min(1, Math.abs(x / hs[0]));
      const w = Math.min(1, Math.abs(z / hs[2]));
      const k = (y / hs[1]) * sag;
      y -= k * (1 - u * u) * (1 - w * w);
      nx += ny * k * ((-2 * x) / (hs[0] * hs[0])) * (1 - w * w);
      nz += ny * k * ((-2 * z) / (hs[2] * hs[2])) * (1 - u * u);
    }
    // Lean back (about x), then turn (about y); the normal turns with the point.
    [y, z] = turn(y, z, ct, st);
    [ny, nz] = turn(ny, nz, ct, st);
    [x, z] = turn(x, z, cy, sy);
    [nx, nz] = turn(nx, nz, cy, sy);
    const l = Math.hypot(nx, ny, nz) || 1;
    p.pos[v * 3] = x + c[0];
    p.pos[v * 3 + 1] = y + c[1];
    p.pos[v * 3 + 2] = z + c[2];
    p.nrm[v * 3] = nx / l;
    p.nrm[v * 3 + 1] = ny / l;
    p.nrm[v * 3 + 2] = nz / l;
  }
}
