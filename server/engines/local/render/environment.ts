// The photo as the room's light for glossy surfaces (issue 30 item 1; Karsch et al. 2011): the
// photo is projected back onto a box fitted to the measured room (floor, back and side walls out
// to the floor outline, a ceiling), and a reflected ray from a piece looks up what the camera saw
// where it hits. So a leather arm, a lacquered top or a metal leg mirrors this room's own window,
// walls and floor, not a generic highlight. Where the ray leaves the photo's view (the wall behind
// the camera, the ceiling above the frame) it takes the mean colour of the floor or of the walls.
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';
import { project, roomToWorld } from '../geometry/camera.ts';
import type { Camera } from '../geometry/camera.ts';
import { srgbToLinear, type Material, type Rgb } from '../styles/materials.ts';
import { boxBlur } from './shadows.ts';

export interface Environment {
  cam: Camera;
  /** Photo pixels per environment pixel. */
  step: number;
  w: number;
  h: number;
  /** Linear RGB, already divided by the render's exposure and tint (so adding it reproduces the photo). */
  sharp: Float32Array;
  /** Blurred over about a tenth of the frame: what a satin surface (leather, oiled wood) mirrors. */
  soft: Float32Array;
  /** The render's exposure: a value times this is the photo's linear level (clipped near 1). */
  exposure: number;
  /** The room box in room coordinates (a along the back wall, b into the room), metres. */
  aMin: number;
  aMax: number;
  bMin: number;
  bMax: number;
  ceiling: number;
  floor: Rgb;
  wall: Rgb;
}

/** Environment width in pixels: reflections are blurred by curvature and roughness anyway. */
const ENV_W = 160;
/** Assumed ceiling height: listing rooms are 2.4-2.7 m; the box only decides where rays land. */
const CEILING = 2.55;
/** The unseen wall behind the camera, metres behind it. */
const BEHIND = 1.2;

export function photoEnvironment(img: RawImage, a: RenderRoom, exposure: number, tint: Rgb): Environment {
  const step = Math.max(1, img.width / ENV_W);
  const w = Math.max(2, Math.round(img.width / step));
  const h = Math.max(2, Math.round(img.height / step));
  const sharp = new Float32Array(w * h * 3);
  const lin = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i));
  // A 4 x 4 grid of photo pixels per cell: enough to average out grain at a fraction of reading all.
  const sub = 4;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < sub; j++)
        for (let i = 0; i < sub; i++) {
          const px = Math.min(img.width - 1, Math.floor((x + (i + 0.5) / sub) * step));
          const py = Math.min(img.height - 1, Math.floor((y + (j + 0.5) / sub) * step));
          const p = (py * img.width + px) * 3;
          r += lin[img.data[p]!]!;
          g += lin[img.data[p + 1]!]!;
          b += lin[img.data[p + 2]!]!;
        }
      const o = (y * w + x) * 3;
      const k = 1 / (sub * sub);
      sharp[o] = (r * k) / (exposure * tint[0]);
      sharp[o + 1] = (g * k) / (exposure * tint[1]);
      sharp[o + 2] = (b * k) / (exposure * tint[2]);
    }
  const soft = new Float32Array(w * h * 3);
  const plane = new Float32Array(w * h);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < w * h; i++) plane[i] = sharp[i * 3 + c]!;
    const blurred = boxBlur(boxBlur(plane, w, h, Math.round(w / 20)), w, h, Math.round(w / 20));
    for (let i = 0; i < w * h; i++) soft[i * 3 + c] = blurred[i]!;
  }
  const as = a.floorRoom.map((p) => p[0]);
  const bs = a.floorRoom.map((p) => p[1]);
  const floor = meanWhere(sharp, w, h, a, step, true);
  const wall = meanWhere(sharp, w, h, a, step, false);
  return {
    cam: a.camera,
    step,
    w,
    h,
    sharp,
    soft,
    exposure,
    aMin: Math.min(...as, -1.5),
    aMax: Math.max(...as, 1.5),
    bMin: Math.min(-BEHIND, ...bs),
    bMax: Math.max(a.backWall, 1.5),
    ceiling: CEILING,
    floor,
    wall,
  };
}

