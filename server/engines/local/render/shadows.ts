// Floor shadows: the key light's shadow (every piece projected onto the floor along the light,
// rasterised, then softened by a penumbra that grows with the caster's height above the floor and
// with the window's apparent size from that spot: wide and close windows give soft shadows, far
// ones crisper) and contact shadows (the floor's ambient occlusion from the pieces' shapes,
// floor-ao.ts). Both only touch the floor, never the walls.
import { project, roomToWorld, type Camera } from '../geometry/camera.ts';
import { normalize } from '../geometry/vec.ts';
import type { Vec3 } from '../geometry/vec.ts';
import type { PlacedItem } from '../layout/fit.ts';
import type { WindowLight } from './photo-light.ts';
import type { Scene } from './scene.ts';
import { rugEdge } from './contact-shadows.ts';
import { floorOcclusion } from './floor-ao.ts';
import { spanEnd, spanStart } from './span.ts';

export interface ShadowParams {
  cam: Camera;
  renderScale: number;
  width: number;
  height: number;
  light: Vec3;
  /** How dark the key shadow gets (0..1), lower when the light is diffuse. */
  strength: number;
  /** Floor boundary row in render pixels, per render column. */
  floorRow: Float32Array;
  /** The key window (null: diffuse light, uniformly soft shadows). */
  window: WindowLight | null;
  /** Coverage of the rugs per render pixel (their edge shades the floor), if any. */
  rugCover?: Float32Array | null;
}

/** Returns a multiplier per render pixel: 1 = unshadowed. */
export function floorShading(scene: Scene, items: PlacedItem[], p: ShadowParams): Float32Array {
  const { width: w, height: h } = p;
  const cast = new Float32Array(w * h);
  // Height of the casting surface above the floor, per shadow pixel (the highest wins).
  const castH = new Float32Array(w * h);
  const L = p.light;
  const px = new Float32Array(scene.vertexCount);
  const py = new Float32Array(scene.vertexCount);
  const lights = items.map((it) => pieceLight(it, p));
  const vItem = new Int32Array(scene.vertexCount).fill(-1);
  for (let t = 0; t < scene.triCount; t++)
    for (let k = 0; k < 3; k++) vItem[scene.tris[t * 3 + k]!] = scene.triItem[t]!;
  for (let v = 0; v < scene.vertexCount; v++) {
    const y = scene.world[v * 3 + 1]!;
    const Lv = vItem[v]! >= 0 ? lights[vItem[v]!]! : L;
    const k = y / Math.max(0.2, Lv[1]);
    const pr = project(p.cam, [scene.world[v * 3]! - Lv[0] * k, 0, scene.world[v * 3 + 2]! - Lv[2] * k]);
    px[v] = pr[2] > 0.05 ? pr[0] * p.renderScale : NaN;
    py[v] = pr[1] * p.renderScale;
  }
  for (let t = 0; t < scene.triCount; t++) {
    if (!scene.triCasts[t]) continue;
    const a = scene.tris[t * 3]!;
    const b = scene.tris[t * 3 + 1]!;
    const c = scene.tris[t * 3 + 2]!;
    const th = (scene.world[a * 3 + 1]! + scene.world[b * 3 + 1]! + scene.world[c * 3 + 1]!) / 3;
    fillTriangle(cast, castH, th, w, h, px, py, a, b, c);
  }
  // Penumbra radii in render pixels: a tight one (contact-hard) and a wide one (diffuse).
  const r0 = Math.max(1, Math.round(w * 0.003));
  const r1 = Math.max(r0 + 1, Math.round(w * 0.02));
  const out = new Float32Array(w * h).fill(1);
  const box = bounds(cast, w, h, 2 * r1 + 1);
  if (box) {
    // Blur only the window around the cast shadow: most of the frame has none.
    const bw = box.x1 - box.x0;
    const bh = box.y1 - box.y0;
    const win = new Float32Array(bw * bh);
    const winH = new Float32Array(bw * bh);
    for (let y = 0; y < bh; y++) {
      win.set(cast.subarray((box.y0 + y) * w + box.x0, (box.y0 + y) * w + box.x1), y * bw);
      winH.set(castH.subarray((box.y0 + y) * w + box.x0, (box.y0 + y) * w + box.x1), y * bw);
    }
    const hard = boxBlur(boxBlur(win, bw, bh, r0), bw, bh, r0);
    // The wide blur's first pass is also the caster coverage the mean height is divided by.
    const cSum = boxBlur(win, bw, bh, r1);
    const soft = boxBlur(cSum, bw, bh, r1);
    // Mean caster height around each pixel (so the penumbra outside the shadow knows it too).
    const hSum = boxBlur(winH, bw, bh, r1);
    const { cam } = p;
    const fr = cam.f * p.renderScale;
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++) {
        const i = y * bw + x;
        if (soft[i]! <= 0 && hard[i]! <= 0) continue;
        const occH = cSum[i]! > 1e-4 ? hSum[i]! / cSum[i]! : 0;
        const pen = penumbraPx(
          p,
          (box.x0 + x + 0.5) / p.renderScale,
          (box.y0 + y + 0.5) / p.renderScale,
          occH,
          fr,
        );
        const k = Math.min(1, Math.max(0, (pen - r0) / (r1 - r0)));
        const v = hard[i]! * (1 - k) + soft[i]! * k;
        // A wider penumbra also spreads the same blocked light thinner: the core gets lighter.
        if (v > 0) out[(box.y0 + y) * w + box.x0 + x] = 1 - p.strength * (1 - 0.35 * k) * v;
      }
  }
  floorOcclusion(out, scene, p);
  if (p.rugCover) rugEdge(out, p.rugCover, w, h);
  // Only the floor receives these shadows; fade over a few pixels at the wall line.
  const feather = Math.max(1, h * 0.006);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (out[i] === 1) continue;
      const f = Math.min(1, Math.max(0, (y + 0.5 - p.floorRow[x]!) / feather));
      out[i] = 1 - (1 - out[i]!) * f;
      if (out[i] > 0.998) out[i] = 1;
    }
  return out;
}

