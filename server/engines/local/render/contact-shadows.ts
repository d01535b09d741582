// Contact shadows: where a piece meets the floor, almost no ambient light reaches, so the floor is
// darkest right at the footprint's edge and under it, and the darkening falls off within a few
// centimetres (a tight term) plus a wider, fainter skirt. Judges of decision 0130 saw pieces and
// rugs without it as floating. Rugs get their own: a thin dark line around the rug's outline
// (their pile's edge shades the floor next to it), taken from the rug layer's coverage so round
// and rounded rugs get it along their real edge.
import { project, roomToWorld } from '../geometry/camera.ts';
import type { PlacedItem } from '../layout/fit.ts';
import { boxBlur, type ShadowParams } from './shadows.ts';

/** Contact shadow: darkest under the footprint, fading out over ~15 cm around it. */
export function contact(out: Float32Array, it: PlacedItem, p: ShadowParams): void {
  const shrink = it.kind === 'plant' ? 0.55 : it.kind === 'floor-lamp' ? 0.7 : 1;
  const hw = (it.w / 2) * shrink;
  const hd = (it.d / 2) * shrink;
  const grow = 0.35;
  const ca = Math.cos(it.facing);
  const sa = Math.sin(it.facing);
  const pts: [number, number][] = [];
  for (const [x, z] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    const lx = x * (hw + grow);
    const lz = z * (hd + grow);
    const pr = project(p.cam, roomToWorld(p.cam, it.a + lx * ca - lz * sa, it.b + lx * sa + lz * ca));
    pts.push([pr[0] * p.renderScale, pr[1] * p.renderScale]);
  }
  const x0 = Math.max(0, Math.floor(Math.min(...pts.map((q) => q[0]))));
  const x1 = Math.min(p.width - 1, Math.ceil(Math.max(...pts.map((q) => q[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...pts.map((q) => q[1]))));
  const y1 = Math.min(p.height - 1, Math.ceil(Math.max(...pts.map((q) => q[1]))));
  const strength = STRENGTH[it.kind] ?? 0.55;
  const round = it.kind === 'plant' || it.kind === 'floor-lamp' || it.kind === 'round-table';
  const radius = Math.min(hw, hd);
  // Under a table or chair light passes between the legs: a soft oval of occlusion, not a slab.
  const open = OPEN.has(it.kind);
  // floorPoint() and worldToRoom() inlined: this loop runs for every pixel around every piece.
  const { cam } = p;
  const sp = Math.sin(cam.pitch);
  const cp = Math.cos(cam.pitch);
  const sy = Math.sin(cam.yaw);
  const cy = Math.cos(cam.yaw);
  for (let y = y0; y <= y1; y++) {
    const yr = -((y + 0.5) / p.renderScale - cam.cy) / cam.f;
    const dy = yr * cp - sp;
    if (dy >= -1e-6) continue;
    const t = cam.eye / -dy;
    const wz = (yr * sp + cp) * t;
    for (let x = x0; x <= x1; x++) {
      const wx = (((x + 0.5) / p.renderScale - cam.cx) / cam.f) * t;
      const da = wx * cy - wz * sy - it.a;
      const db = wx * sy + wz * cy - it.b;
      let dist: number;
      if (open) {
        const u = (da * ca + db * sa) / hw;
        const v = (-da * sa + db * ca) / hd;
        const q = Math.sqrt(u * u + v * v);
        dist = Math.max(0, q - 0.8) * radius;
        if (dist > grow) continue;
        out[y * p.width + x]! *= 1 - strength * Math.exp(-dist / 0.08) * (1 - dist / grow);
        continue;
      }
      if (round) dist = Math.max(0, Math.sqrt(da * da + db * db) - radius);
      else {
        const lx = Math.abs(da * ca + db * sa) - hw;
        const lz = Math.abs(-da * sa + db * ca) - hd;
        const ox = lx > 0 ? lx : 0;
        const oz = lz > 0 ? lz : 0;
        dist = Math.sqrt(ox * ox + oz * oz);
      }
      if (dist > grow) continue;
      // A tight dark line at the edge (2.5 cm) and a wider faint skirt (10 cm).
      const ao =
        strength * (0.65 * Math.exp(-dist / 0.025) + 0.35 * Math.exp(-dist / 0.1)) * (1 - dist / grow);
      out[y * p.width + x]! *= 1 - ao;
    }
  }
}

const OPEN = new Set<PlacedItem['kind']>([
  'coffee-table',
  'side-table',
  'dining-table',
  'desk',
  'chair',
  'office-chair',
]);

/**
 * How dark the floor gets at a piece's footprint: low upholstered and closed pieces shut out nearly
 * all light under them; tables and chairs on legs let most of it through; pots sit flat on the floor.
 */
const STRENGTH: Partial<Record<PlacedItem['kind'], number>> = {
  sofa: 0.68,
  armchair: 0.62,
  bed: 0.68,
  sideboard: 0.6,
  bookshelf: 0.62,
  nightstand: 0.55,
  bench: 0.45,
  'coffee-table': 0.3,
  'side-table': 0.3,
  'dining-table': 0.32,
  'round-table': 0.35,
  desk: 0.35,
  chair: 0.32,
  'office-chair': 0.3,
  plant: 0.5,
  'floor-lamp': 0.4,
};

/**
 * Darkens the floor in a thin band just outside each rug (`cover`: the rug layer's coverage per
 * render pixel, before reflections are laid into it): about 1 cm of pile shades the floor beside it.
 */
export function rugEdge(out: Float32Array, cover: Float32Array, w: number, h: number): void {
  const r = Math.max(1, Math.round(w * 0.0015));
  // Only the rugs' box (grown by the blur) is visited.
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (cover[y * w + x]! > 0) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  if (x1 < 0) return;
  x0 = Math.max(0, x0 - 3 * r);
  y0 = Math.max(0, y0 - 3 * r);
  x1 = Math.min(w - 1, x1 + 3 * r);
  y1 = Math.min(h - 1, y1 + 3 * r);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const win = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) win.set(cover.subarray((y0 + y) * w + x0, (y0 + y) * w + x1 + 1), y * bw);
  const halo = boxBlur(boxBlur(win, bw, bh, r), bw, bh, r);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const d = halo[y * bw + x]! - win[y * bw + x]!;
      if (d > 0.01) out[(y0 + y) * w + x0 + x]! *= 1 - 0.5 * Math.min(1, d * 1.6);
    }
}
