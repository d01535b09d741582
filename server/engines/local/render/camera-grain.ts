// The photo's grain, measured so the rendered furniture can carry the same: a sensor's noise grows
// with the signal (shot noise), so its level is measured per brightness; and how much of it is
// colour (chroma) rather than brightness depends on the camera's processing and the JPEG's chroma
// subsampling, so that is measured too. The same measure reads a rendered region, which is how the
// tests check the composite.
import type { RawImage } from '#server/engines/types.ts';

/** Brightness bins the level is measured in (luma 0-255, 32 wide). */
export const GRAIN_BINS = 8;
const BLOCK = 16;
// About 1500 blocks (0.4 MP read) measure each bin well and cost ~10 ms on any photo size.
const MAX_BLOCKS = 1500;
// mean |L| of Gaussian noise under the 4-neighbour Laplacian (variance 20 sigma^2) is
// sqrt(20) * sigma * sqrt(2 / pi).
const LAP_TO_SIGMA = Math.sqrt(Math.PI / 2) / Math.sqrt(20);

export interface Grain {
  /** Noise sigma of luma (0-255 scale) per brightness bin. */
  luma: Float32Array;
  /** Noise sigma of the two colour-difference channels (BT.601 Cb and Cr). */
  cb: number;
  cr: number;
}

/**
 * The photo's grain from flat 16 x 16 blocks. With `mask`, only blocks wholly inside it
 * (`inside` true) or wholly outside it are read. Null when too few flat, unclipped blocks exist.
 */
export function measureGrain(img: RawImage, mask?: Uint8Array, inside = false): Grain | null {
  const { width: W, height: H, data: d } = img;
  const bx = Math.floor((W - 2) / BLOCK);
  const by = Math.floor((H - 2) / BLOCK);
  const step = Math.max(1, Math.ceil(Math.sqrt((bx * by) / MAX_BLOCKS)));
  const perBin: { y: number; cb: number; cr: number }[][] = Array.from({ length: GRAIN_BINS }, () => []);
  for (let j = 0; j < by; j += step)
    for (let i = 0; i < bx; i += step) {
      const x0 = 1 + i * BLOCK;
      const y0 = 1 + j * BLOCK;
      if (mask && !blockIn(mask, W, x0, y0, inside)) continue;
      const b = blockNoise(d, W, x0, y0);
      if (b) perBin[Math.min(GRAIN_BINS - 1, b.mean >> 5)]!.push(b);
    }
  const luma = new Float32Array(GRAIN_BINS).fill(NaN);
  const cbs: number[] = [];
  const crs: number[] = [];
  for (const [k, blocks] of perBin.entries()) {
    if (blocks.length < 3) continue;
    // Texture only adds to a block's Laplacian: the flatter quarter tells the noise.
    blocks.sort((a, b) => a.y - b.y);
    const flat = blocks.slice(0, Math.max(1, Math.ceil(blocks.length / 4)));
    luma[k] = flat[flat.length - 1]!.y;
    for (const b of flat) {
      cbs.push(b.cb);
      crs.push(b.cr);
    }
  }
  if (!cbs.length) return null;
  // Bins with no flat block take their nearest measured neighbour's level.
  for (let k = 0; k < GRAIN_BINS; k++) {
    if (!Number.isNaN(luma[k]!)) continue;
    for (let r = 1; r < GRAIN_BINS; r++) {
      const v = [luma[k - r], luma[k + r]].find((x) => x !== undefined && !Number.isNaN(x));
      if (v !== undefined) {
        luma[k] = v;
        break;
      }
    }
  }
  return { luma, cb: median(cbs), cr: median(crs) };
}

function blockIn(mask: Uint8Array, W: number, x0: number, y0: number, inside: boolean): boolean {
  for (let y = y0 - 1; y <= y0 + BLOCK; y++)
    for (let x = x0 - 1; x <= x0 + BLOCK; x++) if (mask[y * W + x]! > 0 !== inside) return false;
  return true;
}

/** One block's mean luma and noise sigma of luma, Cb and Cr; null if any pixel is clipped. */
function blockNoise(d: Uint8Array, W: number, x0: number, y0: number) {
  let sy = 0;
  let sb = 0;
  let sr = 0;
  let mean = 0;
  const row = W * 3;
  for (let y = y0; y < y0 + BLOCK; y++)
    for (let x = x0, p = (y * W + x0) * 3; x < x0 + BLOCK; x++, p += 3) {
      const r = d[p]!;
      const g = d[p + 1]!;
      const b = d[p + 2]!;
      if (r < 3 || g < 3 || b < 3 || r > 252 || g > 252 || b > 252) return null;
      mean += 0.299 * r + 0.587 * g + 0.114 * b;
      // The Laplacian of each RGB channel, then mixed to Y, Cb and Cr (all linear).
      const lr = 4 * r - d[p - 3]! - d[p + 3]! - d[p - row]! - d[p + row]!;
      const lg = 4 * g - d[p - 2]! - d[p + 4]! - d[p + 1 - row]! - d[p + 1 + row]!;
      const lb = 4 * b - d[p - 1]! - d[p + 5]! - d[p + 2 - row]! - d[p + 2 + row]!;
      sy += Math.abs(0.299 * lr + 0.587 * lg + 0.114 * lb);
      sb += Math.abs(-0.168736 * lr - 0.331264 * lg + 0.5 * lb);
      sr += Math.abs(0.5 * lr - 0.418688 * lg - 0.081312 * lb);
    }
  const n = BLOCK * BLOCK;
  const k = LAP_TO_SIGMA / n;
  return { mean: mean / n, y: sy * k, cb: sb * k, cr: sr * k };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Luma sigma at every brightness 0-255, linear between bin centres (a 256-entry table). */
export function grainByLevel(g: Grain): Float32Array {
  const t = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const f = Math.min(GRAIN_BINS - 1, Math.max(0, (v - 16) / 32));
    const k = Math.floor(f);
    const k1 = Math.min(GRAIN_BINS - 1, k + 1);
    t[v] = g.luma[k]! + (g.luma[k1]! - g.luma[k]!) * (f - k);
  }
  return t;
}

/** Grain of a single level (from the older single-number measure), no colour. */
export const flatGrain = (sigma: number): Grain => ({
  luma: new Float32Array(GRAIN_BINS).fill(sigma),
  cb: 0,
  cr: 0,
});
