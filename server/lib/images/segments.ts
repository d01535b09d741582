// Line segments by gradient-orientation region growing, a lean version of LSD (von Gioi et al.):
// pixels whose level-line angles agree within 22.5 degrees grow into a region, and a region that
// is long, thin and dense becomes a segment. No NFA test: the density and length gates are
// enough for room photos and keep this fast. The local engine's geometry was tuned on real photos
// with this exact algorithm, so changes here move its results.
import { angleDiff, type Gradient } from './gradient.ts';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Direction angle in radians, in (-pi/2, pi/2]. */
  angle: number;
  /** Mean level-line angle of the region in (-pi, pi]: the direction with its contrast polarity. */
  levelAngle: number;
  /** Mean gradient magnitude along the segment (contrast). */
  strength: number;
}

export interface SegmentOptions {
  /** Shortest segment kept, in pixels; smaller regions are not even fitted. */
  minLength: number;
  /** Pixels at or below this gradient magnitude (sobel() scale) never join a region. */
  minMagnitude: number;
  /**
   * Share of the fitted rectangle (length x width) the region must fill; default 0.5. Lower keeps
   * edges that bend or fray a little, such as soft wall corners.
   */
  minDensity?: number;
}

const TOLERANCE = Math.PI / 8;

export function detectSegments(grad: Gradient, opts: SegmentOptions): Segment[] {
  const { width: w, height: h, mag, gx, gy } = grad;
  const { minLength, minMagnitude, minDensity = 0.5 } = opts;
  const angle = new Float32Array(w * h);
  const used = new Uint8Array(w * h);
  // Pseudo-sort by magnitude with 256 buckets: strongest seeds first, as LSD does. A counting sort
  // into one typed array (bucket, then scan order within it) instead of 256 growing arrays.
  const bin = new Uint8Array(w * h);
  const starts = new Int32Array(257);
  let maxMag = 1e-6;
  for (let i = 0; i < w * h; i++) maxMag = Math.max(maxMag, mag[i]!);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mag[i]! <= minMagnitude) {
        used[i] = 1;
        continue;
      }
      // levelLineAngle(grad, i), written out: V8 did not inline it into this loop.
      angle[i] = Math.atan2(gx[i]!, -gy[i]!);
      const b = Math.min(255, Math.floor((mag[i]! / maxMag) * 255));
      bin[i] = b;
      starts[b + 1]!++;
    }
  for (let b = 0; b < 256; b++) starts[b + 1]! += starts[b]!;
  const seeds = new Int32Array(starts[256]!);
  const fill = starts.slice(0, 256);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!used[i]) seeds[fill[bin[i]!]!++] = i;
    }
  // The border is marked used, so region growing needs no bounds checks.
  for (let x = 0; x < w; x++) used[x] = used[(h - 1) * w + x] = 1;
  for (let y = 0; y < h; y++) used[y * w] = used[y * w + w - 1] = 1;

  const segments: Segment[] = [];
  const region: number[] = [];
  for (let b = 255; b >= 0; b--) {
    for (let j = starts[b]!; j < starts[b + 1]!; j++) {
      const seed = seeds[j]!;
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
            if (used[q] || angleDiff(angle[q]!, regAngle) > TOLERANCE) continue;
            used[q] = 1;
            region.push(q);
            sumC += Math.cos(angle[q]!);
            sumS += Math.sin(angle[q]!);
            regAngle = Math.atan2(sumS, sumC);
          }
      }
      if (region.length < minLength) continue;
      const seg = regionToSegment(region, w, mag, minLength, minDensity, regAngle);
      if (seg) segments.push(seg);
    }
  }
  return segments;
}

function regionToSegment(
  region: number[],
  w: number,
  mag: Float32Array,
  minLength: number,
  minDensity: number,
  levelAngle: number,
): Segment | null {
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
  if (region.length / (length * width) < minDensity) return null;
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
    levelAngle,
    strength: sw / region.length,
  };
}
