// Room box fit. An empty room is, near the floor, a box: the floor is a rectangle in room
// coordinates bounded by a left, a right and a back wall. Each wall position is a hypothesis whose
// wall base projects to a known line in the photo, scored by the evidence along that line: a
// gradient across it and a change of surface from one side to the other (joints between tiles or
// boards are lines within one surface, so they score low). This finds floors that the colour
// model misses: a floor darkening down a corridor, glossy tiles, sun patches.
import { floorPoint, projectRoom, worldToRoom, type Camera } from '../geometry/camera.ts';
import { median, type AnalysisImage, type Gradient } from './pyramid.ts';

export interface RoomBox {
  /** Side walls (a, metres; left is negative) and back wall (b, metres). */
  left: number;
  right: number;
  back: number;
  /** Mean evidence along the back wall base, 0..1. */
  score: number;
  /** Floor boundary row per analysis column (analysis pixels); height when no floor is seen. */
  boundary: Float32Array;
}

type Pt = [number, number];

/**
 * Least evidence for a wall base. Side walls need more: boards and tile joints run parallel to
 * them, and a missing side wall only leaves the floor open to the frame.
 */
const BACK_MIN = 0.3;
const SIDE_MIN = 0.45;

/**
 * @param cam camera in full-resolution pixels; `scale` maps them to analysis pixels.
 * Returns null when no wall base has enough support.
 */
export function fitRoomBox(img: AnalysisImage, grad: Gradient, cam: Camera, scale: number): RoomBox | null {
  const { width: w, height: h } = img.lum;
  const toImg = (a: number, b: number): Pt | null => {
    const [u, v, z] = projectRoom(cam, a, b);
    return z > 0.05 ? [u * scale, v * scale] : null;
  };
  // A floor line seen by the camera: clipped to the part at least 0.3 m in front of it (depth is
  // linear along a line), then projected.
  const lineScore = (a0: number, b0: number, a1: number, b1: number) => {
    const z0 = projectRoom(cam, a0, b0)[2];
    const z1 = projectRoom(cam, a1, b1)[2];
    const MIN = 0.3;
    if (z0 < MIN && z1 < MIN) return 0;
    let [t0, t1] = [0, 1];
    if (z0 < MIN) t0 = (MIN - z0) / (z1 - z0);
    if (z1 < MIN) t1 = (MIN - z0) / (z1 - z0);
    const at = (t: number) => toImg(a0 + (a1 - a0) * t, b0 + (b1 - b0) * t);
    return evidence(img, grad, at(t0), at(t1), Math.max(w, h), inside, floor);
  };
  // A point surely on the floor tells which side of a line is the room's inside.
  const inside: Pt = [w / 2, h - 1];
  const floor = floorColour(img);
  // The back wall spans the whole view at first; side walls are fitted up to it, then the back
  // wall again between them.
  const depths = geometric(1.5, 14, 1.04);
  const back0 = pick(
    depths.map((b) => ({ at: b, s: lineScore(-30, b, 30, b) })),
    BACK_MIN,
  );
  if (!back0) return null;
  const lefts = geometric(0.4, 12, 1.04).map((a) => -a);
  const rights = geometric(0.4, 12, 1.04);
  const near = 0.2;
  const left = pick(
    lefts.map((a) => ({ at: a, s: lineScore(a, near, a, back0.at) })),
    SIDE_MIN,
  );
  const right = pick(
    rights.map((a) => ({ at: a, s: lineScore(a, near, a, back0.at) })),
    SIDE_MIN,
  );
  const L = left?.at ?? -30;
  const R = right?.at ?? 30;
  const back = pick(
    depths.map((b) => ({ at: b, s: lineScore(L, b, R, b) })),
    BACK_MIN,
  );
  if (!back) return null;
  return {
    left: L,
    right: R,
    back: back.at,
    score: back.s,
    boundary: boundaryOf(cam, scale, w, h, L, R, back.at),
  };
}

/**
 * Best hypothesis, preferring the outermost (largest |at|) peak close to the best: the real wall
 * base bounds the floor, while lines inside it (a rug edge, a sun patch) are nearer. Candidates
 * are ordered by |at|; only local maxima count, since lines just past a strong edge still
 * overlap it.
 */
function pick(cands: { at: number; s: number }[], min: number): { at: number; s: number } | null {
  let best = 0;
  for (const c of cands) best = Math.max(best, c.s);
  if (best < min) return null;
  const peaks = cands.filter((c, i) => c.s >= (cands[i - 1]?.s ?? -1) && c.s >= (cands[i + 1]?.s ?? -1));
  let outer: { at: number; s: number } | null = null;
  for (const c of peaks) if (c.s >= best * 0.75 && (!outer || Math.abs(c.at) > Math.abs(outer.at))) outer = c;
  if (!outer) return null;
  const o = Math.abs(outer.at);
  // A skirting board shows two edges close together; the wall base is the inner one (candidates
  // are ordered by |at|, so the first match is the innermost).
  return peaks.find((c) => c.s >= best * 0.5 && Math.abs(c.at) < o && Math.abs(c.at) * 1.15 >= o) ?? outer;
}

