// Horizontal vanishing points by RANSAC over pairs of segments, refined by least squares on the
// inliers (smallest eigenvector of the sum of line outer products). Coordinates are normalised
// around the image centre so the same thresholds hold at any resolution.
import { createRng } from '../rng.ts';
import type { Segment } from './segments.ts';

export interface VanishingPoint {
  /** Image coordinates in the analysis image (may be far outside it). */
  x: number;
  y: number;
  /** False when the lines are parallel in the image (point at infinity). */
  finite: boolean;
  /** Direction of the lines when the point is at infinity. */
  dirX: number;
  dirY: number;
  /** Share of the candidate segment length that converges here, 0..1. */
  support: number;
  inliers: Segment[];
}

type H3 = [number, number, number];
const INLIER_SIN = Math.sin((2 * Math.PI) / 180);

const isVertical = (s: Segment) => Math.abs(Math.abs(s.angle) - Math.PI / 2) < (12 * Math.PI) / 180;

export function findHorizontalVPs(segs: Segment[], width: number, height: number, max = 2): VanishingPoint[] {
  const s = Math.max(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const lines = segs
    .filter((g) => !isVertical(g))
    .sort((a, b) => b.length - a.length)
    .slice(0, 300)
    .map((g) => lineItem(g, cx, cy, s));
  const total = lines.reduce((acc, x) => acc + x.seg.length, 0) || 1;
  const rng = createRng(0x5eed);
  const found: VanishingPoint[] = [];
  let pool = lines;
  for (let k = 0; k < max && pool.length >= 4; k++) {
    let best: { v: H3; score: number } | null = null;
    const n = Math.min(pool.length, 120);
    for (let it = 0; it < 600; it++) {
      const a = pool[rng.int(n)]!;
      const b = pool[rng.int(n)]!;
      if (a === b) continue;
      const v = normalize3(cross3(a.l, b.l));
      if (!v) continue;
      const score = pool.reduce((acc, x) => acc + (isInlier(x, v) ? x.seg.length : 0), 0);
      if (!best || score > best.score) best = { v, score };
    }
    if (!best) break;
    let v = best.v;
    let inl = pool.filter((x) => isInlier(x, v));
    const refined = refine(inl.map((x) => ({ l: x.l, w: x.seg.length })));
    if (refined) {
      const rInl = pool.filter((x) => isInlier(x, refined));
      if (rInl.length >= inl.length) [v, inl] = [refined, rInl];
    }
    if (inl.length < 3) break;
    const support = inl.reduce((acc, x) => acc + x.seg.length, 0) / total;
    const finite = Math.abs(v[2]) > 1e-3 && Math.hypot(v[0] / v[2], v[1] / v[2]) < 8;
    const dn = Math.hypot(v[0], v[1]) || 1;
    found.push({
      x: finite ? cx + (v[0] / v[2]) * s : NaN,
      y: finite ? cy + (v[1] / v[2]) * s : NaN,
      finite,
      dirX: v[0] / dn,
      dirY: v[1] / dn,
      support,
      inliers: inl.map((x) => x.seg),
    });
    const used = new Set(inl);
    pool = pool.filter((x) => !used.has(x));
  }
  return found;
}

function lineOf(g: Segment, cx: number, cy: number, s: number): H3 {
  const p: H3 = [(g.x1 - cx) / s, (g.y1 - cy) / s, 1];
  const q: H3 = [(g.x2 - cx) / s, (g.y2 - cy) / s, 1];
  const l = cross3(p, q);
  const n = Math.hypot(l[0], l[1]) || 1;
  return [l[0] / n, l[1] / n, l[2] / n];
}

/**
 * A candidate line with what every inlier test reads of its segment worked out once: the RANSAC
 * below tests each line against hundreds of candidate points, and Math.hypot is slow in V8. The
 * same expressions on the same numbers, so the same doubles as computing them per test.
 */
interface LineItem {
  seg: Segment;
  l: H3;
  /** Segment midpoint in normalised coordinates. */
  mx: number;
  my: number;
  dx: number;
  dy: number;
  /** hypot(dx, dy). */
  len: number;
}

function lineItem(g: Segment, cx: number, cy: number, s: number): LineItem {
  const dx = g.x2 - g.x1;
  const dy = g.y2 - g.y1;
  return {
    seg: g,
    l: lineOf(g, cx, cy, s),
    mx: ((g.x1 + g.x2) / 2 - cx) / s,
    my: ((g.y1 + g.y2) / 2 - cy) / s,
    dx,
    dy,
    len: Math.hypot(dx, dy),
  };
}

function isInlier(x: LineItem, v: H3): boolean {
  const tx = v[0] - x.mx * v[2];
  const ty = v[1] - x.my * v[2];
  const den = Math.hypot(tx, ty) * x.len;
  if (den < 1e-12) return false;
  return Math.abs(tx * x.dy - ty * x.dx) / den < INLIER_SIN;
}

const cross3 = (a: H3, b: H3): H3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

function normalize3(v: H3): H3 | null {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n < 1e-12 ? null : [v[0] / n, v[1] / n, v[2] / n];
}

/** Least-squares point closest to all lines: eigenvector of the smallest eigenvalue of sum(w l l^T). */
function refine(items: { l: H3; w: number }[]): H3 | null {
  if (items.length < 2) return null;
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const { l, w } of items)
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) m[i * 3 + j]! += w * l[i]! * l[j]!;
  return smallestEigenvector(m);
}

/** Jacobi eigen-decomposition of a symmetric 3x3 matrix (row-major). */
export function smallestEigenvector(a: number[]): H3 | null {
  const m = [...a];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 30; sweep++) {
    const off = m[1]! ** 2 + m[2]! ** 2 + m[5]! ** 2;
    if (off < 1e-18) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = m[p * 3 + q]!;
      if (Math.abs(apq) < 1e-20) continue;
      const theta = (m[q * 3 + q]! - m[p * 3 + p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const mkp = m[k * 3 + p]!;
        const mkq = m[k * 3 + q]!;
        m[k * 3 + p] = c * mkp - s * mkq;
        m[k * 3 + q] = s * mkp + c * mkq;
      }
      for (let k = 0; k < 3; k++) {
        const mpk = m[p * 3 + k]!;
        const mqk = m[q * 3 + k]!;
        m[p * 3 + k] = c * mpk - s * mqk;
        m[q * 3 + k] = s * mpk + c * mqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p]!;
        const vkq = v[k * 3 + q]!;
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
  let k = 0;
  for (let i = 1; i < 3; i++) if (m[i * 3 + i]! < m[k * 3 + k]!) k = i;
  return normalize3([v[k]!, v[3 + k]!, v[6 + k]!]);
}
