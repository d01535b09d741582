// Z-buffered triangle rasterizer into a supersampled visibility buffer: each sample stores the
// nearest triangle and its perspective-correct barycentrics; shading happens afterwards, once per
// visible surface (deferred), so overdraw costs nothing but the depth test.
import type { Scene } from './scene.ts';
import { spanEnd, spanStart } from './span.ts';

export interface VisBuffer {
  width: number;
  height: number;
  /** Supersampling factor per axis. */
  ss: number;
  /**
   * Triangle id + 1 per sample (0 = empty). The buffers cover only the samples the scene can touch:
   * sample (sx, sy) is at index (sy - oy) * stride + (sx - ox).
   */
  tri: Int32Array;
  stride: number;
  ox: number;
  oy: number;
  b1: Float32Array;
  b2: Float32Array;
  /** Bounding box of covered pixels (render pixels), inclusive-exclusive. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function rasterize(scene: Scene, width: number, height: number, ss: number): VisBuffer {
  const W = width * ss;
  const H = height * ss;
  const { sx, sy, iz, tris } = scene;
  // Allocate only the scene's bounding box (aligned to whole render pixels): furniture rarely
  // covers half the frame, and four full-frame sample buffers are ~80 MB at 1.2 MP.
  let [ex0, ey0, ex1, ey1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let t = 0; t < scene.triCount * 3; t++) {
    const v = tris[t]!;
    if (iz[v]! <= 0) continue;
    ex0 = Math.min(ex0, sx[v]!);
    ey0 = Math.min(ey0, sy[v]!);
    ex1 = Math.max(ex1, sx[v]!);
    ey1 = Math.max(ey1, sy[v]!);
  }
  const OX = Math.max(0, Math.min(width, Math.floor(ex0) - 1)) * ss;
  const OY = Math.max(0, Math.min(height, Math.floor(ey0) - 1)) * ss;
  const BW = Math.max(0, Math.min(width, Math.ceil(ex1) + 2) * ss - OX);
  const BH = Math.max(0, Math.min(height, Math.ceil(ey1) + 2) * ss - OY);
  const tri = new Int32Array(BW * BH);
  const depth = new Float32Array(BW * BH);
  const b1 = new Float32Array(BW * BH);
  const b2 = new Float32Array(BW * BH);
  let [bx0, by0, bx1, by1] = [W, H, 0, 0];
  for (let t = 0; t < scene.triCount; t++) {
    const i0 = tris[t * 3]!;
    const i1 = tris[t * 3 + 1]!;
    const i2 = tris[t * 3 + 2]!;
    const z0 = iz[i0]!;
    const z1 = iz[i1]!;
    const z2 = iz[i2]!;
    if (z0 <= 0 || z1 <= 0 || z2 <= 0) continue;
    const x0 = sx[i0]! * ss;
    const y0 = sy[i0]! * ss;
    const x1 = sx[i1]! * ss;
    const y1 = sy[i1]! * ss;
    const x2 = sx[i2]! * ss;
    const y2 = sy[i2]! * ss;
    const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (Math.abs(area) < 1e-9) continue;
    const minX = Math.max(OX, Math.floor(Math.min(x0, x1, x2)));
    const maxX = Math.min(OX + BW - 1, Math.ceil(Math.max(x0, x1, x2)));
    const minY = Math.max(OY, Math.floor(Math.min(y0, y1, y2)));
    const maxY = Math.min(OY + BH - 1, Math.ceil(Math.max(y0, y1, y2)));
    if (minX > maxX || minY > maxY) continue;
    const inv = 1 / area;
    // Barycentrics are linear in x: each row is clipped to the span where all three are
    // non-negative, so samples outside the triangle cost nothing. Inside the span they are
    // evaluated directly (not stepped), so both triangles sharing an edge agree exactly on it and
    // no sample falls through the crack.
    const d0 = (y1 - y2) * inv;
    const d1 = (y2 - y0) * inv;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      const px0 = minX + 0.5;
      const e0 = ((x1 - px0) * (y2 - py) - (x2 - px0) * (y1 - py)) * inv;
      const e1 = ((x2 - px0) * (y0 - py) - (x0 - px0) * (y2 - py)) * inv;
      const lo = spanStart(minX, e0, d0, e1, d1);
      const hi = spanEnd(minX, maxX, e0, d0, e1, d1);
      for (let x = lo; x <= hi; x++) {
        const px = x + 0.5;
        const w0 = ((x1 - px) * (y2 - py) - (x2 - px) * (y1 - py)) * inv;
        const w1 = ((x2 - px) * (y0 - py) - (x0 - px) * (y2 - py)) * inv;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * z0 + w1 * z1 + w2 * z2;
        const i = (y - OY) * BW + (x - OX);
        if (z <= depth[i]!) continue;
        depth[i] = z;
        tri[i] = t + 1;
        b1[i] = (w1 * z1) / z;
        b2[i] = (w2 * z2) / z;
      }
    }
    bx0 = Math.min(bx0, minX);
    by0 = Math.min(by0, minY);
    bx1 = Math.max(bx1, maxX + 1);
    by1 = Math.max(by1, maxY + 1);
  }
  return {
    width,
    height,
    ss,
    tri,
    stride: BW,
    ox: OX,
    oy: OY,
    b1,
    b2,
    x0: Math.floor(bx0 / ss),
    y0: Math.floor(by0 / ss),
    x1: Math.min(width, Math.ceil(bx1 / ss)),
    y1: Math.min(height, Math.ceil(by1 / ss)),
  };
}
