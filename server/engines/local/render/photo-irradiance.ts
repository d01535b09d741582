// The photo as the furniture's diffuse light (issue 30, "the photo as the light"; blind judges named
// "shading that does not follow the room's light"). The photo is already projected onto the room
// box for reflections (environment.ts); here, from each piece's centre, that box is integrated into
// order-2 spherical harmonics (sh-irradiance.ts): the side of a sofa facing a bright window gets
// the window, the side facing a dark wall gets that wall, in its colour, and a window's soft glow
// reaches nearby pieces without a sun patch. Clipped photo pixels (windows) are lifted, since the
// photo caps a window far below its real brightness. The set is divided by what the floor under
// the piece receives from above, so a piece's top is as bright as the floor around it and the
// photo's exposure is kept; the shader scales it by the light its up-facing surfaces had before.
import type { Rgb } from '../styles/materials.ts';
import { lookup, type Environment } from './environment.ts';
import type { Scene } from './scene.ts';
import { boxBlur } from './shadows.ts';
import {
  evalSh,
  irradianceSh,
  SH_COEFFS,
  shEven,
  shLinear,
  shToPoly,
  sphereDirections,
} from './sh-irradiance.ts';

/** Per piece, polynomial weights (shToPoly) of its light relative to the floor under it. */
export interface PieceLight {
  poly: Float32Array;
}

/** Directions per integration: a window of 20 degrees still gets several samples. */
const DIRS = sphereDirections(384);
/** Photo-linear level (0..1) above which a pixel is taken as clipped, and how much it is lifted. */
const KNEE = 0.7;
const LIFT = 8;
/** Light left on the floor under and around a piece, relative to the empty photo's. */
const SHADOWED = 0.7;
/**
 * The walls and ceiling the photo does not show (behind the camera, above the frame) relative to
 * the mean of the walls it shows: the ceiling gets only bounce light, and the mean of the seen walls
 * includes the window walls' brightest parts. Without it the side of a piece facing the camera is
 * lit as brightly as its top and the piece loses its form.
 */
const UNSEEN = 0.75;
/** How far a piece's light may take its colour from the room (ratio to its luminance). */
const CHROMA: [number, number] = [0.9, 1.12];

const lifted = new WeakMap<Environment, Environment>();

/** The environment with clipped pixels lifted and blurred a little (diffuse light has no detail). */
export function lightEnvironment(env: Environment): Environment {
  const hit = lifted.get(env);
  if (hit) return hit;
  const { w, h, sharp } = env;
  const px = w * h;
  const hdr = new Float32Array(px * 3);
  for (let i = 0; i < px; i++) {
    const l =
      (0.2126 * sharp[i * 3]! + 0.7152 * sharp[i * 3 + 1]! + 0.0722 * sharp[i * 3 + 2]!) * env.exposure;
    const t = l > KNEE ? Math.min(1, (l - KNEE) / (1 - KNEE)) : 0;
    const k = 1 + LIFT * t * t;
    for (let c = 0; c < 3; c++) hdr[i * 3 + c] = sharp[i * 3 + c]! * k;
  }
  const plane = new Float32Array(px);
  const r = Math.max(1, Math.round(w / 32));
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < px; i++) plane[i] = hdr[i * 3 + c]!;
    const b = boxBlur(boxBlur(plane, w, h, r), w, h, r);
    for (let i = 0; i < px; i++) hdr[i * 3 + c] = b[i]!;
  }
  // `soft` holds the lifted copy and `sharp` the plain blurred one (lookup picks by its flag).
  const wall = env.wall.map((v) => v * UNSEEN) as Rgb;
  const out = { ...env, sharp: env.soft, soft: hdr, wall };
  lifted.set(env, out);
  return out;
}

/**
 * Irradiance coefficients at world point (x, y, z) of the lifted environment. Rays going down see
 * the floor unlifted (a clipped floor is a sun patch or a glare, whose bounce the photo already
 * shows on the walls) and dimmed by SHADOWED: the piece and its neighbours shade the floor under
 * them, which the empty photo cannot show.
 */
export function irradianceAt(env: Environment, x: number, y: number, z: number): Float64Array {
  return irradianceSh(DIRS, (dx, dy, dz, out) => {
    if (dy >= 0) return lookup(env, x, y, z, dx, dy, dz, true, out);
    lookup(env, x, y, z, dx, dy, dz, false, out);
    for (let c = 0; c < 3; c++) out[c] = out[c]! * SHADOWED;
  });
}

