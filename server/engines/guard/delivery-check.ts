// What every delivered image must be, checked before it is stored: the photo's exact size, no
// uncovered (constant-colour) border or wedge, no stretch of one axis against the other beyond 1 %,
// and a turn only when two independent measurements agree on it. Two halves: the plan's geometry
// (where every delivered pixel comes from, exact and free: the warp is affine, so the frame's corners
// decide coverage) and the delivered pixels themselves (a border scan, the assertion that catches
// whatever the geometry missed). A result that breaks either is drawn again as the model's own image
// scaled to cover the frame and centre-cropped (render.ts), which keeps all four guarantees by
// construction.
import type { Affine } from './align.ts';

/** A camera has square pixels: one axis stretched against the other by more than this shows. */
export const MAX_STRETCH = 0.01;

export type DeliveryProblem = 'size' | 'uncovered' | 'stretch' | 'rotation';

export const PROBLEM_TEXT: Record<DeliveryProblem, string> = {
  size: 'it would not have the photo’s exact size',
  uncovered: 'part of the frame would be left uncovered',
  stretch: 'the picture would be stretched more along one axis than the other',
  rotation: 'the turn the alignment found is not confirmed by the room’s edges',
};

export interface WarpGeometry {
  /** The photo's size: the delivered image's. */
  W: number;
  H: number;
  /** The model's own image size. */
  modelWidth: number;
  modelHeight: number;
  /** The alignment at work size w x h (photo -> model stretched to the photo's aspect), and the zoom on top. */
  affine: Affine;
  w: number;
  h: number;
  zoom: number;
  /** The alignment found that the model squeezed the room into its size: undoing that is not a stretch. */
  squeezed: boolean;
  /** The turn the alignment kept is confirmed by the edge orientations (or there is none). */
  turnConfirmed: boolean;
}

/**
 * The linear part of delivered pixel -> model pixel (full resolution, both in pixels), the same
 * composition warp.ts hands to libvips.
 */
export function deliveredToModel(g: WarpGeometry): [number, number, number, number] {
  const kx = g.W / g.w;
  const ky = g.H / g.h;
  const sx = g.modelWidth / g.W;
  const sy = g.modelHeight / g.H;
  const t = g.affine;
  return [
    (sx * t.a00) / g.zoom,
    (sx * t.a01 * kx) / ky / g.zoom,
    (sy * t.a10 * ky) / kx / g.zoom,
    (sy * t.a11) / g.zoom,
  ];
}

/** Ratio of a 2x2 matrix's singular values, minus 1: 0 when it scales both axes alike. */
export function anisotropy([a, b, c, d]: readonly [number, number, number, number]): number {
  const p = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const disc = Math.sqrt(Math.max(0, p * p - 4 * det * det));
  const s1 = Math.sqrt((p + disc) / 2);
  const s2 = Math.sqrt(Math.max(0, (p - disc) / 2));
  return s2 > 0 ? s1 / s2 - 1 : Infinity;
}

/**
 * The whole map delivered pixel (x, y) -> model pixel (m0 x + m1 y + m2, m3 x + m4 y + m5), pixel
 * centres, top-left origin: the linear part above plus where the frame's centre is drawn from.
 */
export function deliveredMap(g: WarpGeometry): [number, number, number, number, number, number] {
  const [m00, m01, m10, m11] = deliveredToModel(g);
  const cx = (g.W - 1) / 2;
  const cy = (g.H - 1) / 2;
  const u0 = (g.modelWidth / g.W) * (0.5 + cx + g.affine.tx * (g.W / g.w)) - 0.5;
  const v0 = (g.modelHeight / g.H) * (0.5 + cy + g.affine.ty * (g.H / g.h)) - 0.5;
  return [m00, m01, u0 - m00 * cx - m01 * cy, m10, m11, v0 - m10 * cx - m11 * cy];
}

/** The model pixel each corner of the delivered frame is drawn from. */
function cornerSources(g: WarpGeometry): [number, number][] {
  const m = deliveredMap(g);
  return (
    [
      [0, 0],
      [g.W - 1, 0],
      [0, g.H - 1],
      [g.W - 1, g.H - 1],
    ] as const
  ).map(([x, y]) => [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]]);
}

/** What the plan's warp would break, from its geometry alone. */
export function warpProblems(g: WarpGeometry): DeliveryProblem[] {
  const out: DeliveryProblem[] = [];
  // Every delivered pixel is sampled inside the model's image (the map is affine: corners suffice).
  // Half a model pixel beyond the last centre still reads the edge pixel, not the fill.
  const inside = cornerSources(g).every(
    ([u, v]) => u >= -0.5 && v >= -0.5 && u <= g.modelWidth - 0.5 && v <= g.modelHeight - 0.5,
  );
  if (!inside) out.push('uncovered');
  // The stretch is judged against what the model drew: its own square pixels, or, when the
  // alignment measured a squeeze, the photo's frame the squeeze is undone into.
  const m = deliveredToModel(g);
  const t = g.affine;
  const stretch = g.squeezed ? anisotropy([t.a00, t.a01, t.a10, t.a11]) : anisotropy(m);
  if (stretch > MAX_STRETCH) out.push('stretch');
  if (!g.turnConfirmed) out.push('rotation');
  return out;
}
