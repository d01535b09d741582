// Where a group can stand: candidate origins and facings for each anchor (back wall, side walls,
// corners, open floor), best first, measured against the floor polygon in room coordinates.
import type { Pt } from './geometry.ts';
import type { LayoutRoom } from './fit.ts';
import { pointInIndexed, type PolygonIndex } from './polygon-index.ts';
import type { Anchor, TemplateItem } from './templates.ts';

/** Half extent of the group's items along its wall (x) and into the room (z). */
function extent(items: TemplateItem[], s: number): { hw: number; depth: number } {
  let hw = 0.3;
  let depth = 0.3;
  for (const it of items) {
    if (it.kind === 'art') continue;
    const r = Math.hypot(it.w, it.d) / 2;
    hw = Math.max(hw, Math.abs(it.x * s) + (it.rot ? r : it.w / 2));
    depth = Math.max(depth, it.z * s + (it.rot ? r : it.d / 2));
  }
  return { hw, depth };
}

export function* anchorPositions(
  room: LayoutRoom,
  /** room.floor, indexed (polygon-index.ts). */
  floor: PolygonIndex,
  anchor: Anchor,
  items: TemplateItem[],
  s: number,
  shift: number,
  parity: number,
): Generator<[Pt, number, boolean]> {
  const xs = room.floor.map((p) => p[0]);
  const bs = room.floor.map((p) => p[1]);
  const [aMin, aMax] = [Math.min(...xs), Math.max(...xs)];
  const [bMin, bMax] = [Math.min(...bs), Math.max(...bs)];
  const { hw, depth } = extent(items, s);
  const wall = room.isWall ?? (() => true);
  if (anchor === 'back' || anchor === 'corner') {
    const n = 13;
    const cands = Array.from({ length: n }, (_, i) => aMin + hw + ((aMax - aMin - 2 * hw) * i) / (n - 1));
    const centre = (aMin + aMax) / 2 + shift * Math.max(0, aMax - aMin - 2 * hw);
    const key = (a: number) =>
      anchor === 'corner' ? -Math.abs(a - centre) + (parity % 2 ? a : -a) * 0.01 : Math.abs(a - centre);
    for (const a of cands.sort((p, q) => key(p) - key(q))) {
      let b = Infinity;
      for (let t = -1; t <= 1; t += 0.25) b = Math.min(b, farthest(room.floor, a + t * hw));
      if (!Number.isFinite(b) || !wall([a, b + 0.05])) continue;
      const depth = Math.min(b - 0.03, room.maxDepth ?? Infinity);
      yield [[a, depth], 0, depth >= b - 0.03];
    }
  } else if (anchor === 'left' || anchor === 'right') {
    const sign = anchor === 'left' ? 1 : -1;
    const n = 11;
    // Along a side wall, the variant's shift picks where to start: from a quarter to three
    // quarters of the way forward from the back.
    const start = (0.25 + (shift + 0.5) * 0.5) * (n - 1);
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (p, q) => Math.abs(p - start) - Math.abs(q - start),
    );
    for (const i of order) {
      const b = bMax - hw - ((bMax - bMin - 2 * hw) * i) / (n - 1);
      let a = sign > 0 ? -Infinity : Infinity;
      for (let t = -1; t <= 1; t += 0.25) {
        const e = sideEdge(room.floor, b + t * hw, (aMin + aMax) / 2, sign);
        a = sign > 0 ? Math.max(a, e) : Math.min(a, e);
      }
      if (!Number.isFinite(a) || !wall([a - sign * 0.05, b])) continue;
      if (b > (room.maxDepth ?? Infinity)) continue;
      yield [[a + sign * 0.03, b], (sign * Math.PI) / 2, true];
    }
  } else {
    // Open floor: a grid, best first by closeness to the middle of the far half of the floor.
    const bTop = Math.min(bMax, room.maxDepth ?? Infinity);
    const ideal: Pt = [
      (aMin + aMax) / 2 + shift * (aMax - aMin) * 0.5,
      bMin + (bTop - bMin) * (0.55 + shift * 0.3),
    ];
    const cands: Pt[] = [];
    const n = 22;
    for (let i = 0; i <= n; i++)
      for (let j = 0; j <= n; j++)
        cands.push([aMin + ((aMax - aMin) * i) / n, bMin + depth + ((bTop - bMin - depth) * j) / n]);
    cands.sort(
      (p, q) => Math.hypot(p[0] - ideal[0], p[1] - ideal[1]) - Math.hypot(q[0] - ideal[0], q[1] - ideal[1]),
    );
    for (const c of cands)
      if (pointInIndexed(c, floor) && c[1] <= (room.maxDepth ?? Infinity)) yield [c, 0, false];
  }
}

/** Where the line {axis = value} crosses the polygon's edges, sorted along the other axis. */
function crossings(poly: readonly Pt[], axis: 0 | 1, value: number): number[] {
  const other = axis === 0 ? 1 : 0;
  const out: number[] = [];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[i]!;
    const q = poly[j]!;
    if (p[axis] > value === q[axis] > value) continue;
    out.push(p[other] + ((value - p[axis]) * (q[other] - p[other])) / (q[axis] - p[axis]));
  }
  return out.sort((x, y) => x - y);
}

/** Farthest depth at lateral position a still inside the floor, walking in from the camera. */
function farthest(poly: readonly Pt[], a: number): number {
  const c = crossings(poly, 0, a);
  return c.length >= 2 ? c[1]! : -Infinity;
}

/** Outermost lateral position inside the floor at depth b, on the left (sign 1) or right (-1). */
function sideEdge(poly: readonly Pt[], b: number, mid: number, sign: number): number {
  const c = crossings(poly, 1, b);
  let best = sign > 0 ? -Infinity : Infinity;
  let bestGap = Infinity;
  for (let k = 0; k + 1 < c.length; k += 2) {
    const [lo, hi] = [c[k]!, c[k + 1]!];
    // The interval around the middle wins; otherwise the nearest one on that side.
    const gap =
      lo <= mid && mid <= hi
        ? 0
        : sign > 0
          ? hi < mid
            ? mid - hi
            : Infinity
          : lo > mid
            ? lo - mid
            : Infinity;
    if (gap < bestGap) [bestGap, best] = [gap, sign > 0 ? lo : hi];
  }
  return best;
}

export function rotateList<T>(list: readonly T[], k: number): T[] {
  const n = list.length;
  return list.map((_, i) => list[(i + k) % n]!);
}
