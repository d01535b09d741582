// The floor region: a per-column boundary found by dynamic programming on a coarse grid. Pixels
// below the boundary should look like the floor seen at the bottom of the photo, the boundary
// itself should sit on a horizontal edge (skirting, wall base), and neighbouring columns should
// agree. This is the classic "ground boundary" formulation; it never throws and degrades into a
// straight line when the evidence is weak.
import { clamp } from '../geometry/vec.ts';
import { median, shrink, type AnalysisImage, type Gradient, type Plane } from './pyramid.ts';
import { segFoot, type Segment } from './segments.ts';

export interface FloorResult {
  /** Boundary row (analysis pixels) per analysis column: floor occupies rows >= boundary. */
  boundary: Float32Array;
  /** 0..1: how well colour and edges support the boundary. */
  fit: number;
  /** Mean floor colour (0..255 RGB). */
  color: [number, number, number];
}

const FACTOR = 4;

/**
 * @param walls world-vertical segments (door frames, cabinet sides, wall corners): the floor in
 * their column can only start below their lower end.
 */
export function findFloor(
  img: AnalysisImage,
  grad: Gradient,
  horizonY: number,
  minRow: number,
  walls: readonly Segment[] = [],
): FloorResult {
  const L = shrink(img.lum, FACTOR);
  const R = shrink(img.r, FACTOR);
  const G = shrink(img.g, FACTOR);
  const B = shrink(img.b, FACTOR);
  const { width: w, height: h } = L;
  const edge = horizontalEdges(grad, img.lum.width, img.lum.height, w, h);
  const feat = (i: number): Feature => [
    L.data[i]!,
    R.data[i]! - G.data[i]!,
    (R.data[i]! + G.data[i]!) / 2 - B.data[i]!,
  ];

  // Two colour models, floor (bottom strip) and wall (band above the horizon): a pixel scores by
  // which one it is closer to, so white walls over white tiles leave the decision to the edges.
  const floorModel = colourModel(feat, w, Math.floor(h * 0.9), h, 0.2, 0.8);
  const wallTop = Math.max(0, Math.floor(h * 0.08));
  const wallBottom = clamp(Math.floor(horizonY / FACTOR), wallTop + 2, h - 2);
  const wallModel = colourModel(feat, w, wallTop, wallBottom, 0.05, 0.95);
  const score = new Float32Array(w * h);
  const f: Feature = [0, 0, 0];
  for (let i = 0; i < w * h; i++) {
    // One feature buffer for the whole grid: a fresh array per cell is garbage to collect.
    f[0] = L.data[i]!;
    f[1] = R.data[i]! - G.data[i]!;
    f[2] = (R.data[i]! + G.data[i]!) / 2 - B.data[i]!;
    const df = distance(f, floorModel);
    const dw = distance(f, wallModel);
    score[i] = clamp((dw - df) / (dw + df + 0.5), -1, 1) * 0.5 + clamp(1 - df / 2, -1, 1) * 0.5;
  }
  const top = clamp(Math.ceil(Math.max(minRow, horizonY + 1) / FACTOR), 1, h - 1);
  // below[x][y] = sum of scores from row y to the bottom.
  const below = new Float32Array(w * (h + 1));
  for (let x = 0; x < w; x++)
    for (let y = h - 1; y >= 0; y--) below[x * (h + 1) + y] = below[x * (h + 1) + y + 1]! + score[y * w + x]!;

  const colTop = new Int32Array(w).fill(top);
  for (const g of walls) {
    const foot = Math.ceil(segFoot(g) / FACTOR);
    const x0 = Math.max(0, Math.floor(Math.min(g.x1, g.x2) / FACTOR));
    const x1 = Math.min(w - 1, Math.floor(Math.max(g.x1, g.x2) / FACTOR));
    for (let x = x0; x <= x1; x++) colTop[x] = Math.min(h, Math.max(colTop[x]!, foot));
  }
  const rows = h + 1 - top;
  const cost = new Float32Array(w * rows);
  const from = new Int16Array(w * rows);
  const MAX_STEP = 4;
  const unary = (x: number, y: number) =>
    y < colTop[x]! ? -1e6 : below[x * (h + 1) + y]! + (y < h ? 2 * edge[y * w + x]! : 0);
  for (let r = 0; r < rows; r++) cost[r] = unary(0, top + r);
  for (let x = 1; x < w; x++)
    for (let r = 0; r < rows; r++) {
      let best = -Infinity;
      let arg = r;
      for (let d = -MAX_STEP; d <= MAX_STEP; d++) {
        const q = r + d;
        if (q < 0 || q >= rows) continue;
        const v = cost[(x - 1) * rows + q]! - 0.5 * Math.abs(d);
        if (v > best) {
          best = v;
          arg = q;
        }
      }
      cost[x * rows + r] = best + unary(x, top + r);
      from[x * rows + r] = arg;
    }
  let r = 0;
  for (let q = 1; q < rows; q++) if (cost[(w - 1) * rows + q]! > cost[(w - 1) * rows + r]!) r = q;
  const coarse = new Float32Array(w);
  for (let x = w - 1; x >= 0; x--) {
    coarse[x] = top + r;
    r = from[x * rows + r]!;
  }

  removeSpikes(coarse, Math.max(1, Math.round(w * 0.03)));
  const fw = img.lum.width;
  const boundary = new Float32Array(fw);
  for (let x = 0; x < fw; x++) {
    const t = clamp((x + 0.5) / FACTOR - 0.5, 0, w - 1);
    const i = Math.floor(t);
    const j = Math.min(w - 1, i + 1);
    boundary[x] = (coarse[i]! + (coarse[j]! - coarse[i]!) * (t - i)) * FACTOR;
  }
  return { boundary, fit: fitScore(score, edge, coarse, w, h), color: floorColor(R, G, B, coarse, w, h) };
}

