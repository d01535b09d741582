// Diffuse light from an environment as order-2 spherical harmonics (Ramamoorthi & Hanrahan 2001):
// nine coefficients per channel hold the irradiance a Lambertian surface gets for every normal
// within a few per cent, so an environment is integrated once (a few hundred directions) and the
// shader evaluates a small polynomial of the normal per sample instead of integrating per pixel.
import type { Rgb } from '../styles/materials.ts';

/** Coefficients per channel; a set is 27 numbers, channel-major (r0..r8, g0..g8, b0..b8). */
export const SH_COEFFS = 9;

/** The nine real SH basis functions at unit direction (x, y, z), written into `out`. */
export function shBasis(x: number, y: number, z: number, out: Float64Array): void {
  out[0] = 0.282095;
  out[1] = 0.488603 * y;
  out[2] = 0.488603 * z;
  out[3] = 0.488603 * x;
  out[4] = 1.092548 * x * y;
  out[5] = 1.092548 * y * z;
  out[6] = 0.315392 * (3 * z * z - 1);
  out[7] = 1.092548 * x * z;
  out[8] = 0.546274 * (x * x - y * y);
}

/** `n` directions spread evenly over the sphere (a Fibonacci spiral), 3 numbers each. */
export function sphereDirections(n: number): Float64Array {
  const out = new Float64Array(n * 3);
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const y = 1 - (2 * (i + 0.5)) / n;
    const r = Math.sqrt(1 - y * y);
    out[i * 3] = Math.cos(golden * i) * r;
    out[i * 3 + 1] = y;
    out[i * 3 + 2] = Math.sin(golden * i) * r;
  }
  return out;
}

// The clamped cosine's SH bands (pi, 2pi/3, pi/4) divided by pi: evaluated, the set gives
// irradiance / pi, which a white Lambertian surface shows as radiance (a uniform environment of
// radiance L gives L for every normal).
const BAND = [1, 2 / 3, 2 / 3, 2 / 3, 1 / 4, 1 / 4, 1 / 4, 1 / 4, 1 / 4];

/**
 * Irradiance coefficients of the environment `radiance` (direction -> linear RGB, written into its
 * `out`) sampled along `dirs` (sphereDirections).
 */
export function irradianceSh(
  dirs: Float64Array,
  radiance: (x: number, y: number, z: number, out: Rgb) => void,
): Float64Array {
  const n = dirs.length / 3;
  const sh = new Float64Array(SH_COEFFS * 3);
  const y = new Float64Array(SH_COEFFS);
  const c: Rgb = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const dx = dirs[i * 3]!;
    const dy = dirs[i * 3 + 1]!;
    const dz = dirs[i * 3 + 2]!;
    radiance(dx, dy, dz, c);
    shBasis(dx, dy, dz, y);
    for (let k = 0; k < SH_COEFFS; k++)
      for (let ch = 0; ch < 3; ch++) sh[ch * SH_COEFFS + k]! += c[ch]! * y[k]!;
  }
  const w = (4 * Math.PI) / n;
  for (let k = 0; k < SH_COEFFS; k++) for (let ch = 0; ch < 3; ch++) sh[ch * SH_COEFFS + k]! *= w * BAND[k]!;
  return sh;
}

/** Irradiance / pi for unit normal (x, y, z), per channel, into `out`. */
export function evalSh(sh: ArrayLike<number>, x: number, y: number, z: number, out: Rgb): void {
  const b = new Float64Array(SH_COEFFS);
  shBasis(x, y, z, b);
  for (let ch = 0; ch < 3; ch++) {
    let s = 0;
    for (let k = 0; k < SH_COEFFS; k++) s += sh[ch * SH_COEFFS + k]! * b[k]!;
    out[ch] = s;
  }
}

/**
 * The set as polynomial weights of (1, x, y, z, xy, yz, 3z^2 - 1, xz, x^2 - y^2) with the basis
 * constants folded in: what the shader evaluates per sample (shPoly).
 */
export function shToPoly(sh: ArrayLike<number>): Float32Array {
  const k = [0.282095, 0.488603, 0.488603, 0.488603, 1.092548, 1.092548, 0.315392, 1.092548, 0.546274];
  return Float32Array.from({ length: SH_COEFFS * 3 }, (_, i) => sh[i]! * k[i % SH_COEFFS]!);
}

/**
 * The constant and quadratic part of a polynomial set (shToPoly) at unit normal (x, y, z), three
 * channels into `out` (`o`: the set's offset). It changes slowly with the normal, so the shader
 * reuses it between neighbouring samples and adds the linear part (shLinear), which carries the
 * detail of bumps and creases, per sample.
 */
export function shEven(p: Float32Array, o: number, x: number, y: number, z: number, out: Float64Array): void {
  const xy = x * y;
  const yz = y * z;
  const zz = 3 * z * z - 1;
  const xz = x * z;
  const xx = x * x - y * y;
  for (let c = 0, k = o; c < 3; c++, k += SH_COEFFS)
    out[c] = p[k]! + p[k + 4]! * xy + p[k + 5]! * yz + p[k + 6]! * zz + p[k + 7]! * xz + p[k + 8]! * xx;
}

/** The linear part of channel c of a polynomial set at normal (x, y, z). */
export function shLinear(p: Float32Array, o: number, c: number, x: number, y: number, z: number): number {
  const k = o + c * SH_COEFFS;
  return p[k + 1]! * y + p[k + 2]! * z + p[k + 3]! * x;
}

/** A polynomial set at unit normal (x, y, z), all three channels into `out`. */
export function shPoly(p: Float32Array, o: number, x: number, y: number, z: number, out: Float64Array): void {
  shEven(p, o, x, y, z, out);
  for (let c = 0; c < 3; c++) out[c] = out[c]! + shLinear(p, o, c, x, y, z);
}
