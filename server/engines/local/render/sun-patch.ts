// Window light across the furniture. Where the photo shows a patch of sun (or bright sky light)
// on the floor, the beam that makes it is known: it comes through the window and lands there. The
// patch is found as floor much brighter than the rest of its row; the beam's direction runs from
// the nearest window's middle to the patch's middle. A furniture point is in the beam when its
// projection down the beam onto the floor lands in the patch and nothing else stands between it
// and the window (a shadow map along the beam); it then gets the patch's extra light, in the
// patch's colour. The floor patch loses its extra light where a piece now blocks the beam, so the
// piece's shadow cuts the patch. Blind judges (0208) saw light on the floor but not on the pieces.
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { floorPoint, type Camera } from '../geometry/camera.ts';
import { clamp, normalize, type Vec3 } from '../geometry/vec.ts';
import { srgbToLinear } from '../styles/materials.ts';

export interface SunPatch {
  /** Unit vector towards the light through the window (world). */
  dir: Vec3;
  cam: Camera;
  renderScale: number;
  /** Grid of `cell` render pixels: extra light of the patch relative to the unlit floor, 3 per cell (linear). */
  cell: number;
  gw: number;
  gh: number;
  gain: Float32Array;
  /** The patch's bounding box in render pixels (grown a little). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A patch with the pieces' shadow map along its beam: what the shader and the floor pass read. */
export interface SunLight extends SunPatch {
  /** Highest beam distance (height / dir.y) of a piece over each render pixel of the box; 0 = none. */
  depth: Float32Array;
  /** Sine and cosine of the camera's pitch. */
  sp: number;
  cp: number;
}

const LIN = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i));
/** A floor cell this much brighter than its row's median is lit by the window (fully from HI). */
const LO = 1.55;
const HI = 1.9;

/**
 * Finds the window's light patch on the floor, or null (no window, a glossy floor whose bright spots
 * are reflections, or no patch of a plausible size and direction).
 */
export function findSunPatch(
  img: RawImage,
  a: RenderRoom,
  rw: number,
  rh: number,
  renderScale: number,
  floorRow: Float32Array,
  gloss: number,
): SunPatch | null {
  const windows = a.openings.filter((o) => o.kind === 'window');
  if (!windows.length || gloss > 0.3) return null;
  const cell = Math.max(2, Math.round(rw / 480));
  const gw = Math.ceil(rw / cell);
  const gh = Math.ceil(rh / cell);
  const rgb = new Float32Array(gw * gh * 3);
  const floor = new Uint8Array(gw * gh);
  const W = img.width;
  const d = img.data;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const cx = Math.min(rw - 1, (gx + 0.5) * cell);
      if ((gy + 0.5) * cell < floorRow[Math.floor(cx)]! + cell) continue;
      floor[gy * gw + gx] = 1;
      for (let k = 0; k < 4; k++) {
        const X = Math.min(W - 1, Math.floor(((gx + 0.25 + 0.5 * (k & 1)) * cell) / renderScale));
        const Y = Math.min(img.height - 1, Math.floor(((gy + 0.25 + 0.5 * (k >> 1)) * cell) / renderScale));
        const p = (Y * W + X) * 3;
        for (let c = 0; c < 3; c++) rgb[(gy * gw + gx) * 3 + c]! += LIN[d[p + c]!]! / 4;
      }
    }
  const base = rowBaselines(rgb, floor, gw, gh);
  const gain = new Float32Array(gw * gh * 3);
  const ratio = new Float32Array(gw * gh);
  let nFloor = 0;
  let bright = 0;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (!floor[i] || !base[gy * 3]) continue;
      nFloor++;
      ratio[i] = lumOf(rgb, i * 3) / lumOf(base, gy * 3);
      const k = clamp((ratio[i] - LO) / (HI - LO), 0, 1);
      if (k === 0) continue;
      bright++;
      for (let c = 0; c < 3; c++) gain[i * 3 + c] = k * clamp(rgb[i * 3 + c]! / base[gy * 3 + c]! - 1, 0, 6);
    }
  // Most photos stop here: too little bright floor for a patch.
  const least = Math.max(gw * gh * 0.004, nFloor * 0.01);
  if (bright < least) return null;
  keepPatches(gain, ratio, gw, gh, nFloor);
  let n = 0;
  let sx = 0;
  let sz = 0;
  let sw = 0;
  let [x0, y0, x1, y1] = [gw, gh, -1, -1];
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (!gain[i * 3 + 1]) continue;
      const q = floorPoint(a.camera, ((gx + 0.5) * cell) / renderScale, ((gy + 0.5) * cell) / renderScale);
      if (!q) continue;
      const w = ratio[i]! - 1;
      sx += q[0] * w;
      sz += q[2] * w;
      sw += w;
      n++;
      if (gx < x0) x0 = gx;
      if (gx > x1) x1 = gx;
      if (gy < y0) y0 = gy;
      if (gy > y1) y1 = gy;
    }
  if (!sw || n < least || n > nFloor * 0.35) return null;
  const dir = beam(a, windows, [sx / sw, 0, sz / sw], floorRow, renderScale);
  if (!dir) return null;
  return {
    dir,
    cam: a.camera,
    renderScale,
    cell,
    gw,
    gh,
    gain,
    x0: Math.max(0, (x0 - 1) * cell),
    y0: Math.max(0, (y0 - 1) * cell),
    x1: Math.min(rw, (x1 + 2) * cell),
    y1: Math.min(rh, (y1 + 2) * cell),
  };
}

