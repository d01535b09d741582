// Windows and glass doors found by their frames. Brightness alone (openings.ts) splits a glass
// door with a railing or foliage behind it into fragments too sparse to count, so a bed could end
// up in front of it. A frame is two long vertical segments of similar height joined by a
// horizontal one across their tops; what it encloses must show the outside: brighter than the
// walls, or much busier (leaves, railings, buildings). Wardrobes and plain doors are neither.
import { findOpenings, mergeOpenings, type Opening } from './openings.ts';
import type { AnalysisImage, Gradient, Plane } from './pyramid.ts';
import { segFoot, segMidX, segTop, type Segment } from './segments.ts';

/** Jambs considered, strongest first: pairs are tested against each other. */
const MAX_JAMBS = 40;

const isVertical = (g: Segment) => Math.abs(Math.abs(g.angle) - Math.PI / 2) < 0.08;
const isHorizontal = (g: Segment) => Math.abs(g.angle) < 0.15;

/**
 * @param boundary floor row per column (analysis pixels); a frame must stand above the floor.
 * @param horizon horizon row (analysis pixels): a window or door head is above eye level and its
 * sill or threshold below, so a frame must span the horizon (striped wallpaper does not care).
 */
export function findFramedOpenings(
  lum: Plane,
  grad: Float32Array,
  segs: readonly Segment[],
  boundary: Float32Array,
  horizon: number,
): Opening[] {
  const { width: w, height: h } = lum;
  // Built on first use: most photos have no pair of jambs that passes the geometric tests.
  let sums: { lum: Float64Array; mag: Float64Array; wall: { lum: number; busy: number } } | null = null;
  const stats = () =>
    (sums ??= {
      lum: integral(lum.data, w, h),
      mag: integral(grad, w, h),
      wall: wallStats(lum.data, grad, boundary, w, h),
    });
  // The strongest few jambs: striped wallpaper or slatted panelling yields hundreds of verticals,
  // and pairs are quadratic.
  const verticals = segs
    .filter((g) => isVertical(g) && g.length >= h * 0.18)
    .sort((p, q) => q.length * q.strength - p.length * p.strength)
    .slice(0, MAX_JAMBS);
  const horizontals = segs.filter((g) => isHorizontal(g) && g.length >= w * 0.05);
  const found: Opening[] = [];
  for (const a of verticals)
    for (const b of verticals) {
      const [x0, x1] = [segMidX(a), segMidX(b)];
      if (x1 - x0 < w * 0.08 || x1 - x0 > w * 0.6) continue;
      const [t0, t1] = [segTop(a), segTop(b)];
      const [f0, f1] = [segFoot(a), segFoot(b)];
      // Similar extent: both jambs of one frame.
      if (Math.abs(t0 - t1) > h * 0.05 || Math.abs(f0 - f1) > h * 0.08) continue;
      const y0 = Math.min(t0, t1);
      const y1 = Math.max(f0, f1);
      const lintel = horizontals.some(
        (g) =>
          Math.abs((g.y1 + g.y2) / 2 - y0) < h * 0.04 &&
          Math.min(x1, Math.max(g.x1, g.x2)) - Math.max(x0, Math.min(g.x1, g.x2)) >= (x1 - x0) * 0.6,
      );
      if (!lintel || y0 > horizon - h * 0.03 || y1 < horizon + h * 0.03) continue;
      const mid = Math.min(w - 1, Math.round((x0 + x1) / 2));
      // Above the floor (jambs can run on into their reflection on a glossy floor, so only the middle counts).
      if ((y0 + y1) / 2 > boundary[mid]!) continue;
      const { lum: lumSum, mag: magSum, wall } = stats();
      const inner = boxMean(lumSum, w, h, x0 + 2, y0 + 2, x1 - 2, y1 - 2);
      const busy = boxMean(magSum, w, h, x0 + 2, y0 + 2, x1 - 2, y1 - 2);
      if (!(inner > wall.lum * 1.12 || busy > Math.max(3 * wall.busy, 4))) continue;
      // A door's jambs reach the floor line beside them; a window's stop at the sill.
      const col = (x: number) => Math.max(0, Math.min(w - 1, Math.round(x)));
      const floorAtJambs = Math.min(boundary[col(x0)]!, boundary[col(x1)]!);
      const kind = y1 >= floorAtJambs - h * 0.06 && y1 - y0 > h * 0.22 ? 'door' : 'window';
      found.push({ kind, x0, y0, x1, y1, brightness: inner });
    }
  // Nested frames (sashes inside a window) collapse into the outermost.
  return found.filter(
    (o) => !found.some((p) => p !== o && p.x0 <= o.x0 && p.x1 >= o.x1 && p.y0 <= o.y0 && p.y1 >= o.y1),
  );
}

/** Summed-area table ((w + 1) x (h + 1)), so any box's mean costs four reads. */
function integral(data: Float32Array, w: number, h: number): Float64Array {
  const t = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      t[(y + 1) * (w + 1) + x + 1] = t[y * (w + 1) + x + 1]! + row;
    }
  }
  return t;
}

function boxMean(
  t: Float64Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  const X0 = Math.max(0, Math.min(w, Math.floor(x0)));
  const X1 = Math.max(0, Math.min(w, Math.ceil(x1)));
  const Y0 = Math.max(0, Math.min(h, Math.floor(y0)));
  const Y1 = Math.max(0, Math.min(h, Math.ceil(y1)));
  const n = (X1 - X0) * (Y1 - Y0);
  if (n <= 0) return 0;
  const W = w + 1;
  return (t[Y1 * W + X1]! - t[Y0 * W + X1]! - t[Y1 * W + X0]! + t[Y0 * W + X0]!) / n;
}

/** Mean luminance and gradient of the walls: everything above the floor line. */
function wallStats(lum: Float32Array, mag: Float32Array, boundary: Float32Array, w: number, h: number) {
  let l = 0;
  let g = 0;
  let n = 0;
  for (let x = 0; x < w; x++)
    for (let y = 0; y < Math.min(h, boundary[x]!); y++) {
      l += lum[y * w + x]!;
      g += mag[y * w + x]!;
      n++;
    }
  return n ? { lum: l / n, busy: g / n } : { lum: 128, busy: 1 };
}

/** Bright and framed windows and doors above a floor boundary (analysis pixels), brightest first. */
export function findAllOpenings(
  img: AnalysisImage,
  grad: Gradient,
  segs: readonly Segment[],
  boundary: Float32Array,
  horizon: number,
): { openings: Opening[]; fit: number } {
  const { openings: bright, fit } = findOpenings(img.lum, boundary);
  return {
    openings: mergeOpenings(bright, findFramedOpenings(img.lum, grad.mag, segs, boundary, horizon)),
    fit,
  };
}
