// The pieces seen from the window's beam (sun-patch.ts): every casting triangle is slid down the
// beam onto the floor and rasterised into the patch's box, keeping the highest beam distance per
// pixel (a shadow map along the beam). The shader asks it whether a point is in the beam; the
// floor pass takes the patch's extra light away where a piece now stands in the beam.
import { project } from '../geometry/camera.ts';
import type { Scene } from './scene.ts';
import { boxBlur } from './shadows.ts';
import { spanEnd, spanStart } from './span.ts';
import type { SunLight, SunPatch } from './sun-patch.ts';

export function sunShadows(S: SunPatch, scene: Scene): SunLight {
  const bw = S.x1 - S.x0;
  const bh = S.y1 - S.y0;
  const depth = new Float32Array(bw * bh);
  const n = scene.vertexCount;
  const px = new Float32Array(n);
  const py = new Float32Array(n);
  const pt = new Float32Array(n);
  const L = S.dir;
  const W = scene.world;
  for (let v = 0; v < n; v++) {
    const y = Math.max(0, W[v * 3 + 1]!);
    const t = y / L[1];
    const pr = project(S.cam, [W[v * 3]! - L[0] * t, 0, W[v * 3 + 2]! - L[2] * t]);
    px[v] = pr[2] > 0.05 ? pr[0] * S.renderScale - S.x0 : NaN;
    py[v] = pr[1] * S.renderScale - S.y0;
    pt[v] = t;
  }
  for (let k = 0; k < scene.triCount; k++) {
    if (!scene.triCasts[k]) continue;
    const a = scene.tris[k * 3]!;
    const b = scene.tris[k * 3 + 1]!;
    const c = scene.tris[k * 3 + 2]!;
    fill(depth, bw, bh, px[a]!, py[a]!, pt[a]!, px[b]!, py[b]!, pt[b]!, px[c]!, py[c]!, pt[c]!);
  }
  return { ...S, depth, sp: Math.sin(S.cam.pitch), cp: Math.cos(S.cam.pitch) };
}

/** Rasterises one triangle into `buf`, keeping the highest interpolated t per pixel. */
function fill(
  buf: Float32Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  t0: number,
  x1: number,
  y1: number,
  t1: number,
  x2: number,
  y2: number,
  t2: number,
): void {
  if (Number.isNaN(x0) || Number.isNaN(x1) || Number.isNaN(x2)) return;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maxX = Math.min(w - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maxY = Math.min(h - 1, Math.ceil(Math.max(y0, y1, y2)));
  if (minX > maxX || minY > maxY) return;
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(area) < 1e-9) return;
  const inv = 1 / area;
  const d0 = (y1 - y2) * inv;
  const d1 = (y2 - y0) * inv;
  for (let y = minY; y <= maxY; y++) {
    const qy = y + 0.5;
    const q0 = minX + 0.5;
    const e0 = ((x1 - q0) * (y2 - qy) - (x2 - q0) * (y1 - qy)) * inv;
    const e1 = ((x2 - q0) * (y0 - qy) - (x0 - q0) * (y2 - qy)) * inv;
    const lo = spanStart(minX, e0, d0, e1, d1);
    const hi = spanEnd(minX, maxX, e0, d0, e1, d1);
    for (let x = lo; x <= hi; x++) {
      const w0 = e0 + d0 * (x - minX);
      const w1 = e1 + d1 * (x - minX);
      if (w0 < 0 || w1 < 0 || w0 + w1 > 1) continue;
      const t = w0 * t0 + w1 * t1 + (1 - w0 - w1) * t2;
      const i = y * w + x;
      if (t > buf[i]!) buf[i] = t;
    }
  }
}

/**
 * Takes the patch's extra light off the floor where a piece blocks the beam (1 px of softening),
 * not under rugs: they are shaded with the beam themselves.
 */
export function cutSunPatch(
  shadeMap: Float32Array,
  S: SunLight,
  w: number,
  floorRow: Float32Array,
  rugCover: Float32Array | null,
): void {
  const bw = S.x1 - S.x0;
  const bh = S.y1 - S.y0;
  const blocked = new Float32Array(bw * bh);
  for (let i = 0; i < bw * bh; i++) if (S.depth[i]! > 0.005) blocked[i] = 1;
  const soft = boxBlur(boxBlur(blocked, bw, bh, 1), bw, bh, 1);
  const g3 = new Float32Array(3);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const m = soft[y * bw + x]!;
      if (m <= 0) continue;
      const X = S.x0 + x;
      const Y = S.y0 + y;
      if (Y + 0.5 < floorRow[X]!) continue;
      const i = Y * w + X;
      if (rugCover && rugCover[i]! > 0.3) continue;
      if (!gainAt(S, X + 0.5, Y + 0.5, g3)) continue;
      const g = 0.2126 * g3[0]! + 0.7152 * g3[1]! + 0.0722 * g3[2]!;
      const cut = 1 - m * (1 - 1 / (1 + g));
      if (cut < shadeMap[i]!) shadeMap[i] = cut;
    }
}

/** Linear extra light at world point (x, y, z) from the patch, into out; false when none. */
export function sunGain(S: SunLight, x: number, y: number, z: number, out: Float32Array): boolean {
  const L = S.dir;
  const t = y / L[1];
  // project() inlined: this runs for every shaded sample, and a temporary array each time costs
  // more in garbage collection than the arithmetic.
  const cam = S.cam;
  const qx = x - L[0] * t;
  const qz = z - L[2] * t;
  const zc = cam.eye * S.sp + qz * S.cp;
  if (zc <= 0.05) return false;
  const u = (cam.cx + (cam.f * qx) / zc) * S.renderScale;
  const v = (cam.cy - (cam.f * (-cam.eye * S.cp + qz * S.sp)) / zc) * S.renderScale;
  if (u < S.x0 || v < S.y0 || u >= S.x1 || v >= S.y1) return false;
  const bw = S.x1 - S.x0;
  // Something between this point and the window (its own piece above it, another piece).
  const occ = S.depth[(Math.floor(v) - S.y0) * bw + Math.floor(u) - S.x0]!;
  if (occ > t + 0.03 / L[1]) return false;
  return gainAt(S, u, v, out);
}

/** The patch's extra light at render pixel (u, v), bilinear between grid cells; false when none. */
export function gainAt(S: SunPatch, u: number, v: number, out: Float32Array): boolean {
  const fx = Math.max(0, Math.min(S.gw - 1.001, u / S.cell - 0.5));
  const fy = Math.max(0, Math.min(S.gh - 1.001, v / S.cell - 0.5));
  const x = fx | 0;
  const y = fy | 0;
  const tx = fx - x;
  const ty = fy - y;
  const o = (y * S.gw + x) * 3;
  const r = o + S.gw * 3;
  const G = S.gain;
  let any = 0;
  for (let c = 0; c < 3; c++) {
    const g =
      (G[o + c]! * (1 - tx) + G[o + 3 + c]! * tx) * (1 - ty) +
      (G[r + c]! * (1 - tx) + G[r + 3 + c]! * tx) * ty;
    out[c] = g;
    any += g;
  }
  return any > 0.01;
}
