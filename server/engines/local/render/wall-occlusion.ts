// Ambient occlusion on the back wall behind a piece that stands against it: a wall point just above
// or beside a sofa's back sees less of the room's light (the piece fills part of its hemisphere), so
// real rooms show a soft dark band there. Applied to the shade map, which multiplies the photo's own
// pixels, so the wall's texture stays. The wall is the vertical plane on the floor outline's edge
// nearest the piece.
import { project, roomToWorld, type Camera, type Vec3 } from '../geometry/camera.ts';
import type { PlacedItem } from '../layout/fit.ts';

export type Pt = [number, number];

export interface WallParams {
  cam: Camera;
  renderScale: number;
  width: number;
  height: number;
  /** The base of the walls: the floor outline in room coordinates (metres) ... */
  floorRoom: readonly Pt[];
  /** ... and the same points in image pixels, which tell walls from the frame's edges. */
  floorImage: readonly Pt[];
  /** Floor boundary row in render pixels, per render column: the walls are above it. */
  floorRow: Float32Array;
  /** Unit vector towards the key light (world) and its shadow strength: pieces cast it on the wall. */
  light?: Vec3;
  keyStrength?: number;
}

/** Pieces closer to the wall than this (metres) occlude it. */
const MAX_GAP = 0.35;
/** Occlusion at the piece's edge, against the wall. */
const STRENGTH = 0.3;

/** A wall's base line near a piece: a point on it, its unit direction and the piece's gap to it. */
interface Wall {
  p0: Pt;
  t: Pt;
  n: Pt;
  gap: number;
  /** The piece's centre and half-width along the wall, and its half-depth off it. */
  along: number;
  half: number;
  depth: number;
}

/**
 * The wall a piece stands against: the floor outline's wall points nearest the piece, their local
 * direction taken over a metre or so, and the gap between the piece's back and that line.
 */
export function wallBehind(it: PlacedItem, p: WallParams): Wall | null {
  const W = p.cam.width;
  const H = p.cam.height;
  const isWall = ([u, v]: Pt) => u > W * 0.015 && u < W * 0.985 && v < H * 0.985;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < p.floorRoom.length; i++) {
    if (!isWall(p.floorImage[i]!)) continue;
    const d = Math.hypot(p.floorRoom[i]![0] - it.a, p.floorRoom[i]![1] - it.b);
    if (d < bestD) [best, bestD] = [i, d];
  }
  if (best < 0) return null;
  // Extend along the outline while the points stay wall and within 0.7 m: the local base line.
  let i0 = best;
  let i1 = best;
  const near = (i: number) =>
    i >= 0 &&
    i < p.floorRoom.length &&
    isWall(p.floorImage[i]!) &&
    Math.hypot(p.floorRoom[i]![0] - p.floorRoom[best]![0], p.floorRoom[i]![1] - p.floorRoom[best]![1]) < 0.7;
  while (near(i0 - 1)) i0--;
  while (near(i1 + 1)) i1++;
  const [a0, b0] = p.floorRoom[i0]!;
  const [a1, b1] = p.floorRoom[i1]!;
  const len = Math.hypot(a1 - a0, b1 - b0);
  if (len < 0.2) return null;
  const t: Pt = [(a1 - a0) / len, (b1 - b0) / len];
  let n: Pt = [-t[1], t[0]];
  // The normal points from the wall towards the piece.
  if ((it.a - a0) * n[0] + (it.b - b0) * n[1] < 0) n = [-n[0], -n[1]];
  const dist = (it.a - a0) * n[0] + (it.b - b0) * n[1];
  // The piece's footprint half-extents along the wall's normal and along the wall.
  const uw: Pt = [Math.cos(it.facing), Math.sin(it.facing)];
  const ud: Pt = [-uw[1], uw[0]];
  const ext = (v: Pt) =>
    (Math.abs(v[0] * uw[0] + v[1] * uw[1]) * it.w + Math.abs(v[0] * ud[0] + v[1] * ud[1]) * it.d) / 2;
  const along = (it.a - a0) * t[0] + (it.b - b0) * t[1];
  return { p0: [a0, b0], t, n, gap: dist - ext(n), along, half: ext(t), depth: ext(n) };
}

