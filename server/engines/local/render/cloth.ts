// Fabric in shading: each soft piece tagged by models/cloth.ts gets its own wrinkles and its sewn
// edges. Wrinkles are three short waves (3-8 cm) in seeded directions, each fading out round a
// seeded point (fabric creases where it was sat on or pulled, not all over), plus one long, faint
// swell; all four bend the normal a little and darken the troughs. Seams run where the smooth
// surface turns 45 degrees off the piece's main faces (the middle of a rounded edge): piping is a
// cord there, a rounded ridge between two shaded grooves; a plain seam is one groove. Only normals
// and light change (no geometry), so it costs a few multiplications per fabric pixel. A seam is a
// millimetre or two wide, less than a pixel, and a textured pixel is shaded once: it is filtered to
// the pixel's footprint (0275), else the groove shows in some pixels and not others (a jagged halo
// round every pillow).
import type { Cloth } from '../models/cloth.ts';
import { createRng } from '../rng.ts';

/** Floats per cloth in the scene's table. */
export const CLOTH_STRIDE = 48;
const WAVES = 4;
const WAVE = 10;
const WAVE0 = 5;
/** Slot of the seam's footprint scale: t-units of blur per metre of surface a pixel spans. */
const FOOT = WAVE0 + WAVES * WAVE;
/** The seam band's half width in |normal . axis| (t = (s - 0.71) / SEAM_W). */
const SEAM_W = 0.07;

/**
 * A Gaussian groove of variance `v` (in t) seen through a pixel whose footprint is a Gaussian of
 * variance `f2`: their convolution, wider and shallower with the same area, so a groove finer than
 * a pixel fades to the grey it averages to instead of aliasing. f2 = 0 gives exp(-t² / 2v).
 */
export function groove(t: number, v: number, f2: number): number {
  const w = v + f2;
  return Math.sqrt(v / w) * Math.exp(-(t * t) / (2 * w));
}

/** Packs one cloth's shading parameters at `o`; its centre is moved by the piece's texture offset. */
export function packCloth(table: Float32Array, o: number, c: Cloth, offA: number, offB: number): void {
  const rng = createRng(c.seed);
  const [ax, ay, az] = c.axis;
  table.set([ax, ay, az, c.seam === 'piping' ? 2 : c.seam === 'seam' ? 1 : 0, c.wrinkle], o);
  // The seam runs round an edge whose radius is about the thin half size: a step of one metre across
  // it turns the normal by 1 / r radians, |n . axis| by sin 45 of that; half a pixel's step is the
  // footprint's sigma (a textured pixel is one point sample).
  table[o + FOOT] = (0.5 * 0.71) / (Math.max(0.01, Math.min(...c.half)) * SEAM_W);
  const reach = Math.max(c.half[0], c.half[1], c.half[2]);
  for (let i = 0; i < WAVES; i++) {
    // A direction across the main faces (a wave along the seam axis would only show on the sides).
    let dx = rng.range(-1, 1);
    let dy = rng.range(-1, 1);
    let dz = rng.range(-1, 1);
    const along = dx * ax + dy * ay + dz * az;
    dx -= along * ax;
    dy -= along * ay;
    dz -= along * az;
    const len = Math.hypot(dx, dy, dz) || 1;
    const long = i === WAVES - 1;
    const k = (2 * Math.PI) / (long ? rng.range(0.18, 0.3) : rng.range(0.03, 0.08)) / len;
    // Creases gather locally: on a duvet they do not run across the whole bed in parallel.
    const r = Math.min(0.3, rng.range(0.35, 0.8) * reach);
    table.set(
      [
        dx * k,
        dy * k,
        dz * k,
        rng.range(0, 2 * Math.PI),
        (long ? 0.06 : rng.range(0.1, 0.22)) * c.wrinkle,
        c.centre[0] + c.half[0] * rng.range(-0.9, 0.9) + offA,
        c.centre[1] + c.half[1] * rng.range(-0.9, 0.9),
        c.centre[2] + c.half[2] * rng.range(-0.9, 0.9) + offB,
        long ? 0 : 1 / (r * r),
        1 / k / len,
      ],
      o + WAVE0 + i * WAVE,
    );
  }
}

