// Float image planes and their Sobel gradients: the one gradient representation shared by the
// line-segment detector, the local engine's room analysis and the structure guard.

export interface Plane {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

export interface Gradient {
  readonly width: number;
  readonly height: number;
  readonly gx: Float32Array;
  readonly gy: Float32Array;
  readonly mag: Float32Array;
}

/**
 * Sobel divided by 8, so a step edge of height s has magnitude s / 2 on the pixels either side of
 * it. The one-pixel border has no full neighbourhood and is left at 0.
 */
export function sobel(p: Plane): Gradient {
  const { width: w, height: h, data } = p;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const mag = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = data[i - w - 1]!;
      const b = data[i - w]!;
      const c = data[i - w + 1]!;
      const d = data[i - 1]!;
      const f = data[i + 1]!;
      const g = data[i + w - 1]!;
      const hh = data[i + w]!;
      const k = data[i + w + 1]!;
      const sx = (c + 2 * f + k - a - 2 * d - g) / 8;
      const sy = (g + 2 * hh + k - a - 2 * b - c) / 8;
      gx[i] = sx;
      gy[i] = sy;
      mag[i] = Math.sqrt(sx * sx + sy * sy);
    }
  return { width: w, height: h, gx, gy, mag };
}

/**
 * Level-line angle at pixel i in (-pi, pi]: the gradient turned by 90 degrees, i.e. the edge's
 * direction with its contrast polarity kept (edges of opposite contrast along one line differ by pi).
 */
export const levelLineAngle = (grad: Gradient, i: number) => Math.atan2(grad.gx[i]!, -grad.gy[i]!);

/** Absolute difference of two angles, folded into [0, pi]. */
export function angleDiff(a: number, b: number): number {
  let d = Math.abs(a - b);
  // The modulo is a C call in V8 and region growing asks this ~8 times per pixel; below 2 pi it
  // returns d unchanged (fmod is exact), and angles in (-pi, pi] are never further apart.
  if (d >= 2 * Math.PI) d %= 2 * Math.PI;
  return d > Math.PI ? 2 * Math.PI - d : d;
}