/** Multiplies `shade` (1 = unshadowed) by each wall-standing piece's occlusion of its wall. */
export function wallOcclusion(shade: Float32Array, items: readonly PlacedItem[], p: WallParams): number {
  const { cam } = p;
  const sp = Math.sin(cam.pitch);
  const cp = Math.cos(cam.pitch);
  const sy = Math.sin(cam.yaw);
  const cy = Math.cos(cam.yaw);
  let touched = 0;
  for (const it of items) {
    // Leaves and a lamp's stand block little of the sky a wall point sees: solid pieces only.
    if (it.covering || it.onWall || it.kind === 'plant' || it.kind === 'floor-lamp') continue;
    const wall = wallBehind(it, p);
    if (!wall || wall.gap > MAX_GAP || wall.gap < -0.3) continue;
    const { p0, t: tw, n, gap, along, half } = wall;
    // A piece d deep fills an angle of about d / r of a wall point r away from its edge: deep
    // pieces (a sofa) shade a wide soft band, shallow ones (a bookcase's top) a narrow one.
    const falloff = Math.min(0.3, Math.max(0.06, wall.depth));
    const key = keyOnWall(p, n, tw, gap, wall.depth);
    // The key light's shadow lands beside the piece, shifted away from the light along the wall.
    const shift = key ? Math.abs(key.s) * (Math.max(0, gap) + 2 * wall.depth) : 0;
    const reach = 3 * falloff + shift;
    const top = it.elevation + it.h;
    const wallN = p0[0] * n[0] + p0[1] * n[1];
    // Only the wall rectangle the occlusion can reach, projected, is visited.
    const corners = [-1, 1].flatMap((side) =>
      [0, top + reach].map((hgt) => {
        const s = along + side * (half + reach);
        const q = project(cam, roomToWorld(cam, p0[0] + s * tw[0], p0[1] + s * tw[1], hgt));
        return [q[0] * p.renderScale, q[1] * p.renderScale, q[2]] as const;
      }),
    );
    if (corners.some((q) => q[2] <= 0.05)) continue;
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((q) => q[0]))));
    const x1 = Math.min(p.width - 1, Math.ceil(Math.max(...corners.map((q) => q[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((q) => q[1]))));
    const y1 = Math.min(p.height - 1, Math.ceil(Math.max(...corners.map((q) => q[1]))));
    for (let y = y0; y <= y1; y++) {
      const yr = -((y + 0.5) / p.renderScale - cam.cy) / cam.f;
      const dy = yr * cp - sp;
      const dz = yr * sp + cp;
      for (let x = x0; x <= x1; x++) {
        if (y + 0.5 >= p.floorRow[x]!) continue;
        const dx = ((x + 0.5) / p.renderScale - cam.cx) / cam.f;
        // The camera ray in room coordinates (camera at a = b = 0), met with the wall's plane.
        const da = dx * cy - dz * sy;
        const db = dx * sy + dz * cy;
        const dn = da * n[0] + db * n[1];
        if (Math.abs(dn) < 1e-6) continue;
        const tr = wallN / dn;
        if (tr <= 0) continue;
        const s = (tr * da - p0[0]) * tw[0] + (tr * db - p0[1]) * tw[1];
        const wy = cam.eye + tr * dy;
        const ox = Math.max(0, Math.abs(s - along) - half);
        const oy = Math.max(0, wy - top);
        if (ox > reach || oy > reach || wy < 0) continue;
        const dist = Math.sqrt(ox * ox + oy * oy) + Math.max(0, gap);
        const ao = STRENGTH * Math.exp(-dist / falloff);
        const ks = key ? keyShadow(key, s - along, wy, half, it.elevation, top) : 0;
        // Below 1% (2-3 grey levels) the change is invisible: leave the pixel, and the mask, alone.
        if (ao < 0.01 && ks < 0.01) continue;
        shade[y * p.width + x]! *= (1 - ao) * (1 - ks);
        touched++;
      }
    }
  }
  return touched;
}

/** The key light seen from the wall: metres along the wall (s) and up (y) per metre off it. */
interface KeyOnWall {
  s: number;
  y: number;
  /** Distance off the wall the shadow is cast from (the piece's middle), penumbra and strength. */
  q: number;
  blur: number;
  strength: number;
}

function keyOnWall(p: WallParams, n: Pt, t: Pt, gap: number, depth: number): KeyOnWall | null {
  if (!p.light || !p.keyStrength) return null;
  const { cam } = p;
  const [x, y, z] = p.light;
  const la = x * Math.cos(cam.yaw) - z * Math.sin(cam.yaw);
  const lb = x * Math.sin(cam.yaw) + z * Math.cos(cam.yaw);
  const ln = la * n[0] + lb * n[1];
  // A light in the wall's own plane (a window in it) or behind it throws no shadow onto it.
  if (ln < 0.15) return null;
  const q = Math.max(0, gap) + depth;
  return {
    s: (la * t[0] + lb * t[1]) / ln,
    y: y / ln,
    q,
    // Daylight from a window is an area light: the penumbra grows with the distance to the caster.
    blur: 0.04 + 0.35 * q,
    strength: p.keyStrength,
  };
}

/**
 * Share of key light a wall point (s along the wall from the piece's centre, height wy) loses: its
 * ray to the light, taken where it passes the piece's middle, against the piece's outline there.
 */
function keyShadow(k: KeyOnWall, s: number, wy: number, half: number, bottom: number, top: number): number {
  const ps = s + k.q * k.s;
  const py = wy + k.q * k.y;
  const inside = (d: number) => Math.min(1, Math.max(0, 0.5 + d / k.blur));
  const cover = inside(half - Math.abs(ps)) * inside(top - py) * inside(py - bottom);
  return k.strength * cover;
}