/** Morphological opening of the floor: upward spikes narrower than 2k columns are cut back. */
function removeSpikes(b: Float32Array, k: number): void {
  const n = b.length;
  const grown = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    let m = -Infinity;
    for (let d = -k; d <= k; d++) m = Math.max(m, b[Math.min(n - 1, Math.max(0, x + d))]!);
    grown[x] = m;
  }
  for (let x = 0; x < n; x++) {
    let m = Infinity;
    for (let d = -k; d <= k; d++) m = Math.min(m, grown[Math.min(n - 1, Math.max(0, x + d))]!);
    b[x] = m;
  }
}

/** Strength of roughly horizontal edges (vertical gradient), normalised to 0..1 on the coarse grid. */
function horizontalEdges(grad: Gradient, fw: number, fh: number, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  // Each pixel's coarse column, looked up rather than divided per pixel (a max: order-free).
  const cellX = new Int32Array(fw);
  for (let x = 0; x < fw; x++) cellX[x] = Math.min(w - 1, Math.floor(x / FACTOR));
  const { gx: gxs, gy: gys } = grad;
  for (let y = 0; y < fh; y++) {
    const row = Math.min(h - 1, Math.floor(y / FACTOR)) * w;
    for (let x = 0, i = y * fw; x < fw; x++, i++) {
      const gy = Math.abs(gys[i]!);
      if (gy < Math.abs(gxs[i]!) * 0.7) continue;
      const o = row + cellX[x]!;
      out[o] = Math.max(out[o]!, gy);
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.min(1, out[i]! / 20);
  return out;
}

function fitScore(
  score: Float32Array,
  edge: Float32Array,
  coarse: Float32Array,
  w: number,
  h: number,
): number {
  let inside = 0;
  let n = 0;
  let edges = 0;
  for (let x = 0; x < w; x++) {
    const b = coarse[x]!;
    for (let y = Math.ceil(b); y < h; y++) {
      inside += score[y * w + x]!;
      n++;
    }
    if (b < h) edges += edge[Math.min(h - 1, Math.round(b)) * w + x]!;
  }
  const colourFit = n ? clamp((inside / n + 1) / 2, 0, 1) : 0;
  const area = n / (w * h);
  return clamp(0.5 * colourFit + 0.3 * (edges / w) + (area > 0.08 && area < 0.7 ? 0.2 : 0), 0, 1);
}

function floorColor(
  R: Plane,
  G: Plane,
  B: Plane,
  coarse: Float32Array,
  w: number,
  h: number,
): [number, number, number] {
  const acc = [0, 0, 0];
  let n = 0;
  for (let x = 0; x < w; x++)
    for (let y = Math.ceil(coarse[x]!); y < h; y++) {
      const i = y * w + x;
      acc[0]! += R.data[i]!;
      acc[1]! += G.data[i]!;
      acc[2]! += B.data[i]!;
      n++;
    }
  return n ? [acc[0]! / n, acc[1]! / n, acc[2]! / n] : [128, 128, 128];
}

type Feature = [number, number, number];
interface ColourModel {
  mean: Feature;
  tol: Feature;
}

function colourModel(
  feat: (i: number) => Feature,
  w: number,
  y0: number,
  y1: number,
  fx0: number,
  fx1: number,
): ColourModel {
  const xs = Math.floor(w * fx0);
  const xe = Math.ceil(w * fx1);
  const n = Math.max(0, y1 - y0) * Math.max(0, xe - xs);
  const chans = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  let k = 0;
  for (let y = y0; y < y1; y++)
    for (let x = xs; x < xe; x++, k++) {
      const s = feat(y * w + x);
      chans[0]![k] = s[0];
      chans[1]![k] = s[1];
      chans[2]![k] = s[2];
    }
  const mean = chans.map((v) => median(Float64Array.from(v))) as Feature;
  const spread = chans.map((v, c) => median(v.map((s) => Math.abs(s - mean[c]!))) * 1.5);
  return {
    mean,
    tol: [Math.max(spread[0]!, 8) * 2, Math.max(spread[1]!, 3) * 2, Math.max(spread[2]!, 3) * 2],
  };
}

const distance = (f: Feature, m: ColourModel) => {
  const a = (f[0] - m.mean[0]) / m.tol[0];
  const b = (f[1] - m.mean[1]) / m.tol[1];
  const c = (f[2] - m.mean[2]) / m.tol[2];
  return Math.sqrt(a * a + b * b + c * c);
};