/** Mean colour below (floor) or above (walls) the floor outline. */
function meanWhere(px: Float32Array, w: number, h: number, a: RenderRoom, step: number, below: boolean): Rgb {
  const rows = a.floorImage.slice(1, -1);
  const out: Rgb = [0, 0, 0];
  let n = 0;
  for (let x = 0; x < w; x++) {
    const u = (x + 0.5) * step;
    let row = rows.length ? rows[0]![1] : h * step;
    for (let i = 1; i < rows.length; i++) if (rows[i]![0] <= u) row = rows[i]![1];
    for (let y = 0; y < h; y++) {
      if ((y + 0.5) * step >= row !== below) continue;
      const o = (y * w + x) * 3;
      out[0] += px[o]!;
      out[1] += px[o + 1]!;
      out[2] += px[o + 2]!;
      n++;
    }
  }
  return n ? (out.map((v) => v / n) as Rgb) : [0.5, 0.5, 0.5];
}

/**
 * What the room shows along a ray from world point p in world direction d: the photo where the
 * ray meets the room box inside the frame, else the floor's or walls' mean. `soft` picks the
 * blurred copy. Written into `out` (linear, in the render's units).
 */
export function lookup(
  env: Environment,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  soft: boolean,
  out: Rgb,
): void {
  const { cam } = env;
  // World -> room axes (a rotation about the vertical, as worldToRoom).
  const s = Math.sin(cam.yaw);
  const c = Math.cos(cam.yaw);
  const pa = px * c - pz * s;
  const pb = px * s + pz * c;
  const da = dx * c - dz * s;
  const db = dx * s + dz * c;
  let t = Infinity;
  let onFloor = false;
  if (dy < -1e-4) {
    t = -py / dy;
    onFloor = true;
  } else if (dy > 1e-4) t = (env.ceiling - py) / dy;
  if (da > 1e-4) t = Math.min(t, (env.aMax - pa) / da);
  else if (da < -1e-4) t = Math.min(t, (env.aMin - pa) / da);
  if (db > 1e-4) t = Math.min(t, (env.bMax - pb) / db);
  else if (db < -1e-4) t = Math.min(t, (env.bMin - pb) / db);
  if (onFloor && t < -py / dy - 1e-6) onFloor = false;
  t = Math.max(0, t);
  const hit = roomToWorld(cam, pa + da * t, pb + db * t, py + dy * t);
  const [u, v, depth] = project(cam, hit);
  const ex = u / env.step - 0.5;
  const ey = v / env.step - 0.5;
  if (depth > 0.05 && ex >= 0 && ey >= 0 && ex < env.w - 1 && ey < env.h - 1) {
    const img = soft ? env.soft : env.sharp;
    const x0 = ex | 0;
    const y0 = ey | 0;
    const tx = ex - x0;
    const ty = ey - y0;
    const i = (y0 * env.w + x0) * 3;
    const j = i + env.w * 3;
    for (let k = 0; k < 3; k++)
      out[k] =
        (img[i + k]! * (1 - tx) + img[i + 3 + k]! * tx) * (1 - ty) +
        (img[j + k]! * (1 - tx) + img[j + 3 + k]! * tx) * ty;
    return;
  }
  const fb = onFloor ? env.floor : env.wall;
  out[0] = fb[0];
  out[1] = fb[1];
  out[2] = fb[2];
}

/**
 * How much of the room a material mirrors (0..1 of its Fresnel reflectance), whether it is a metal
 * (reflection tinted by its colour) and whether it mirrors a blurred room (satin: leather, oiled
 * wood) or a sharp one (lacquer, polished metal, glaze); null for matt materials (fabric).
 */
export function glossOf(
  m: Material,
): { amount: number; metal: boolean; soft: boolean; grazing: number } | null {
  const amount = Math.min(1, Math.max(0, (m.spec - 0.06) / 0.24));
  if (amount <= 0) return null;
  const soft = m.gloss < 40;
  // Reflectance at grazing angles: 1 for a mirror, about 1 - roughness for a rough surface.
  return { amount, metal: m.texture === 'metal', soft, grazing: soft ? 0.16 : 0.85 };
}