/**
 * The direction to the key light seen from one piece: towards the window's middle (an area light
 * in the room, not the sun at infinity), so pieces left and right of a window cast their shadows
 * away from it in different directions, as the room's own light does. Kept above ~30 degrees:
 * a wide window also lights from higher up than its centre.
 */
function pieceLight(it: PlacedItem, p: ShadowParams): Vec3 {
  if (!p.window) return p.light;
  const c = roomToWorld(p.cam, it.a, it.b, 0);
  const d = normalize([p.window.pos[0] - c[0], WINDOW_CENTRE - it.h * 0.4, p.window.pos[2] - c[2]]);
  if (!(d[1] > -1)) return p.light;
  const y = Math.max(d[1], 0.5);
  const horiz = Math.hypot(d[0], d[2]);
  if (horiz < 1e-6) return p.light;
  const k = Math.sqrt(1 - y * y) / horiz;
  return [d[0] * k, y, d[2] * k];
}

/** Height of a window's middle above the floor, metres. */
const WINDOW_CENTRE = 1.4;

/**
 * Penumbra width in render pixels at image point (u, v) on the floor for a caster h metres up:
 * h times the window's angular size from there, divided by the floor's metres per pixel.
 */
function penumbraPx(p: ShadowParams, u: number, v: number, h: number, focal: number): number {
  const { cam } = p;
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  const xr = (u - cam.cx) / cam.f;
  const yr = -(v - cam.cy) / cam.f;
  const dy = yr * c - s;
  if (dy >= -1e-6) return 0;
  const t = cam.eye / -dy;
  const fx = xr * t;
  const fz = (yr * s + c) * t;
  const depth = Math.sqrt(fx * fx + cam.eye * cam.eye + fz * fz);
  // Without a window the light comes from the whole room: about 90 degrees across.
  const angle = p.window
    ? Math.min(
        1.6,
        p.window.width / Math.max(0.3, Math.sqrt((fx - p.window.pos[0]) ** 2 + (fz - p.window.pos[2]) ** 2)),
      )
    : 1.6;
  return (h * angle * focal) / depth;
}

function fillTriangle(
  buf: Float32Array,
  heights: Float32Array,
  height: number,
  w: number,
  h: number,
  px: Float32Array,
  py: Float32Array,
  a: number,
  b: number,
  c: number,
): void {
  const x0 = px[a]!;
  const y0 = py[a]!;
  const x1 = px[b]!;
  const y1 = py[b]!;
  const x2 = px[c]!;
  const y2 = py[c]!;
  if (Number.isNaN(x0) || Number.isNaN(x1) || Number.isNaN(x2)) return;
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(area) < 1e-9) return;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maxX = Math.min(w - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maxY = Math.min(h - 1, Math.ceil(Math.max(y0, y1, y2)));
  const inv = 1 / area;
  // Barycentrics are linear in x: per row, only the span where all three are non-negative is
  // visited (as in the rasterizer), not the triangle's whole bounding box.
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
      const qx = x + 0.5;
      const w0 = ((x1 - qx) * (y2 - qy) - (x2 - qx) * (y1 - qy)) * inv;
      const w1 = ((x2 - qx) * (y0 - qy) - (x0 - qx) * (y2 - qy)) * inv;
      if (w0 >= 0 && w1 >= 0 && w0 + w1 <= 1) {
        buf[y * w + x] = 1;
        if (height > heights[y * w + x]!) heights[y * w + x] = height;
      }
    }
  }
}

/** Bounding box of non-zero pixels, grown by `pad` and clamped; null when empty. */
function bounds(buf: Float32Array, w: number, h: number, pad: number) {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (buf[y * w + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  if (x1 < 0) return null;
  return {
    x0: Math.max(0, x0 - pad),
    y0: Math.max(0, y0 - pad),
    x1: Math.min(w, x1 + pad + 1),
    y1: Math.min(h, y1 + pad + 1),
  };
}

/** Separable box blur with clamped edges, via running sums. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[y * w + Math.min(w - 1, Math.max(0, k))]!;
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = acc / n;
      acc += src[y * w + Math.min(w - 1, x + r + 1)]! - src[y * w + Math.max(0, x - r)]!;
    }
  }
  // Columns, a row at a time (the same running sums, visited in memory order).
  const acc = new Float64Array(w);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(h - 1, Math.max(0, k)) * w;
    for (let x = 0; x < w; x++) acc[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const add = Math.min(h - 1, y + r + 1) * w;
    const sub = Math.max(0, y - r) * w;
    for (let x = 0; x < w; x++) {
      out[o + x] = acc[x]! / n;
      acc[x]! += tmp[add + x]! - tmp[sub + x]!;
    }
  }
  return out;
}
