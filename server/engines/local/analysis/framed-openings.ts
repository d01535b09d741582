// Windows and glass doors found by their frames. Brightness alone (openings.ts) splits a glass
// door with a railing or foliage behind it into fragments too sparse to count, so a bed could end
// up in front of it. A frame is two long vertical segments of similar height joined by a
// horizontal one across their tops; what it encloses must show the outside: brighter than the
// walls, or much busier (leaves, railings, buildings). Wardrobes and plain doors are neither.
import type { Opening } from './openings.ts';
import type { Plane } from './pyramid.ts';
import type { Segment } from './segments.ts';

const isVertical = (g: Segment) => Math.abs(Math.abs(g.angle) - Math.PI / 2) < 0.08;
const isHorizontal = (g: Segment) => Math.abs(g.angle) < 0.15;

/**
 * @param boundary floor row per column (analysis pixels); a frame must stand above the floor.
 * @param wallLum typical luminance of the photo.
 * @param horizon horizon row (analysis pixels): a window or door head is above eye level and its
 * sill or threshold below, so a frame must span the horizon (striped wallpaper does not care).
 */
export function findFramedOpenings(
  lum: Plane,
  grad: Float32Array,
  segs: readonly Segment[],
  boundary: Float32Array,
  wallLum: number,
  horizon: number,
): Opening[] {
  const { width: w, height: h } = lum;
  const top = (g: Segment) => Math.min(g.y1, g.y2);
  const foot = (g: Segment) => Math.max(g.y1, g.y2);
  const xOf = (g: Segment) => (g.x1 + g.x2) / 2;
  const verticals = segs.filter((g) => isVertical(g) && g.length >= h * 0.18);
  const horizontals = segs.filter((g) => isHorizontal(g) && g.length >= w * 0.05);
  const wallBusy = busyness(grad, w, 0, 0, w, h);
  const found: Opening[] = [];
  for (const a of verticals)
    for (const b of verticals) {
      const [x0, x1] = [xOf(a), xOf(b)];
      if (x1 - x0 < w * 0.08 || x1 - x0 > w * 0.6) continue;
      const [t0, t1] = [top(a), top(b)];
      const [f0, f1] = [foot(a), foot(b)];
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
      const inner = meanLum(lum, x0 + 2, y0 + 2, x1 - 2, y1 - 2);
      const busy = busyness(grad, w, x0 + 2, y0 + 2, x1 - 2, y1 - 2);
      if (!(inner > wallLum * 1.12 || busy > Math.max(3 * wallBusy, 4))) continue;
      // A door's jambs reach the floor line beside them; a window's stop at the sill.
      const floorAtJambs = Math.min(boundary[Math.round(x0)]!, boundary[Math.min(w - 1, Math.round(x1))]!);
      const kind = y1 >= floorAtJambs - h * 0.06 && y1 - y0 > h * 0.22 ? 'door' : 'window';
      found.push({ kind, x0, y0, x1, y1, brightness: inner });
    }
  // Nested frames (sashes inside a window) collapse into the outermost.
  return found.filter(
    (o) => !found.some((p) => p !== o && p.x0 <= o.x0 && p.x1 >= o.x1 && p.y0 <= o.y0 && p.y1 >= o.y1),
  );
}

function meanLum(p: Plane, x0: number, y0: number, x1: number, y1: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(p.height, Math.ceil(y1)); y += 2)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(p.width, Math.ceil(x1)); x += 2) {
      sum += p.data[y * p.width + x]!;
      n++;
    }
  return n ? sum / n : 0;
}

/** Mean gradient magnitude over a box (every other pixel). */
function busyness(mag: Float32Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const h = mag.length / w;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(h, Math.ceil(y1)); y += 2)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(w, Math.ceil(x1)); x += 2) {
      sum += mag[y * w + x]!;
      n++;
    }
  return n ? sum / n : 0;
}
