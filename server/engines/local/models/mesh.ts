// Triangle meshes built from primitives: rounded boxes, frustums between two points, lathe
// profiles and quads. Everything is in the piece's own frame: x across, y up, z towards its
// front, metres, origin on the floor at the centre of the footprint.
import { cross, normalize, sub, type Vec3 } from '../geometry/vec.ts';
import type { Material } from '../styles/materials.ts';
import type { Cloth } from './cloth.ts';

export interface Part {
  mat: Material;
  pos: number[];
  nrm: number[];
  /** Texture coordinates 0..1 (rugs and paintings); 0 elsewhere. */
  uv: number[];
  idx: number[];
  /** Lies flat on the floor (rugs): shadows fall on it and it casts none. */
  covering?: boolean;
  /** Soft goods among its triangles (seams and wrinkles in shading, render/cloth.ts). */
  cloth?: Cloth[];
}

export type Mesh = Part[];

export function part(mesh: Mesh, mat: Material, covering = false): Part {
  const existing = mesh.find((p) => p.mat === mat && !!p.covering === covering);
  if (existing) return existing;
  const p: Part = { mat, pos: [], nrm: [], uv: [], idx: [], covering };
  mesh.push(p);
  return p;
}

export function vertex(p: Part, v: Vec3, n: Vec3, u = 0, w = 0): number {
  p.pos.push(v[0], v[1], v[2]);
  p.nrm.push(n[0], n[1], n[2]);
  p.uv.push(u, w);
  return p.pos.length / 3 - 1;
}

/**
 * Box with rounded edges (radius r) centred at c with full size s. `flat` splits each flat face
 * into that many strips per axis, so a later deform() (cushion sag) has vertices to bend.
 */
export function box(p: Part, c: Vec3, s: Vec3, r = 0.01, seg = 2, flat = 1): void {
  const h: Vec3 = [s[0] / 2, s[1] / 2, s[2] / 2];
  const rr = Math.min(r, h[0], h[1], h[2]);
  const axis = (half: number) => {
    const k = rr > 1e-4 ? seg : 0;
    const out: number[] = [];
    for (let i = 0; i <= k; i++) out.push(-half + (rr * i) / Math.max(1, k));
    for (let i = 1; i < flat; i++) out.push(-half + rr + (2 * (half - rr) * i) / flat);
    for (let i = 0; i <= k; i++) out.push(half - rr + (rr * i) / Math.max(1, k));
    return out;
  };
  const ax = [axis(h[0]), axis(h[1]), axis(h[2])] as const;
  // Six faces: [normal axis, sign, u axis, v axis].
  const faces: [number, number, number, number][] = [
    [0, 1, 1, 2],
    [0, -1, 2, 1],
    [1, 1, 2, 0],
    [1, -1, 0, 2],
    [2, 1, 0, 1],
    [2, -1, 1, 0],
  ];
  for (const [n, sign, ua, va] of faces) {
    const us = ax[ua]!;
    const vs = ax[va]!;
    const base = p.pos.length / 3;
    for (const vv of vs)
      for (const uu of us) {
        const q: Vec3 = [0, 0, 0];
        q[n] = sign * h[n]!;
        q[ua] = uu;
        q[va] = vv;
        const inner: Vec3 = [0, 1, 2].map((i) => Math.max(-h[i]! + rr, Math.min(h[i]! - rr, q[i]!))) as Vec3;
        let d = sub(q, inner);
        const len = Math.hypot(d[0], d[1], d[2]);
        d =
          len > 1e-9
            ? [d[0] / len, d[1] / len, d[2] / len]
            : ([0, 0, 0].map((_, i) => (i === n ? sign : 0)) as Vec3);
        vertex(p, [c[0] + inner[0] + d[0] * rr, c[1] + inner[1] + d[1] * rr, c[2] + inner[2] + d[2] * rr], d);
      }
    const nu = us.length;
    for (let j = 0; j < vs.length - 1; j++)
      for (let i = 0; i < nu - 1; i++) {
        const a = base + j * nu + i;
        p.idx.push(a, a + 1, a + nu + 1, a, a + nu + 1, a + nu);
      }
  }
}

