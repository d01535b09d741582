// Reflections of the furniture on glossy floors. Whether the floor is glossy is read off the photo:
// a polished floor mirrors each window straight below it (about the wall's base line, the window's
// column profile repeats upside down on the floor); a matt floor shows at most a diffuse glow.
// The reflection itself is the scene mirrored in the floor plane, rendered at half resolution,
// softened and laid over the floor (it replaces what the floor mirrored before: the bare wall).
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { project } from '../geometry/camera.ts';
import { boxBlur } from './shadows.ts';
import type { Layers } from './shading.ts';
import type { Scene } from './scene.ts';

/** 0 (matt) .. 1 (mirror-like reflections of the windows). */
export function floorGloss(img: RawImage, a: RenderRoom, floorRowAt: (x: number) => number): number {
  let best = 0;
  const lum = (x: number, y: number) => {
    const p =
      (Math.min(img.height - 1, Math.max(0, y)) * img.width + Math.min(img.width - 1, Math.max(0, x))) * 3;
    return 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!;
  };
  for (const o of a.openings.slice(0, 3)) {
    const { x0, x1, y0, y1 } = o;
    // The wall's base line below the opening: the floor boundary's highest point around it (the
    // boundary dips where something stands on the floor), or the opening's own foot (doors).
    let base = Infinity;
    for (let k = 0; k <= 16; k++)
      base = Math.min(base, floorRowAt(x0 - (x1 - x0) / 2 + ((x1 - x0) * 2 * k) / 16));
    if (!Number.isFinite(base) || base < (y0 + y1) / 2) continue;
    base = Math.max(base, y1);
    // Mirror band of the window's lower half (the part nearest the floor reflects most clearly).
    const r0 = Math.max(base + 2, 2 * base - y1);
    const r1 = Math.min(img.height - 1, 2 * base - (y0 + y1) / 2);
    if (r1 - r0 < 4) continue;
    const margin = (x1 - x0) / 2;
    const cols = 48;
    const W: number[] = [];
    const R: number[] = [];
    const inside: boolean[] = [];
    for (let k = 0; k < cols; k++) {
      const x = Math.round(x0 - margin + ((x1 - x0 + 2 * margin) * (k + 0.5)) / cols);
      let w = 0;
      let r = 0;
      const n = 8;
      for (let j = 0; j < n; j++) {
        w += lum(x, Math.round((y0 + y1) / 2 + (((y1 - y0) / 2) * (j + 0.5)) / n));
        r += lum(x, Math.round(r0 + ((r1 - r0) * (j + 0.5)) / n));
      }
      W.push(w / n);
      R.push(r / n);
      inside.push(x >= x0 && x <= x1);
    }
    const ncc = correlation(W, R);
    const mean = (v: number[], f: boolean) => {
      const sel = v.filter((_, i) => inside[i] === f);
      return sel.length ? sel.reduce((p, q) => p + q, 0) / sel.length : 0;
    };
    const lift = mean(R, true) - mean(R, false);
    const g = clamp01((ncc - 0.35) / 0.45) * clamp01(lift / 25);
    if (g > best) best = g;
  }
  return best;
}

/**
 * Renders the mirrored scene with `render` (rasterise + shade at the given size and scale) and
 * lays it over the floor in the covering layer, with strength `gloss`.
 */
export function addReflection(
  layers: Layers,
  scene: Scene,
  a: RenderRoom,
  renderScale: number,
  gloss: number,
  floorRow: Float32Array,
  render: (mirror: Scene, w: number, h: number) => Layers,
): void {
  if (gloss <= 0.05) return;
  const { width: w, height: h } = layers;
  const hw = Math.max(2, w >> 1);
  const hh = Math.max(2, h >> 1);
  const hs = (renderScale * hw) / w;
  const mirror = mirrored(scene, a, hs);
  const refl = render(mirror, hw, hh).furniture;
  // Soften: a polished floor is not a mirror; the blur also hides the half resolution.
  const r = Math.max(1, Math.round(hw * 0.004));
  const chans = [0, 1, 2, 3].map((c) => {
    const plane = new Float32Array(hw * hh);
    for (let i = 0; i < hw * hh; i++) plane[i] = refl[i * 4 + c]!;
    return boxBlur(plane, hw, hh, r);
  });
  const C = layers.covering;
  const k = 0.32 * gloss;
  for (let y = 0; y < h; y++) {
    const ry = Math.min(hh - 1, Math.floor((y * hh) / h));
    for (let x = 0; x < w; x++) {
      if (y + 0.5 < floorRow[x]!) continue;
      const q = ry * hw + Math.min(hw - 1, Math.floor((x * hw) / w));
      const ra = chans[3]![q]!;
      if (ra <= 0) continue;
      const i = (y * w + x) * 4;
      const free = (1 - C[i + 3]!) * k;
      C[i]! += chans[0]![q]! * free;
      C[i + 1]! += chans[1]![q]! * free;
      C[i + 2]! += chans[2]![q]! * free;
      C[i + 3]! += ra * free;
    }
  }
}

/** The scene mirrored in the floor plane (projection only; it is shaded as the original). */
function mirrored(scene: Scene, a: RenderRoom, scale: number): Scene {
  const n = scene.vertexCount;
  const sx = new Float32Array(n);
  const sy = new Float32Array(n);
  const iz = new Float32Array(n);
  for (let v = 0; v < n; v++) {
    const pr = project(a.camera, [scene.world[v * 3]!, -scene.world[v * 3 + 1]!, scene.world[v * 3 + 2]!]);
    sx[v] = pr[0] * scale;
    sy[v] = pr[1] * scale;
    iz[v] = pr[2] > 0.05 ? 1 / pr[2] : -1;
  }
  // Rugs and wall art are not mirrored (rugs lie on the floor, art hangs above the wall line).
  for (let t = 0; t < scene.triCount; t++)
    if (!scene.triCasts[t]) for (let k = 0; k < 3; k++) iz[scene.tris[t * 3 + k]!] = -1;
  return { ...scene, sx, sy, iz };
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((p, q) => p + q, 0) / n;
  const mb = b.reduce((p, q) => p + q, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa > 1e-6 && sbb > 1e-6 ? sab / Math.sqrt(saa * sbb) : 0;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