/**
 * Keeps the bright regions that look like light through a window: solid (at least 30% of their
 * box: not the streaks of a wood floor's sheen), several times brighter than the floor around
 * (mean ratio 1.9) and not specks. The rest of the gain is cleared.
 */
function keepPatches(gain: Float32Array, ratio: Float32Array, gw: number, gh: number, nFloor: number): void {
  const seen = new Uint8Array(gw * gh);
  const stack = new Int32Array(gw * gh);
  const cells = new Int32Array(gw * gh);
  const visit = (j: number, top: number): number => {
    if (seen[j] || !gain[j * 3 + 1]) return top;
    seen[j] = 1;
    stack[top] = j;
    return top + 1;
  };
  for (let start = 0; start < gw * gh; start++) {
    if (seen[start] || !gain[start * 3 + 1]) continue;
    let count = 0;
    let top = visit(start, 0);
    let [x0, y0, x1, y1, r] = [gw, gh, 0, 0, 0];
    while (top) {
      const i = stack[--top]!;
      cells[count++] = i;
      const x = i % gw;
      const y = (i - x) / gw;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      r += ratio[i]!;
      if (y > 0) top = visit(i - gw, top);
      if (y < gh - 1) top = visit(i + gw, top);
      if (x > 0) top = visit(i - 1, top);
      if (x < gw - 1) top = visit(i + 1, top);
    }
    const solid = count / ((x1 - x0 + 1) * (y1 - y0 + 1));
    if (count >= Math.max(12, nFloor * 0.002) && solid >= 0.3 && r / count >= 1.9) continue;
    for (let k = 0; k < count; k++) gain.fill(0, cells[k]! * 3, cells[k]! * 3 + 3);
  }
}

const lumOf = (v: Float32Array, o: number) => 0.2126 * v[o]! + 0.7152 * v[o + 1]! + 0.0722 * v[o + 2]!;

/**
 * The unlit floor's colour per grid row: the median of the row (a patch covers part of a row, not
 * most of it), averaged over nine rows. Rows with too little floor take their neighbours'.
 */
function rowBaselines(rgb: Float32Array, floor: Uint8Array, gw: number, gh: number): Float32Array {
  const med = new Float32Array(gh * 3);
  const v: number[] = [];
  for (let gy = 0; gy < gh; gy++)
    for (let c = 0; c < 3; c++) {
      v.length = 0;
      for (let gx = 0; gx < gw; gx += 2) if (floor[gy * gw + gx]) v.push(rgb[(gy * gw + gx) * 3 + c]!);
      if (v.length < 8) continue;
      v.sort((p, q) => p - q);
      med[gy * 3 + c] = Math.max(1e-4, v[v.length >> 1]!);
    }
  const base = new Float32Array(gh * 3);
  for (let gy = 0; gy < gh; gy++) {
    if (!med[gy * 3]) continue;
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      let n = 0;
      for (let r = Math.max(0, gy - 4); r <= Math.min(gh - 1, gy + 4); r++)
        if (med[r * 3]) {
          sum += med[r * 3 + c]!;
          n++;
        }
      base[gy * 3 + c] = sum / n;
    }
  }
  return base;
}

/**
 * Direction towards the light: from the patch's middle to the middle of the window nearest it,
 * each window placed on the wall above its column's floor line. Null when that beam is implausible
 * (nearly level or straight down).
 */
function beam(
  a: RenderRoom,
  windows: RenderRoom['openings'],
  patch: Vec3,
  floorRow: Float32Array,
  renderScale: number,
): Vec3 | null {
  const cam = a.camera;
  let best: Vec3 | null = null;
  let bestDist = Infinity;
  for (const o of windows) {
    const u = (o.x0 + o.x1) / 2;
    const col = clamp(Math.round(u * renderScale), 0, floorRow.length - 1);
    const baseRow = Math.max(o.y1, floorRow[col]! / renderScale);
    const foot = floorPoint(cam, u, baseRow);
    if (!foot) continue;
    const top = heightAt(cam, foot, o.y0);
    const sill = heightAt(cam, foot, Math.min(o.y1, baseRow));
    const c: Vec3 = [foot[0], (top + sill) / 2, foot[2]];
    const dist = Math.hypot(c[0] - patch[0], c[2] - patch[2]);
    if (dist < bestDist) {
      bestDist = dist;
      best = c;
    }
  }
  if (!best) return null;
  const dir = normalize([best[0] - patch[0], best[1], best[2] - patch[2]]);
  return dir[1] > 0.15 && dir[1] < 0.95 ? dir : null;
}

/** Height above the floor of image row v on the vertical through floor point `foot`. */
function heightAt(cam: Camera, foot: Vec3, v: number): number {
  const s = Math.sin(cam.pitch);
  const c = Math.cos(cam.pitch);
  const k = (cam.cy - v) / cam.f;
  // Solve v = project([x, y, z]) for y: with Y = y - eye, k (z c - Y s) = Y c + z s.
  const Y = (foot[2] * (k * c - s)) / (c + k * s);
  return Y + cam.eye;
}
