// The colour arithmetic of shading: sRGB <-> linear through tables (the exact curves cost a power per
// channel and pixel), and a material's albedo dressed with its scanned texture.
import {
  albedo,
  linearToSrgb,
  srgbToLinear,
  type Material,
  type Rgb,
  type ScanUse,
} from '../styles/materials.ts';

/** Linear value of each 8-bit sRGB level. */
export const LIN = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

// Linear -> sRGB through a table with linear interpolation: the exact curve costs a power per
// channel and pixel. 4096 steps keep the error far below one 8-bit level.
export const SRGB_STEPS = 4096;
const SRGB = Float32Array.from({ length: SRGB_STEPS + 2 }, (_, i) => linearToSrgb(i / SRGB_STEPS));

/** sRGB 0..255 of a linear value already multiplied by SRGB_STEPS. */
export function toSrgb(x: number): number {
  if (x <= 0) return 0;
  if (x >= SRGB_STEPS) return 255;
  const i = x | 0;
  const t = x - i;
  return SRGB[i]! + (SRGB[i + 1]! - SRGB[i]!) * t;
}

/** Procedural albedo dressed with the scan's colour variation (or replaced by it, for wood). */
export function albedoWithScan(
  m: Material,
  use: ScanUse,
  x: number,
  y: number,
  z: number,
  u: number,
  v: number,
  detail: Float32Array,
  out: Rgb,
): void {
  if (use.replaces) {
    // The style's wood tone (between its two colours) with the scanned grain's variation.
    const alt = m.alt ?? m.color;
    for (let c = 0; c < 3; c++) out[c] = ((m.color[c]! + alt[c]!) / 2) * detail[c]!;
    return;
  }
  albedo(m, x, y, z, u, v, out);
  for (let c = 0; c < 3; c++) out[c] = out[c]! * (1 + (detail[c]! - 1) * use.color);
}
