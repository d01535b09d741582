// Ambient occlusion between and within pieces (the crease where a seat meets its back, a chair
// tucked under a table), from the furniture's depth per render pixel: each pixel's surface point
// is rebuilt from its depth, and nearby surface points in front of its surface (along its normal)
// block part of the ambient light. The floor's contact shadows are drawn separately (shadows.ts).
import type { Camera } from '../geometry/camera.ts';
import type { Layers } from './shading.ts';

const RADIUS = 0.25;
const DIRS = 8;
// Sample offsets per rotation (8 per-pixel rotations x DIRS directions): unit vectors, every
// second one at half the radius. A table, so the loop below calls no sin or cos.
const OFFSETS = Float64Array.from({ length: 8 * DIRS * 2 }, (_, i) => {
  const k = (i >> 1) % DIRS;
  const rot = Math.floor(i / (2 * DIRS)) * (Math.PI / 32);
  const ang = rot + (k * Math.PI * 2) / DIRS;
  return (i & 1 ? Math.sin(ang) : Math.cos(ang)) * (k % 2 ? 1 : 0.5);
});

export function applyOcclusion(layers: Layers, cam: Camera, renderScale: number, strength = 0.9): void {
  const { width: w, height: h, depth, furniture: F } = layers;
  const f = cam.f * renderScale;
  const cx = cam.cx * renderScale;
  const cy = cam.cy * renderScale;
  // Surface point of pixel i, in camera space (metres): depth is the distance along the ray.
  const pos = (x: number, y: number, d: number, out: Float32Array) => {
    const rx = (x + 0.5 - cx) / f;
    const ry = -(y + 0.5 - cy) / f;
    const k = d / Math.sqrt(rx * rx + ry * ry + 1);
    out[0] = rx * k;
    out[1] = ry * k;
    out[2] = k;
  };
  const P = new Float32Array(3);
  const A = new Float32Array(3);
  const B = new Float32Array(3);
  const Q = new Float32Array(3);
  const factor = new Float32Array(w * h).fill(1);
  // Occlusion varies slowly: it is evaluated on every other pixel and row, and each result
  // covers its 2x2 block.
  for (let y = 1; y < h - 1; y += 2)
    for (let x = 1; x < w - 1; x += 2) {
      const i = y * w + x;
      const d = depth[i]!;
      if (d <= 0) continue;
      pos(x, y, d, P);
      // Normal from the neighbours' points (one-sided where a neighbour is background).
      // (A neighbour across a silhouette belongs to another surface: treat it as this one.)
      const dr = near(depth[i + 1]!, d);
      const dd = near(depth[i + w]!, d);
      pos(x + 1, y, dr, A);
      pos(x, y + 1, dd, B);
      const ax = A[0]! - P[0]!;
      const ay = A[1]! - P[1]!;
      const az = A[2]! - P[2]!;
      const bx = B[0]! - P[0]!;
      const by = B[1]! - P[1]!;
      const bz = B[2]! - P[2]!;
      let nx = ay * bz - az * by;
      let ny = az * bx - ax * bz;
      let nz = ax * by - ay * bx;
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (nl < 1e-12) continue;
      nx /= nl;
      ny /= nl;
      nz /= nl;
      // Face the camera.
      if (nx * P[0]! + ny * P[1]! + nz * P[2]! > 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      const rpx = Math.min(24, Math.max(2, (RADIUS * 0.6 * f) / d));
      // A fixed rotation per pixel (from its coordinates) spreads the eight directions.
      const rot = ((x * 7 + y * 13) % 8) * DIRS * 2;
      let occ = 0;
      for (let k = 0; k < DIRS; k++) {
        const qx = Math.round(x + OFFSETS[rot + k * 2]! * rpx);
        const qy = Math.round(y + OFFSETS[rot + k * 2 + 1]! * rpx);
        if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
        const dq = depth[qy * w + qx]!;
        if (dq <= 0) continue;
        pos(qx, qy, dq, Q);
        const vx = Q[0]! - P[0]!;
        const vy = Q[1]! - P[1]!;
        const vz = Q[2]! - P[2]!;
        const len = Math.sqrt(vx * vx + vy * vy + vz * vz);
        if (len < 1e-4 || len > RADIUS) continue;
        const cos = (vx * nx + vy * ny + vz * nz) / len;
        if (cos > 0.15) occ += (cos - 0.15) * (1 - len / RADIUS);
      }
      const fa = Math.max(0.45, 1 - (strength * occ) / (DIRS * 0.5));
      factor[i] = fa;
      factor[i + 1] = fa;
      factor[i + w] = fa;
      factor[i + w + 1] = fa;
    }
  for (let i = 0; i < w * h; i++) {
    const k = factor[i]!;
    if (k === 1) continue;
    F[i * 4] = F[i * 4]! * k;
    F[i * 4 + 1] = F[i * 4 + 1]! * k;
    F[i * 4 + 2] = F[i * 4 + 2]! * k;
  }
}

const near = (v: number, d: number) => (v > 0 && Math.abs(v - d) < 0.04 * d ? v : d);
