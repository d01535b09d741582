// Lighting and tone of the photo, so rendered furniture is exposed, tinted and grained like it.
import type { RawImage } from '#server/engines/types.ts';
import { clamp } from '../geometry/vec.ts';
import { percentiles, type AnalysisImage } from './pyramid.ts';

export interface ToneStats {
  /** Luminance median and 95th percentile (0..255): the exposure furniture is rendered at. */
  p50: number;
  p95: number;
  /** Per-channel gains that neutralise the walls' colour cast, applied inversely to furniture. */
  wallTint: [number, number, number];
  /** Estimated sensor noise (standard deviation, 0..255) at full resolution. */
  noise: number;
}

// Only what the render reads: mean, contrast, clipping, saturation and sharpness were computed here
// too (two more passes over the analysis copy) and never read; identify measures its own
// (photo-features.ts).
export function toneStats(img: AnalysisImage, boundary: Float32Array): ToneStats {
  const { width: w, height: h, data } = img.lum;
  const [p35, p50, p90, p95] = percentiles(data, [0.35, 0.5, 0.9, 0.95]) as [number, number, number, number];
  const rd = img.r.data;
  const gd = img.g.data;
  const bd = img.b.data;
  // Walls: above the floor, mid-to-bright but not windows. Sums in locals, in the same order.
  const lo = p35;
  const hi = p90;
  let ar = 0;
  let ag = 0;
  let ab = 0;
  let m = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const v = data[i]!;
      if (y >= boundary[x]! || v < lo || v > hi) continue;
      ar += rd[i]!;
      ag += gd[i]!;
      ab += bd[i]!;
      m++;
    }
  const wall = m ? [ar / m, ag / m, ab / m] : [1, 1, 1];
  const grey = (wall[0]! + wall[1]! + wall[2]!) / 3 || 1;
  const wallTint = wall.map((v) => clamp(v / grey, 0.88, 1.12)) as [number, number, number];
  return { p50, p95, wallTint, noise: 0 };
}

/**
 * Noise level from the flattest of a few full-resolution patches: the median absolute Laplacian
 * (robust to edges) scaled to a Gaussian sigma. The Laplacian of 8-bit pixels is an integer in
 * 0..1020, so the median comes from a histogram (exact, and no sort of 9216 values per patch).
 */
export function estimateNoise(img: RawImage): number {
  const size = 96;
  const hist = new Uint32Array(1021);
  const d = img.data;
  const row = img.width * 3;
  let best = Infinity;
  for (const [fx, fy] of NOISE_PATCHES) {
    const x0 = Math.floor((img.width - size) * fx);
    const y0 = Math.floor((img.height - size) * fy);
    if (x0 < 1 || y0 < 1) continue;
    hist.fill(0);
    let n = 0;
    for (let y = y0; y < y0 + size && y < img.height - 1; y++)
      for (let x = x0; x < x0 + size && x < img.width - 1; x++) {
        // Green channel, 4-neighbour Laplacian.
        const p = (y * img.width + x) * 3 + 1;
        hist[Math.abs(4 * d[p]! - d[p - 3]! - d[p + 3]! - d[p - row]! - d[p + row]!)]!++;
        n++;
      }
    if (!n) continue;
    // The value at rank floor(n / 2) of the sorted Laplacians.
    const rank = Math.floor(n / 2);
    let median = 0;
    for (let acc = hist[0]!; acc <= rank; acc += hist[median]!) median++;
    best = Math.min(best, (median * 1.4826) / Math.sqrt(20));
  }
  return Number.isFinite(best) ? clamp(best, 0, 8) : 1;
}

const NOISE_PATCHES = [
  [0.25, 0.25],
  [0.5, 0.2],
  [0.75, 0.25],
  [0.3, 0.6],
  [0.7, 0.6],
  [0.5, 0.85],
] as const;