/**
 * Bends normal (nx, ny, nz) (piece frame, with the scan's bump) for the cloth whose parameters
 * start at `o`, at local point (x, y, z) where the smooth normal is (sx, sy, sz). Writes the new
 * normal (not normalised) to out[0..2] and a light factor (grooves, troughs) to out[3]; `fade`
 * scales the wrinkles.
 */
export function clothShade(
  T: Float32Array,
  o: number,
  x: number,
  y: number,
  z: number,
  sx: number,
  sy: number,
  sz: number,
  nx: number,
  ny: number,
  nz: number,
  /** 0..1: how much of the wrinkles shows (less towards grazing views). */
  fade: number,
  out: Float64Array,
  /** Metres of surface one pixel spans across the view (0: no filtering). */
  spread = 0,
): void {
  let gx = 0;
  let gy = 0;
  let gz = 0;
  let trough = 0;
  // The long swell goes first: it also bends the short waves' crests, so creases curve.
  let warp = 0;
  for (let j = 0; j < WAVES; j++) {
    const i = WAVES - 1 - j;
    const w = o + WAVE0 + i * WAVE;
    const kx = T[w]!;
    const ky = T[w + 1]!;
    const kz = T[w + 2]!;
    let env = 1;
    const inv = T[w + 8]!;
    if (inv > 0) {
      const ex = x - T[w + 5]!;
      const ey = y - T[w + 6]!;
      const ez = z - T[w + 7]!;
      const q = 1 + (ex * ex + ey * ey + ez * ez) * inv;
      env = 1 / (q * q);
      if (env < 0.02) continue;
    }
    const th = kx * x + ky * y + kz * z + T[w + 3]! + warp;
    const a = T[w + 4]! * env * T[w + 9]!;
    // Creases: a sharp trough and a broad crest (the slope of -|sin|, smoothed).
    const s = Math.sin(th);
    const c = Math.cos(th);
    if (j === 0) warp = 1.8 * s;
    const slope = a * c * (s < 0 ? 1.6 : 0.6);
    gx += slope * kx;
    gy += slope * ky;
    gz += slope * kz;
    if (s < 0) trough -= T[w + 4]! * env * s * s;
  }
  gx *= fade;
  gy *= fade;
  gz *= fade;
  trough *= fade;
  // Only the part of the slope across the surface bends the normal.
  const gn = (gx * sx + gy * sy + gz * sz) / (sx * sx + sy * sy + sz * sz || 1);
  nx -= gx - gn * sx;
  ny -= gy - gn * sy;
  nz -= gz - gn * sz;
  let light = 1 + 0.9 * trough;
  const kind = T[o + 3]!;
  if (kind > 0) {
    const sl = Math.sqrt(sx * sx + sy * sy + sz * sz) || 1;
    const ax = T[o]!;
    const ay = T[o + 1]!;
    const az = T[o + 2]!;
    const d = (sx * ax + sy * ay + sz * az) / sl;
    const s = d < 0 ? -d : d;
    const t = (s - 0.71) / SEAM_W;
    const fs = T[o + FOOT]! * spread;
    const f2 = fs * fs;
    const reach = 1.8 + 3 * fs;
    if (t > -reach && t < reach) {
      if (kind === 2) {
        // The cord: its normal swings across it (a rounded ridge), a groove either side; a cord
        // narrower than the footprint flattens as its grooves do.
        if (t > -1 && t < 1) {
          const sg = d < 0 ? -1 : 1;
          const tx = ax * sg - (sx / sl) * s;
          const ty = ay * sg - (sy / sl) * s;
          const tz = az * sg - (sz / sl) * s;
          const tl = Math.sqrt(tx * tx + ty * ty + tz * tz) || 1;
          const bend = ((0.9 * t) / tl) * Math.sqrt(0.33 / (0.33 + f2));
          nx += tx * bend;
          ny += ty * bend;
          nz += tz * bend;
        }
        light *= 1 - 0.4 * groove((t < 0 ? -t : t) - 1, 0.04, f2);
      } else light *= 1 - 0.35 * groove(t, 0.06, f2);
    }
  }
  out[0] = nx;
  out[1] = ny;
  out[2] = nz;
  out[3] = light < 0.5 ? 0.5 : light;
}