/** Luminance of irradiance / pi on an upward-facing surface. */
export function upLuminance(sh: Float64Array): number {
  const e: Rgb = [0, 0, 0];
  evalSh(sh, 0, 1, 0, e);
  return 0.2126 * e[0] + 0.7152 * e[1] + 0.0722 * e[2];
}

/** Each piece's light, from its bounding box's centre, relative to the floor below it. */
export function pieceLight(scene: Scene, env: Environment): PieceLight {
  const items = scene.itemFrame.length / 4;
  const lo = new Float64Array(items * 3).fill(Infinity);
  const hi = new Float64Array(items * 3).fill(-Infinity);
  const W = scene.world;
  for (let t = 0; t < scene.triCount; t++) {
    const it = scene.triItem[t]! * 3;
    for (let k = 0; k < 3; k++) {
      const v = scene.tris[t * 3 + k]! * 3;
      for (let c = 0; c < 3; c++) {
        lo[it + c] = Math.min(lo[it + c]!, W[v + c]!);
        hi[it + c] = Math.max(hi[it + c]!, W[v + c]!);
      }
    }
  }
  const lit = lightEnvironment(env);
  const poly = new Float32Array(items * SH_COEFFS * 3);
  for (let i = 0; i < items; i++) {
    if (!Number.isFinite(lo[i * 3]!)) continue;
    const x = (lo[i * 3]! + hi[i * 3]!) / 2;
    const z = (lo[i * 3 + 2]! + hi[i * 3 + 2]!) / 2;
    // Low pieces (rugs) are lit from a little above the floor: at the floor every downward ray
    // would land on the spot itself.
    const y = Math.max(0.15, (lo[i * 3 + 1]! + hi[i * 3 + 1]!) / 2);
    const sh = irradianceAt(lit, x, y, z);
    const floor = upLuminance(irradianceAt(lit, x, 0.02, z));
    poly.set(shToPoly(normalise(sh, floor)), i * SH_COEFFS * 3);
  }
  return { poly };
}

/** The set divided by the floor's light, its colour held within CHROMA of grey. */
function normalise(sh: Float64Array, floor: number): Float64Array {
  const out = new Float64Array(sh.length);
  const dc = [0, 1, 2].map((c) => sh[c * SH_COEFFS]!);
  const lum = 0.2126 * dc[0]! + 0.7152 * dc[1]! + 0.0722 * dc[2]! || 1;
  for (let c = 0; c < 3; c++) {
    const ratio = dc[c]! / lum;
    const k = Math.min(CHROMA[1], Math.max(CHROMA[0], ratio)) / (ratio || 1) / (floor || lum);
    for (let j = 0; j < SH_COEFFS; j++) out[c * SH_COEFFS + j] = sh[c * SH_COEFFS + j]! * k;
  }
  return out;
}

/** The last even part evaluated (3), its normal (3) and the set's offset (1): see photoLightAt. */
export const newPhotoCache = () => Float64Array.of(0, 0, 0, 9, 9, 9, -1);

/**
 * The photo light of the set at offset `o` (piece * 27) for unit normal (n0, n1, n2), times `k`,
 * into `out`. Its constant and quadratic part is smooth in the normal, so `cache` keeps it for
 * neighbouring samples within ~6 degrees; the linear part, which carries bumps and creases, is
 * added per sample (evaluating all of it per sample cost ~40 ms on the largest renders).
 */
export function photoLightAt(
  poly: Float32Array,
  o: number,
  n0: number,
  n1: number,
  n2: number,
  k: number,
  cache: Float64Array,
  out: Float64Array,
): void {
  const d0 = n0 - cache[3]!;
  const d1 = n1 - cache[4]!;
  const d2 = n2 - cache[5]!;
  if (o !== cache[6] || d0 * d0 + d1 * d1 + d2 * d2 > 0.01) {
    shEven(poly, o, n0, n1, n2, cache);
    cache[3] = n0;
    cache[4] = n1;
    cache[5] = n2;
    cache[6] = o;
  }
  for (let c = 0; c < 3; c++) {
    const e = cache[c]! + shLinear(poly, o, c, n0, n1, n2);
    out[c] = (e < 0.1 ? 0.1 : e > 3 ? 3 : e) * k;
  }
}
