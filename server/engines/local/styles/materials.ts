// Materials and their procedural textures. Textures are solid (3-D) functions of the position in
// the piece's own frame, in metres, so wood grain and weave stay put on the furniture whatever the
// camera, and no UV unwrapping is needed. Colours are given in sRGB and shaded in linear light.
// Scanned textures (render/textures.ts) add real surface detail on top: see scanFor().
import type { ScanName } from '../render/textures.ts';
import { hash3 } from '../rng.ts';

export type Texture =
  | 'plain'
  | 'wood'
  | 'fabric'
  | 'boucle'
  | 'linen'
  | 'leather'
  | 'metal'
  | 'rattan'
  | 'ceramic'
  | 'leaf'
  | 'rug'
  | 'art'
  | 'bulb';

export type Rgb = [number, number, number];

export interface Material {
  /** sRGB 0..255. */
  color: Rgb;
  texture: Texture;
  /** Specular strength 0..1 and Blinn exponent. */
  spec: number;
  gloss: number;
  /** Second colour for grain, patterns and paintings. */
  alt?: Rgb;
  /** Extra colours for rugs and art. */
  palette?: Rgb[];
  /** Pattern family for rugs and art, chosen by the style. */
  pattern?: string;
  /** Glows instead of being lit (lamp shades, Edison bulbs). */
  emissive?: number;
  /** Which scanned wood a wood material uses (default: veneer). */
  scan?: ScanName;
}

export interface ScanUse {
  name: ScanName;
  /** How much of the scan's colour variation is applied (0..1). */
  color: number;
  /** Strength of the scan's normal map. */
  bump: number;
  /** The scan replaces the procedural pattern (wood grain) rather than adding to it. */
  replaces: boolean;
}

/** The scanned texture each procedural texture is dressed with, or null (rattan, leaves, art...). */
export function scanFor(m: Material): ScanUse | null {
  switch (m.texture) {
    case 'wood':
      return { name: m.scan ?? 'wood-veneer', color: 1, bump: 0.6, replaces: true };
    case 'fabric':
    case 'linen':
      return { name: 'fabric', color: 0.7, bump: 0.7, replaces: false };
    case 'boucle':
      return { name: 'fabric', color: 0.5, bump: 1.2, replaces: false };
    case 'leather':
      return { name: 'leather', color: 0.8, bump: 0.8, replaces: false };
    case 'metal':
      return { name: 'metal', color: 0, bump: 0.6, replaces: false };
    case 'ceramic':
      return { name: 'stone', color: 0.25, bump: 0, replaces: false };
    case 'rug':
      return { name: 'fabric', color: 0.5, bump: 0.9, replaces: false };
    default:
      return null;
  }
}

export const srgbToLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const linearToSrgb = (v: number) => {
  const c = v <= 0 ? 0 : v >= 1 ? 1 : v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return c * 255;
};

/** Smooth value noise in [0, 1). */
export function noise3(x: number, y: number, z: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const zi = Math.floor(z);
  const fx = x - xi;
  const fy = y - yi;
  const fz = z - zi;
  const u = fx * fx * (3 - 2 * fx);
  const v = fy * fy * (3 - 2 * fy);
  const w = fz * fz * (3 - 2 * fz);
  const c000 = hash3(xi, yi, zi);
  const c100 = hash3(xi + 1, yi, zi);
  const c010 = hash3(xi, yi + 1, zi);
  const c110 = hash3(xi + 1, yi + 1, zi);
  const c001 = hash3(xi, yi, zi + 1);
  const c101 = hash3(xi + 1, yi, zi + 1);
  const c011 = hash3(xi, yi + 1, zi + 1);
  const c111 = hash3(xi + 1, yi + 1, zi + 1);
  const a0 = c000 + (c100 - c000) * u;
  const a1 = c010 + (c110 - c010) * u;
  const b0 = c001 + (c101 - c001) * u;
  const b1 = c011 + (c111 - c011) * u;
  const z0 = a0 + (a1 - a0) * v;
  return z0 + (b0 + (b1 - b0) * v - z0) * w;
}

const fbm = (x: number, y: number, z: number) =>
  noise3(x, y, z) * 0.55 + noise3(x * 2.1, y * 2.1, z * 2.1) * 0.3 + noise3(x * 4.3, y * 4.3, z * 4.3) * 0.15;

/**
 * Albedo (sRGB 0..255 written into `out`) at a point of the piece. `u`, `v` are 0..1 across rugs
 * and paintings; other textures use the 3-D position (x, y, z) in metres.
 */