function geometric(from: number, to: number, ratio: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v *= ratio) out.push(v);
  return out;
}

/**
 * Mean support along the image segment p-q (clipped to the frame), 0..1: gradient across the line
 * times the luminance or colour change between its two sides. Lines with little visible length
 * score 0.
 */
function evidence(
  img: AnalysisImage,
  grad: Gradient,
  p: Pt | null,
  q: Pt | null,
  long: number,
  inside: Pt,
  floor: [number, number, number],
): number {
  if (!p || !q) return 0;
  const { width: w, height: h } = img.lum;
  // Margins keep every probe (up to 11 px across the line) inside the image.
  const clipped = clip(p, q, 12, 12, w - 13, h - 13);
  if (!clipped) return 0;
  const [[x0, y0], [x1, y1]] = clipped;
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len < long * 0.06) return 0;
  let nx = -(y1 - y0) / len;
  let ny = (x1 - x0) / len;
  // Orient the normal towards the inside (the floor).
  if ((inside[0] - x0) * nx + (inside[1] - y0) * ny < 0) [nx, ny] = [-nx, -ny];
  const n = Math.ceil(len / 2);
  const D = 3;
  let sum = 0;
  const px = (x: number, y: number) => Math.round(y) * w + Math.round(x);
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n;
    const y = y0 + ((y1 - y0) * i) / n;
    // The hypothesis lines are a few pixels apart: take the strongest edge within 2 px.
    let best = 0;
    for (let off = -2; off <= 2; off++) {
      const cx = x + nx * off;
      const cy = y + ny * off;
      const k = px(cx, cy);
      const across = Math.abs(grad.gx[k]! * nx + grad.gy[k]! * ny);
      const a = px(cx + nx * D, cy + ny * D);
      const b = px(cx - nx * D, cy - ny * D);
      const step =
        Math.abs(img.lum.data[a]! - img.lum.data[b]!) +
        0.5 * (Math.abs(img.r.data[a]! - img.r.data[b]!) + Math.abs(img.b.data[a]! - img.b.data[b]!));
      // Beyond a wall base lies wall; beyond a board seam or a tile joint, more floor.
      const o = px(cx - nx * 3 * D, cy - ny * 3 * D);
      const floorBeyond =
        Math.abs(img.lum.data[o]! - floor[0]) < 14 &&
        Math.abs(img.r.data[o]! - img.lum.data[o]! - floor[1]) < 8 &&
        Math.abs(img.b.data[o]! - img.lum.data[o]! - floor[2]) < 8;
      best = Math.max(best, Math.min(1, across / 8) * Math.min(1, step / 14) * (floorBeyond ? 0.4 : 1));
    }
    sum += best;
  }
  // Longer visible bases are more trustworthy.
  return (sum / (n + 1)) * Math.min(1, len / (long * 0.25));
}

/** Median luminance and chroma (r - lum, b - lum) of the bottom-centre strip: the floor near the feet. */
function floorColour(img: AnalysisImage): [number, number, number] {
  const { width: w, height: h } = img.lum;
  const l: number[] = [];
  const r: number[] = [];
  const b: number[] = [];
  for (let y = Math.floor(h * 0.92); y < h; y++)
    for (let x = Math.floor(w * 0.2); x < Math.ceil(w * 0.8); x++) {
      const i = y * w + x;
      l.push(img.lum.data[i]!);
      r.push(img.r.data[i]! - img.lum.data[i]!);
      b.push(img.b.data[i]! - img.lum.data[i]!);
    }
  return [median(Float64Array.from(l)), median(Float64Array.from(r)), median(Float64Array.from(b))];
}

/** Liang-Barsky clip of a segment to a rectangle. */
function clip(p: Pt, q: Pt, xmin: number, ymin: number, xmax: number, ymax: number): [Pt, Pt] | null {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  let t0 = 0;
  let t1 = 1;
  for (const [pk, qk] of [
    [-dx, p[0] - xmin],
    [dx, xmax - p[0]],
    [-dy, p[1] - ymin],
    [dy, ymax - p[1]],
  ] as const) {
    if (pk === 0) {
      if (qk < 0) return null;
    } else {
      const r = qk / pk;
      if (pk < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
  }
  if (t0 > t1) return null;
  return [
    [p[0] + t0 * dx, p[1] + t0 * dy],
    [p[0] + t1 * dx, p[1] + t1 * dy],
  ];
}

/** First row (from the horizon down) per column whose floor point lies inside the box. */
function boundaryOf(
  cam: Camera,
  scale: number,
  w: number,
  h: number,
  left: number,
  right: number,
  back: number,
): Float32Array {
  const out = new Float32Array(w).fill(h);
  const horizon = Math.max(0, Math.ceil((cam.cy - cam.f * Math.tan(cam.pitch)) * scale) + 1);
  for (let x = 0; x < w; x++)
    for (let y = horizon; y < h; y++) {
      const p = floorPoint(cam, (x + 0.5) / scale, (y + 0.5) / scale);
      if (!p) continue;
      const [a, b] = worldToRoom(cam, p);
      if (a >= left && a <= right && b <= back) {
        out[x] = y;
        break;
      }
    }
  return out;
}
