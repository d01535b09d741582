// Box (triplanar) mapping of the scanned textures onto parametric meshes, which have no UVs: the
// piece's own x/y/z position is projected onto the three axis planes and the three samples are
// blended by how squarely the surface faces each axis. Positions are in the piece's frame, so the
// grain stays put on the furniture whatever the camera.
import type { Scan } from './textures.ts';
import { sample } from './textures.ts';

export interface ScanHit {
  /** Per-channel multiplier around 1 (the scan's colour relative to its mean). */
  detail: Float32Array;
  /** Normal perturbation in the piece's frame (add to the normal, then normalise). */
  bump: Float32Array;
  /** Roughness relative to the scan's mean (1 = average), or 1 without a roughness map. */
  rough: number;
}

export const newHit = (): ScanHit => ({ detail: new Float32Array(3), bump: new Float32Array(3), rough: 1 });

const tmp = new Float32Array(3);

/**
 * Samples `scan` at local point (x, y, z) with local normal (nx, ny, nz). `footprint` is the
 * render pixel's size on the surface in metres, which picks the mip level.
 */
export function triplanar(
  scan: Scan,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  footprint: number,
  hit: ScanHit,
): void {
  // Sharp blend (fourth power): a box face takes one projection, only rounded edges mix.
  let wx = nx * nx;
  let wy = ny * ny;
  let wz = nz * nz;
  wx *= wx;
  wy *= wy;
  wz *= wz;
  const sum = wx + wy + wz || 1;
  wx /= sum;
  wy /= sum;
  wz /= sum;
  const inv = 1 / scan.tile;
  const fp = footprint * inv;
  hit.detail.fill(0);
  hit.bump.fill(0);
  hit.rough = 0;
  // Axis 0: x-facing, samples (z, y); 1: y-facing, (x, z); 2: z-facing, (x, y).
  if (wx >= 0.02) plane(scan, wx, z * inv, y * inv, 0, fp, hit);
  if (wy >= 0.02) plane(scan, wy, x * inv, z * inv, 1, fp, hit);
  if (wz >= 0.02) plane(scan, wz, x * inv, y * inv, 2, fp, hit);
  const wsum = (wx >= 0.02 ? wx : 0) + (wy >= 0.02 ? wy : 0) + (wz >= 0.02 ? wz : 0) || 1;
  if (scan.color) for (let c = 0; c < 3; c++) hit.detail[c] = hit.detail[c]! / wsum;
  else hit.detail.fill(1);
  hit.rough = scan.roughness ? hit.rough / wsum : 1;
}

function plane(scan: Scan, w: number, u: number, v: number, axis: number, fp: number, hit: ScanHit): void {
  if (scan.color) {
    sample(scan.color, u, v, fp, tmp);
    const m = scan.color.mean;
    hit.detail[0]! += (w * tmp[0]!) / m[0]!;
    hit.detail[1]! += (w * tmp[1]!) / m[1]!;
    hit.detail[2]! += (w * tmp[2]!) / m[2]!;
  }
  if (scan.normal) {
    sample(scan.normal, u, v, fp, tmp);
    // Tangent-space x/y of an OpenGL normal map, along this plane's u and v axes.
    const tu = (tmp[0]! - scan.normal.mean[0]!) / 127.5;
    const tv = (tmp[1]! - scan.normal.mean[1]!) / 127.5;
    if (axis === 0) {
      hit.bump[2]! += w * tu;
      hit.bump[1]! += w * tv;
    } else if (axis === 1) {
      hit.bump[0]! += w * tu;
      hit.bump[2]! += w * tv;
    } else {
      hit.bump[0]! += w * tu;
      hit.bump[1]! += w * tv;
    }
  }
  if (scan.roughness) {
    sample(scan.roughness, u, v, fp, tmp);
    hit.rough += (w * (tmp[0]! + 8)) / (scan.roughness.mean[0]! + 8);
  }
}