export function albedo(m: Material, x: number, y: number, z: number, u: number, v: number, out: Rgb): void {
  const base = m.color;
  const alt = m.alt ?? base;
  let t = 0;
  let k = 1;
  switch (m.texture) {
    case 'wood': {
      // Growth rings along x, warped by noise, with fine pores.
      // Fine growth rings along x, gently warped, plus pores; kept low-contrast like real veneer.
      const ring = Math.sin((y * 24 + z * 24 + fbm(x * 1.2, y * 10, z * 10) * 2.2) * 6.2832);
      t =
        0.35 + 0.3 * ring * ring + 0.2 * fbm(x * 0.8, y * 6, z * 6) + noise3(x * 60, y * 300, z * 300) * 0.15;
      break;
    }
    case 'fabric':
      k = 0.93 + 0.1 * fbm(x * 25, y * 25, z * 25) + 0.03 * Math.sin(x * 520) * Math.sin(y * 520 + z * 520);
      break;
    case 'boucle':
      k = 0.88 + 0.2 * noise3(x * 140, y * 140, z * 140) + 0.05 * fbm(x * 10, y * 10, z * 10);
      break;
    case 'linen':
      k = 0.95 + 0.07 * fbm(x * 6, y * 30, z * 6) + 0.03 * noise3(x * 200, y * 200, z * 200);
      break;
    case 'leather':
      t = fbm(x * 4, y * 4, z * 4);
      k = 0.92 + 0.1 * noise3(x * 90, y * 90, z * 90);
      break;
    case 'rattan': {
      const weave = Math.sin(x * 260) * Math.sin(z * 260 + y * 260);
      t = 0.5 + 0.5 * weave;
      k = 0.92 + 0.12 * noise3(x * 40, y * 40, z * 40);
      break;
    }
    case 'ceramic':
      k = 0.95 + 0.08 * fbm(x * 12, y * 12, z * 12);
      break;
    case 'leaf':
      t = fbm(x * 9, y * 9, z * 9);
      break;
    case 'rug':
      rugPattern(m, u, v, out);
      k = 0.93 + 0.1 * noise3(x * 150, 0, z * 150);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
      return;
    case 'art':
      painting(m, u, v, out);
      return;
    default:
      break;
  }
  out[0] = (base[0] + (alt[0] - base[0]) * t) * k;
  out[1] = (base[1] + (alt[1] - base[1]) * t) * k;
  out[2] = (base[2] + (alt[2] - base[2]) * t) * k;
}

function pick(pal: readonly Rgb[], i: number): Rgb {
  return pal[((i % pal.length) + pal.length) % pal.length]!;
}

function setColor(out: Rgb, c: Rgb) {
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
}

function rugPattern(m: Material, u: number, v: number, out: Rgb): void {
  const pal = m.palette ?? [m.color];
  const border = Math.min(u, 1 - u, v * 0.75, (1 - v) * 0.75);
  switch (m.pattern) {
    case 'kilim': {
      const band = Math.floor(v * 9);
      const dx = Math.abs(((u * 6) % 1) - 0.5) + Math.abs(((v * 9) % 1) - 0.5);
      setColor(
        out,
        border < 0.04 ? pick(pal, 1) : dx < 0.28 ? pick(pal, band + 2) : pick(pal, band % 2 ? 0 : 3),
      );
      return;
    }
    case 'medallion': {
      const r = Math.hypot((u - 0.5) * 1.4, v - 0.5);
      const orn = Math.sin(Math.atan2(v - 0.5, u - 0.5) * 8) * 0.03;
      setColor(
        out,
        border < 0.05
          ? pick(pal, 1)
          : border < 0.07
            ? pick(pal, 2)
            : r < 0.16 + orn
              ? pick(pal, 2)
              : r < 0.2 + orn
                ? pick(pal, 1)
                : pick(pal, 0),
      );
      return;
    }
    case 'stripes':
      setColor(out, Math.floor(u * 14) % 5 === 0 ? pick(pal, 1) : pick(pal, 0));
      return;
    case 'grid':
      setColor(out, (u * 10) % 1 < 0.08 || (v * 7) % 1 < 0.08 ? pick(pal, 1) : pick(pal, 0));
      return;
    case 'border':
      setColor(out, border < 0.05 && border > 0.03 ? pick(pal, 1) : pick(pal, 0));
      return;
    case 'rings': {
      // Round rugs: a bound edge, a ring and a centre, slightly irregular like hand tufting.
      const r = Math.hypot(u - 0.5, v - 0.5) * 2 + (noise3(u * 9, v * 9, 3) - 0.5) * 0.04;
      setColor(
        out,
        r > 0.9 ? pick(pal, 1) : r > 0.55 && r < 0.62 ? pick(pal, 2) : r < 0.18 ? pick(pal, 1) : pick(pal, 0),
      );
      return;
    }
    case 'contour': {
      // Abstract modern rug: wavy contour lines of a smooth noise field, like carved or tufted bands.
      const t = fbm(u * 2.6 + 3, v * 2.6, 5);
      const band = (t * 9) % 1;
      setColor(
        out,
        border < 0.02 ? pick(pal, 1) : band < 0.12 ? pick(pal, 1 + (Math.floor(t * 9) % 2)) : pick(pal, 0),
      );
      return;
    }
    default:
      setColor(out, pick(pal, 0));
  }
}

/** Abstract paintings per style: colour fields, stripes, arcs or a horizon. */
function painting(m: Material, u: number, v: number, out: Rgb): void {
  const pal = m.palette ?? [m.color];
  const mat = 0.08;
  if (u < mat || u > 1 - mat || v < mat || v > 1 - mat) return setColor(out, m.alt ?? [240, 238, 232]);
  const s = (u - mat) / (1 - 2 * mat);
  const t = (v - mat) / (1 - 2 * mat);
  const wobble = (fbm(s * 5, t * 5, 1) - 0.5) * 0.08;
  switch (m.pattern) {
    case 'arcs':
      setColor(out, pick(pal, Math.floor(Math.hypot(s - 0.3, t - 1.05) * 5 + wobble * 4)));
      return;
    case 'blocks':
      setColor(out, s + wobble < 0.38 ? pick(pal, 1) : t + wobble < 0.55 ? pick(pal, 2) : pick(pal, 0));
      return;
    case 'horizon':
      setColor(out, t + wobble < 0.45 ? pick(pal, 0) : t + wobble * 2 < 0.62 ? pick(pal, 1) : pick(pal, 2));
      return;
    case 'lines':
      setColor(out, Math.abs(Math.sin((s + t * 0.3 + wobble) * 9)) < 0.12 ? pick(pal, 1) : pick(pal, 0));
      return;
    default:
      setColor(out, pick(pal, Math.floor((s + wobble) * 3) + Math.floor((t - wobble) * 2)));
  }
}
