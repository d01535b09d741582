// 64-bit DCT perceptual hash (the classic pHash): 32x32 luminance, 2-D DCT, keep the 8x8 lowest
// frequencies and set a bit where a coefficient is above their median. Robust to re-encoding,
// resizing and small tone changes, so it can spot re-uploads of the same photo.
import type { RawImage } from './types.ts';

const N = 32;
const K = 8;

/** Area-averaged 32x32 luminance (Rec. 601 weights), computed straight from the full image. */
function luminanceGrid(img: RawImage): Float64Array {
  const sums = new Float64Array(N * N);
  const counts = new Float64Array(N * N);
  const { width, height, data } = img;
  for (let y = 0; y < height; y++) {
    const gy = Math.min(N - 1, Math.floor((y * N) / height));
    let p = y * width * 3;
    for (let x = 0; x < width; x++, p += 3) {
      const g = gy * N + Math.min(N - 1, Math.floor((x * N) / width));
      sums[g]! += 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
      counts[g]! += 1;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! / Math.max(1, counts[i]!);
  return sums;
}

const COS = (() => {
  const t = new Float64Array(K * N);
  for (let u = 0; u < K; u++)
    for (let x = 0; x < N; x++) t[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  return t;
})();

/** Returns the hash as 16 lowercase hex characters. */
export function perceptualHash(img: RawImage): string {
  const g = luminanceGrid(img);
  // Separable DCT, only the K lowest frequencies in each direction are ever needed.
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++)
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += g[y * N + x]! * COS[u * N + x]!;
      rows[y * K + u] = s;
    }
  const coeffs: number[] = [];
  for (let v = 0; v < K; v++)
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u]! * COS[v * N + y]!;
      coeffs.push(s);
    }
  const sorted = [...coeffs].sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coeffs[i + b]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** Hamming distance between two hashes from perceptualHash (0 = same picture, >~20 = different). */
export function hashDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error('hashDistance: hashes of different length');
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}
