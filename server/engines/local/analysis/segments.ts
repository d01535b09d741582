// Line segments by gradient-orientation region growing, a lean version of LSD (von Gioi et al.):
// pixels whose level-line angles agree within 22.5 degrees grow into a region, and a region that
// is long, thin and dense becomes a segment. No NFA test: the density and length gates are
// enough for room photos and keep this fast.
import type { Gradient, Plane } from './pyramid.ts';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Direction angle in radians, in (-pi/2, pi/2]. */
  angle: number;
  /** Mean gradient magnitude along the segment (contrast). */
  strength: number;
}

const TOLERANCE = Math.PI / 8;

export function detectSegments(lum: Plane, grad: Gradient, minLength: number): Segment[] {
  const { width: w, height: h } = lum;
  const { gx, gy, mag } = grad;
  const threshold = 3;
  const angle = new Float32Array(w * h);
  const used = new Uint8Array(w * h);
  // Pseudo-sort by magnitude with 256 buckets: strongest seeds first, as LSD does.
  const bins: number[][] = Array.from({ length: 256 }, () => []);
  let maxMag = 1e-6;
  for (let i = 0; i < w * h; i++) maxMag = Math.max(maxMag, mag[i]!);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mag[i]! <= threshold) {
        used[i] = 1;
        continue;
      }
      angle[i] = Math.atan2(gx[i]!, -gy[i]!);
      bins[Math.min(255, Math.floor((mag[i]! / maxMag) * 255))]!.push(i);
    }
  for (let x = 0; x < w; x++) used[x] = used[(h - 1) * w + x] = 1;
  for (let y = 0; y < h; y++) used[y * w] = used[y * w + w - 1] = 1;

  const segments: Segment[] = [];
  const region: number[] = [];
  for (let bin = 255; bin >= 0; bin--) {
    for (const seed of bins[bin]!) {
      if (used[seed]) continue;
      region.length = 0;
      region.push(seed);
      used[seed] = 1;
      let sumC = Math.cos(angle[seed]!);
      let sumS = Math.sin(angle[seed]!);
      let regAngle = angle[seed]!;
      for (let k = 0; k < region.length; k++) {
        const p = region[k]!;
        for (let dy = -w; dy <= w; dy += w)
          for (let dx = -1; dx <= 1; dx++) {
            const q = p + dy + dx;
            if (used[q]) continue;
            let d = Math.abs(angle[q]! - regAngle);
            if (d > Math.PI) d = 2 * Math.PI - d;
            if (d > TOLERANCE) continue;
            used[q] = 1;
            region.push(q);
            sumC += Math.cos(angle[q]!);
            sumS += Math.sin(angle[q]!);
            regAngle = Math.atan2(sumS, sumC);
          }
      }
      if (region.length < minLength) continue;
      const seg = regionToSegment(region, w, mag, minLength);
      if (seg) segments.push(seg);
    }
  }
  return segments;
}

function regionToSegment(region: number[], w: number, mag: Float32Array, minLength: number): Segment | null {
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (const p of region) {
    const m = mag[p]!;
    sw += m;
    mx += (p % w) * m;
    my += Math.floor(p / w) * m;
  }
  mx /= sw;
  my /= sw;
  let ixx = 0;
  let iyy = 0;
  let ixy = 0;
  for (const p of region) {
    const m = mag[p]!;
    const dx = (p % w) - mx;
    const dy = Math.floor(p / w) - my;
    ixx += m * dx * dx;
    iyy += m * dy * dy;
    ixy += m * dx * dy;
  }
  // Principal axis of the weighted second moments.
  const theta = 0.5 * Math.atan2(2 * ixy, ixx - iyy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  let lo = Infinity;
  let hi = -Infinity;
  let wlo = Infinity;
  let whi = -Infinity;
  for (const p of region) {
    const dx = (p % w) - mx;
    const dy = Math.floor(p / w) - my;
    const t = dx * ux + dy * uy;
    const n = -dx * uy + dy * ux;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
    wlo = Math.min(wlo, n);
    whi = Math.max(whi, n);
  }
  const length = hi - lo + 1;
  const width = whi - wlo + 1;
  if (length < minLength || width > Math.max(3, length * 0.12)) return null;
  if (region.length / (length * width) < 0.5) return null;
  let a = Math.atan2(uy, ux);
  if (a <= -Math.PI / 2) a += Math.PI;
  if (a > Math.PI / 2) a -= Math.PI;
  return {
    x1: mx + lo * ux,
    y1: my + lo * uy,
    x2: mx + hi * ux,
    y2: my + hi * uy,
    length,
    angle: a,
    strength: sw / region.length,
  };
}
