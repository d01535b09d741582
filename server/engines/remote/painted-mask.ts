// The agent's furniture area as an edit mask (decision 0181): the painted polygons, given in 0..1
// photo coordinates, filled at the frame's size. It replaces the engine's own area outright: the
// agent knows the room better than the floor analysis (a glass partition, a mirror wall).
import type { EditMask } from './edit-mask.ts';

type Polygon = readonly (readonly [number, number])[];

/**
 * Scanline fill at pixel centres, each polygon by the even-odd rule and the polygons as a union (a
 * stroke painted twice stays painted). 255 inside, 0 outside, like `editMask`.
 */
export function paintedMask(polygons: readonly Polygon[], width: number, height: number): EditMask {
  const data = new Uint8Array(width * height);
  const xs: number[] = [];
  for (const poly of polygons) {
    const pts = poly.map(([u, v]) => [u * width, v * height] as const);
    for (let y = 0; y < height; y++) {
      const cy = y + 0.5;
      xs.length = 0;
      for (let i = 0; i < pts.length; i++) {
        const [x0, y0] = pts[i]!;
        const [x1, y1] = pts[(i + 1) % pts.length]!;
        // Half-open in y so a vertex on the scanline counts once.
        if (y0 <= cy !== y1 <= cy) xs.push(x0 + ((cy - y0) * (x1 - x0)) / (y1 - y0));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width, Math.ceil(xs[k + 1]! - 0.5));
        if (to > from) data.fill(255, y * width + from, y * width + to);
      }
    }
  }
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i]) n++;
  return { width, height, data, share: n / (width * height) };
}
