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
/** Run of one colour from the edge inward (check pixels) that counts as uncovered: at least this... */
const MIN_RUN = 3;
/** ...and at least this share of the frame across the side. */
const MIN_RUN_SHARE = 0.01;
/** Per-channel tolerance of "one colour": JPEG ringing along a fill's edge stays within it. */
const SAME = 1;

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

/** The model pixel each corner of the delivered frame is drawn from (pixel centres, top-left origin). */
function cornerSources(g: WarpGeometry): [number, number][] {
  const [m00, m01, m10, m11] = deliveredToModel(g);
  const kx = g.W / g.w;
  const ky = g.H / g.h;
  const sx = g.modelWidth / g.W;
  const sy = g.modelHeight / g.H;
  const cx = (g.W - 1) / 2;
  const cy = (g.H - 1) / 2;
  return (
    [
      [-cx, -cy],
      [cx, -cy],
      [-cx, cy],
      [cx, cy],
    ] as const
  ).map(([px, py]) => [
    m00 * px + m01 * py + sx * (0.5 + cx + g.affine.tx * kx) - 0.5,
    m10 * px + m11 * py + sy * (0.5 + cy + g.affine.ty * ky) - 0.5,
  ]);
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

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

const same = (d: Uint8Array, i: number, j: number) =>
  Math.abs(d[i]! - d[j]!) <= SAME &&
  Math.abs(d[i + 1]! - d[j + 1]!) <= SAME &&
  Math.abs(d[i + 2]! - d[j + 2]!) <= SAME;

/**
 * Per position along one side, how many pixels from the edge inward repeat the edge pixel's colour
 * within the tolerance and with no texture: a fill (black, or an edge pixel smeared outward) is one
 * colour all the way, a photo's wall or ceiling always varies within a few pixels. Measured up to `cap`.
 */
export function edgeRuns(img: Pixels, side: Side, cap: number): Uint16Array {
  const { width: w, height: h, data } = img;
  const along = side === 'top' || side === 'bottom' ? w : h;
  const depth = Math.min(cap, side === 'top' || side === 'bottom' ? h : w);
  const runs = new Uint16Array(along);
  for (let i = 0; i < along; i++) {
    const at = (k: number) => {
      const [x, y] =
        side === 'top'
          ? [i, k]
          : side === 'bottom'
            ? [i, h - 1 - k]
            : side === 'left'
              ? [k, i]
              : [w - 1 - k, i];
      return (y * w + x) * 3;
    };
    const edge = at(0);
    let k = 1;
    while (k < depth && same(data, edge, at(k))) k++;
    runs[i] = k;
  }
  return runs;
}

type Side = 'top' | 'bottom' | 'left' | 'right';
const SIDES: readonly Side[] = ['top', 'bottom', 'left', 'right'];
/** How deep runs are measured on a side: a quarter of the frame across it. */
const capOf = (img: Pixels, side: Side) =>
  Math.max(MIN_RUN + 1, Math.round((side === 'top' || side === 'bottom' ? img.height : img.width) / 4));

/** A photo's own runs of one colour from each edge: kept before its pixels are consumed. */
export type BorderRuns = Record<Side, Uint16Array>;

export function borderRuns(img: Pixels): BorderRuns {
  const out = {} as BorderRuns;
  for (const side of SIDES) out[side] = edgeRuns(img, side, capOf(img, side));
  return out;
}

export interface BorderFinding {
  side: Side;
  /** Which end of the side the uncovered part starts from. */
  from: 'start' | 'end';
  /** Deepest uncovered run (pixels of the checked image) and the share of the side it spans. */
  depth: number;
  share: number;
}

/**
 * Uncovered borders and wedges in a delivered image. What an affine warp leaves uncovered is the
 * frame minus a convex quadrilateral: along each side, a band or a triangle that starts at a corner
 * and whose inner edge is straight, filled with one colour (libvips' black, or an edge pixel smeared
 * outward). So a finding is a run of one colour from the edge inward, starting at a corner, spanning
 * at least 2 % of the side (4 pixels at least), at least 1 % of the frame deep (3 pixels at least) at
 * the corner, with a straight inner edge; and the photo (same size, same frame; null when unknown)
 * must not have that run itself (a flat ceiling in a corner is the room's). Clipped white is left
 * out: it is the one colour a model may paint flat where the photo had texture (a brighter window).
 */
export function uncoveredBorders(delivered: Pixels, photo: Pixels | BorderRuns | null): BorderFinding[] {
  const { width: w, height: h, data } = delivered;
  const out: BorderFinding[] = [];
  const photoRuns = photo && 'data' in photo ? borderRuns(photo) : photo;
  for (const side of SIDES) {
    const along = side === 'top' || side === 'bottom' ? w : h;
    const across = side === 'top' || side === 'bottom' ? h : w;
    const deep = Math.max(MIN_RUN, Math.round(across * MIN_RUN_SHARE));
    const mine = edgeRuns(delivered, side, capOf(delivered, side));
    const theirs = photoRuns && photoRuns[side].length === along ? photoRuns[side] : null;
    const fill = (i: number) => {
      const [x, y] =
        side === 'top' ? [i, 0] : side === 'bottom' ? [i, h - 1] : side === 'left' ? [0, i] : [w - 1, i];
      const p = (y * w + x) * 3;
      const white = data[p]! >= 250 && data[p + 1]! >= 250 && data[p + 2]! >= 250;
      return !white && mine[i]! >= 2 && !(theirs && theirs[i]! * 2 > mine[i]!);
    };
    for (const from of ['start', 'end'] as const) {
      const pos = (k: number) => (from === 'start' ? k : along - 1 - k);
      // From the corner along the side, over JPEG's odd broken run (a gap of up to 3 positions).
      const at: number[] = [];
      for (let k = 0, gap = 0; k < along && gap <= 3; k++)
        if (fill(pos(k))) {
          at.push(k);
          gap = 0;
        } else gap++;
      const n = at.length ? at.at(-1)! + 1 : 0;
      if (at[0] !== 0 || n < Math.max(4, along * 0.02)) continue;
      if (Math.max(...at.slice(0, 3).map((k) => mine[pos(k)]!)) < deep) continue;
      // The inner edge is straight: the runs follow a line along the side (least squares).
      let sx = 0,
        sy = 0,
        sxx = 0,
        sxy = 0;
      for (const k of at) {
        const r = mine[pos(k)]!;
        sx += k;
        sy += r;
        sxx += k * k;
        sxy += k * r;
      }
      const m = at.length;
      const slope = (m * sxy - sx * sy) / Math.max(1e-9, m * sxx - sx * sx);
      const icpt = (sy - slope * sx) / m;
      let err = 0;
      for (const k of at) err += (mine[pos(k)]! - (icpt + slope * k)) ** 2;
      if (Math.sqrt(err / m) > Math.max(1.5, 0.1 * (sy / m))) continue;
      let d = 0;
      for (const k of at) d = Math.max(d, mine[pos(k)]!);
      out.push({ side, from, depth: d, share: n / along });
      // A band along the whole side is one finding, not one from each corner.
      if (n >= along - 3) break;
    }
  }
  return out;
}
