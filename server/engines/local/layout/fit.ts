// Fits a template to the measured floor: every group tries its anchors (walls, open floor,
// corners) at several positions, drops optional pieces and then shrinks slightly before giving up.
// A placement must stay inside the floor polygon, keep a walkway to other groups, stay out of
// door zones and pass the caller's image-space veto (windows, doors).
import type { Rng } from '../rng.ts';
import {
  pointInPolygon,
  rectDistance,
  rectInPolygon,
  rectsOverlap,
  toRoom,
  type Pt,
  type Rect,
} from './geometry.ts';
import type { Anchor, ItemKind, TemplateGroup, TemplateItem } from './templates.ts';

export interface PlacedItem {
  kind: ItemKind;
  group: number;
  /** Centre on the floor (room coordinates). */
  a: number;
  b: number;
  /** Direction the front faces, radians: 0 faces the camera (-b), pi/2 faces +a. */
  facing: number;
  w: number;
  d: number;
  h: number;
  /** Height of the bottom above the floor (wall decor). */
  elevation: number;
  onWall: boolean;
  /** Rugs: lie under other pieces of their group. */
  covering: boolean;
}

export interface LayoutRoom {
  floor: readonly Pt[];
  /** Floor zones to keep clear (in front of doors). */
  keepOut: readonly Rect[];
  /** Image-space veto from the caller: false when the piece would hide a window or door. */
  allows?: (item: PlacedItem) => boolean;
  /** True when a floor-outline point is a wall base rather than the photo's edge. */
  isWall?: (p: Pt) => boolean;
  /** Groups float at this depth in very deep rooms instead of shrinking into the distance. */
  maxDepth?: number;
}

export interface LayoutOptions {
  rng: Rng;
  variant: number;
  /** Drop optional pieces (minimalist styling). */
  minimal?: boolean;
  /** Clear space between groups, metres. */
  walkway?: number;
}

export const rectOf = (it: PlacedItem): Rect => ({ a: it.a, b: it.b, w: it.w, d: it.d, rot: it.facing });

export function fitLayout(
  room: LayoutRoom,
  groups: readonly TemplateGroup[],
  opts: LayoutOptions,
): PlacedItem[] {
  const walkway = opts.walkway ?? 0.6;
  const placed: PlacedItem[] = [];
  groups.forEach((group, gi) => {
    const anchors = rotateList(group.anchors, gi === 0 ? opts.variant : opts.rng.int(group.anchors.length));
    // Variants move groups along their wall, mirror them and try other walls first.
    const shift = opts.rng.range(-0.5, 0.5);
    const mirror = (opts.variant + gi) % 2 === 1 ? -1 : 1;
    const attempts: { items: TemplateItem[]; s: number }[] = [];
    const full = group.items.filter((it) => !(opts.minimal && it.optional));
    attempts.push({ items: full, s: 1 });
    const core = full.filter((it) => !it.optional);
    if (core.length < full.length) attempts.push({ items: core, s: 1 });
    attempts.push({ items: core, s: 0.85 }, { items: core, s: 0.72 });
    for (const attempt of attempts) {
      // Main groups may float on the open floor when no wall has room for them.
      const tries: Anchor[] = gi === 0 && !anchors.includes('floor') ? [...anchors, 'floor'] : anchors;
      for (const anchor of tries) {
        for (const [origin, facing, atWall] of anchorPositions(
          room,
          anchor,
          attempt.items,
          attempt.s,
          shift,
          gi + opts.variant,
        )) {
          if (group.needsWall && !atWall) continue;
          const items = attempt.items.map((t) =>
            place({ ...t, x: t.x * mirror, rot: (t.rot ?? 0) * mirror }, gi, origin, facing, attempt.s),
          );
          const floorItems = items.filter((it) => !it.onWall);
          if (!floorItems.every((it) => ok(room, it, placed, walkway)) || selfOverlap(floorItems)) continue;
          // Wall decor is a bonus: kept only on a real wall where it hides no window or door.
          placed.push(
            ...floorItems,
            ...items.filter((it) => it.onWall && atWall && (room.allows?.(it) ?? true)),
          );
          return;
        }
      }
    }
  });
  return placed;
}

function ok(room: LayoutRoom, it: PlacedItem, placed: PlacedItem[], walkway: number): boolean {
  const r = rectOf(it);
  if (!rectInPolygon(r, room.floor)) return false;
  if (!it.covering && room.keepOut.some((k) => rectsOverlap(r, k))) return false;
  for (const other of placed) {
    if (other.onWall) continue;
    const needsGap = !it.covering && !other.covering;
    if (needsGap ? rectDistance(r, rectOf(other)) < walkway : rectsOverlap(r, rectOf(other))) return false;
  }
  return it.covering || (room.allows?.(it) ?? true);
}

/** Shrunk groups can push pieces into each other; rugs are meant to lie under them. */
function selfOverlap(items: PlacedItem[]): boolean {
  const solid = items.filter((it) => !it.covering);
  for (let i = 0; i < solid.length; i++)
    for (let j = i + 1; j < solid.length; j++)
      if (rectsOverlap(rectOf(solid[i]!), rectOf(solid[j]!))) return true;
  return false;
}

function place(t: TemplateItem, group: number, origin: Pt, facing: number, s: number): PlacedItem {
  const [a, b] = toRoom(origin, facing, t.x * s, t.kind === 'art' ? t.z : t.z * s);
  const k = t.kind === 'rug' || t.kind === 'art' ? s : Math.sqrt(s);
  return {
    kind: t.kind,
    group,
    a,
    b,
    facing: facing + (t.rot ?? 0),
    w: t.w * k,
    d: t.d * (t.kind === 'art' ? 1 : k),
    h: t.h * (t.kind === 'art' ? s : k),
    elevation: t.elevation !== undefined ? t.elevation - (t.h * s) / 2 : 0,
    onWall: t.kind === 'art',
    covering: t.kind === 'rug',
  };
}

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

function* anchorPositions(
  room: LayoutRoom,
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
      if (pointInPolygon(c, room.floor) && c[1] <= (room.maxDepth ?? Infinity)) yield [c, 0, false];
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

function rotateList<T>(list: readonly T[], k: number): T[] {
  const n = list.length;
  return list.map((_, i) => list[(i + k) % n]!);
}
