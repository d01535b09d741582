// A compact line-segment detector for the structure score (our own, so the guard does not depend on
// any engine): Sobel gradients, then LSD-style region growing of pixels whose gradient directions
// agree within 22.5 degrees, kept when the region is long, thin and dense.

export interface Gradient {
  mag: Float32Array;
  /** Gradient direction in radians, atan2(gy, gx). */
  angle: Float32Array;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  /** Mean gradient direction across the edge (polarity included). */
  angle: number;
}

/** Sobel divided by 4, so a step edge of height s has magnitude about s. */
export function gradient(gray: Float32Array, w: number, h: number): Gradient {
  const mag = new Float32Array(w * h);
  const angle = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = gray[i - w - 1]!;
      const b = gray[i - w]!;
      const c = gray[i - w + 1]!;
      const d = gray[i - 1]!;
      const f = gray[i + 1]!;
      const g = gray[i + w - 1]!;
      const k = gray[i + w]!;
      const l = gray[i + w + 1]!;
      const gx = (c + 2 * f + l - a - 2 * d - g) / 4;
      const gy = (g + 2 * k + l - a - 2 * b - c) / 4;
      mag[i] = Math.hypot(gx, gy);
      angle[i] = Math.atan2(gy, gx);
    }
  return { mag, angle };
}

const TOLERANCE = Math.PI / 8;

export function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % (2 * Math.PI);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

export interface SegmentOptions {
  minLength: number;
  /** Minimum edge contrast in grey levels. */
  minMagnitude?: number;
}

export function detectSegments(grad: Gradient, w: number, h: number, opts: SegmentOptions): Segment[] {
  const minMag = opts.minMagnitude ?? 12;
  const { mag, angle } = grad;
  const used = new Uint8Array(w * h);
  // Strongest seeds first, as LSD does; integer buckets are a cheap sort.
  const buckets = new Map<number, number[]>();
  for (let i = 0; i < w * h; i++) {
    if (mag[i]! < minMag) continue;
    const key = Math.floor(mag[i]!);
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
  }
  const seeds = [...buckets.keys()].sort((a, b) => b - a).flatMap((k) => buckets.get(k) ?? []);

  const segments: Segment[] = [];
  const region: number[] = [];
  for (const seed of seeds) {
    if (used[seed]) continue;
    region.length = 0;
    region.push(seed);
    used[seed] = 1;
    let sumC = Math.cos(angle[seed]!);
    let sumS = Math.sin(angle[seed]!);
    let regionAngle = angle[seed]!;
    for (let k = 0; k < region.length; k++) {
      const p = region[k]!;
      const px = p % w;
      const py = (p - px) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx;
          const y = py + dy;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const q = y * w + x;
          if (used[q] || mag[q]! < minMag || angleDiff(angle[q]!, regionAngle) > TOLERANCE) continue;
          used[q] = 1;
          region.push(q);
          sumC += Math.cos(angle[q]!);
          sumS += Math.sin(angle[q]!);
          regionAngle = Math.atan2(sumS, sumC);
        }
    }
    const segment = fitSegment(region, w, regionAngle, opts.minLength);
    if (segment) segments.push(segment);
  }
  return segments;
}

/** Projects the region on the edge direction; long, thin and dense regions become segments. */
function fitSegment(region: number[], w: number, gradAngle: number, minLength: number): Segment | null {
  if (region.length < minLength * 0.7) return null;
  let cx = 0;
  let cy = 0;
  for (const p of region) {
    cx += p % w;
    cy += Math.floor(p / w);
  }
  cx /= region.length;
  cy /= region.length;
  // The edge runs perpendicular to the gradient.
  const ux = -Math.sin(gradAngle);
  const uy = Math.cos(gradAngle);
  let tMin = Infinity;
  let tMax = -Infinity;
  let nSq = 0;
  for (const p of region) {
    const x = (p % w) - cx;
    const y = Math.floor(p / w) - cy;
    const t = x * ux + y * uy;
    const n = -x * uy + y * ux;
    tMin = Math.min(tMin, t);
    tMax = Math.max(tMax, t);
    nSq += n * n;
  }
  const length = tMax - tMin + 1;
  const spread = Math.sqrt(nSq / region.length);
  if (length < minLength || spread > 2 || region.length < length * 0.7) return null;
  return { x1: cx + tMin * ux, y1: cy + tMin * uy, x2: cx + tMax * ux, y2: cy + tMax * uy, length, angle: gradAngle };
}