/** Frustum from point a (radius ra) to point b (radius rb), with end caps. */
export function tube(p: Part, a: Vec3, b: Vec3, ra: number, rb = ra, segs = 10, caps = true): void {
  const axis = normalize(sub(b, a));
  const ref: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalize(cross(axis, ref));
  const v = cross(axis, u);
  const base = p.pos.length / 3;
  const slope = (ra - rb) / Math.max(1e-6, Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]));
  for (let i = 0; i <= segs; i++) {
    const t = (i / segs) * Math.PI * 2;
    const dir: Vec3 = [
      u[0] * Math.cos(t) + v[0] * Math.sin(t),
      u[1] * Math.cos(t) + v[1] * Math.sin(t),
      u[2] * Math.cos(t) + v[2] * Math.sin(t),
    ];
    const n = normalize([dir[0] + axis[0] * slope, dir[1] + axis[1] * slope, dir[2] + axis[2] * slope]);
    vertex(p, [a[0] + dir[0] * ra, a[1] + dir[1] * ra, a[2] + dir[2] * ra], n);
    vertex(p, [b[0] + dir[0] * rb, b[1] + dir[1] * rb, b[2] + dir[2] * rb], n);
  }
  for (let i = 0; i < segs; i++) {
    const k = base + i * 2;
    p.idx.push(k, k + 2, k + 3, k, k + 3, k + 1);
  }
  if (!caps) return;
  for (const [c, r, s] of [
    [a, ra, -1],
    [b, rb, 1],
  ] as const) {
    const n: Vec3 = [axis[0] * s, axis[1] * s, axis[2] * s];
    const centre = vertex(p, c, n);
    for (let i = 0; i <= segs; i++) {
      const t = (i / segs) * Math.PI * 2;
      vertex(
        p,
        [
          c[0] + (u[0] * Math.cos(t) + v[0] * Math.sin(t)) * r,
          c[1] + (u[1] * Math.cos(t) + v[1] * Math.sin(t)) * r,
          c[2] + (u[2] * Math.cos(t) + v[2] * Math.sin(t)) * r,
        ],
        n,
      );
    }
    for (let i = 0; i < segs; i++) p.idx.push(centre, centre + 1 + i, centre + 2 + i);
  }
}

/** Surface of revolution around the vertical axis through c; profile is [radius, height] bottom to top. */
export function lathe(p: Part, c: Vec3, profile: [number, number][], segs = 16, sx = 1, sz = 1): void {
  const base = p.pos.length / 3;
  const n = profile.length;
  for (let i = 0; i <= segs; i++) {
    const t = (i / segs) * Math.PI * 2;
    const ct = Math.cos(t);
    const st = Math.sin(t);
    for (let j = 0; j < n; j++) {
      const [r, y] = profile[j]!;
      const prev = profile[Math.max(0, j - 1)]!;
      const next = profile[Math.min(n - 1, j + 1)]!;
      // Normal of the profile curve, rotated around the axis.
      const dr = next[0] - prev[0];
      const dy = next[1] - prev[1];
      const nn = normalize([dy * ct * sz, -dr, dy * st * sx]);
      vertex(p, [c[0] + r * ct * sx, c[1] + y, c[2] + r * st * sz], nn);
    }
  }
  for (let i = 0; i < segs; i++)
    for (let j = 0; j < n - 1; j++) {
      const a = base + i * n + j;
      p.idx.push(a, a + n, a + n + 1, a, a + n + 1, a + 1);
    }
}

/** Flat quad p0-p1-p2-p3 with texture coordinates (0,0) (1,0) (1,1) (0,1). */
export function quad(p: Part, p0: Vec3, p1: Vec3, p2: Vec3, p3: Vec3): void {
  const n = normalize(cross(sub(p1, p0), sub(p3, p0)));
  const a = vertex(p, p0, n, 0, 0);
  vertex(p, p1, n, 1, 0);
  vertex(p, p2, n, 1, 1);
  vertex(p, p3, n, 0, 1);
  p.idx.push(a, a + 1, a + 2, a, a + 2, a + 3);
}

export const ellipsoid = (p: Part, c: Vec3, rx: number, ry: number, rz: number, segs = 12) =>
  lathe(
    p,
    [c[0], c[1] - ry, c[2]],
    Array.from({ length: 9 }, (_, i) => {
      const t = (i / 8) * Math.PI;
      return [Math.sin(t), (1 - Math.cos(t)) * ry] as [number, number];
    }),
    segs,
    rx,
    rz,
  );

/** A leaf blade from `base` along `dir` (unit), folded along its midrib, `side` spanning its width. */
export function leafBlade(
  p: Part,
  base: Vec3,
  dir: Vec3,
  side: Vec3,
  len: number,
  width: number,
  fold = 0.25,
): void {
  const up = normalize(cross(side, dir));
  const at = (t: number, s: number, lift: number): Vec3 => [
    base[0] + dir[0] * len * t + side[0] * width * s + up[0] * lift,
    base[1] + dir[1] * len * t + side[1] * width * s + up[1] * lift,
    base[2] + dir[2] * len * t + side[2] * width * s + up[2] * lift,
  ];
  const rib = width * fold;
  const tip = at(1, 0, 0);
  const root = at(0, 0, 0);
  const mid = at(0.45, 0, rib);
  const l = at(0.4, -0.5, 0);
  const r = at(0.4, 0.5, 0);
  for (const [a, b, c] of [
    [root, l, mid],
    [root, mid, r],
    [l, tip, mid],
    [mid, tip, r],
  ] as const) {
    const n = normalize(cross(sub(b, a), sub(c, a)));
    const i = vertex(p, a, n);
    vertex(p, b, n);
    vertex(p, c, n);
    p.idx.push(i, i + 1, i + 2);
  }
}
