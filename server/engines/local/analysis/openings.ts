// Windows and doors as keep-out zones. Daylight makes windows and glass doors the brightest
// compact rectangles above the floor; a bright rectangle that reaches the floor line and is tall is
// treated as a door. Dark wooden doors are not detected; the layout's walkway rules cover most.
import { percentiles, type Plane } from './pyramid.ts';

export interface Opening {
  kind: 'window' | 'door';
  /**
   * Box, right and bottom edges exclusive. The finders work in analysis pixels;
   * `RoomAnalysis.openings` holds them in full-resolution pixels (see `openingsToFull`).
   */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Mean luminance inside, 0..255: the brightest window is the key light. */
  brightness: number;
}

export function findOpenings(lum: Plane, boundary: Float32Array): { openings: Opening[]; fit: number } {
  const { width: w, height: h, data } = lum;
  const [median, p97] = percentiles(data, [0.5, 0.97]) as [number, number];
  const threshold = Math.max(p97 * 0.92, median + 40, 150);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (data[y * w + x]! >= threshold && y < boundary[x]! + h * 0.02) mask[y * w + x] = 1;
  const label = new Int32Array(w * h);
  const openings: Opening[] = [];
  // Flood fill with an explicit stack in a typed array (each pixel is pushed at most once).
  const stack = new Int32Array(w * h);
  let next = 1;
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]) continue;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    let area = 0;
    let sum = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    // Neighbours pushed inline in the order left, right, up, down (a closure per component kept
    // the stack top out of registers).
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      area++;
      sum += data[p]!;
      if (x > 0 && mask[p - 1] && !label[p - 1]) {
        label[p - 1] = next;
        stack[top++] = p - 1;
      }
      if (x < w - 1 && mask[p + 1] && !label[p + 1]) {
        label[p + 1] = next;
        stack[top++] = p + 1;
      }
      if (y > 0 && mask[p - w] && !label[p - w]) {
        label[p - w] = next;
        stack[top++] = p - w;
      }
      if (y < h - 1 && mask[p + w] && !label[p + w]) {
        label[p + w] = next;
        stack[top++] = p + w;
      }
    }
    next++;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (area < w * h * 0.003 || area / (bw * bh) < 0.35) continue;
    // Light fixtures are small bright blobs near the ceiling, and a lit ceiling spans the top edge.
    if (bh < h * 0.08 || (y0 === 0 && bw > w * 0.4)) continue;
    const floorAt = boundary[Math.min(w - 1, Math.round((x0 + x1) / 2))]!;
    // Sun patches and reflections on the floor are bright too, but lie below the wall line.
    if ((y0 + y1) / 2 > floorAt) continue;
    const reachesFloor = y1 >= floorAt - h * 0.12;
    const kind = reachesFloor && bh > h * 0.22 ? 'door' : 'window';
    openings.push({ kind, x0, y0, x1: x1 + 1, y1: y1 + 1, brightness: sum / area });
  }
  openings.sort((a, b) => b.brightness - a.brightness);
  const fit = openings.length ? Math.min(1, 0.5 + 0.1 * openings.length) : 0.3;
  return { openings: openings.slice(0, 8), fit };
}

/**
 * Analysis-pixel boxes in full-resolution pixels of a `width` x `height` photo, clipped to it: the
 * analysis copy's rows and columns are rounded, so a box at its edge would otherwise end a little
 * past the photo's, and every consumer (mask, light, layout) indexes the photo with them.
 */
export function openingsToFull(
  openings: readonly Opening[],
  scale: number,
  width: number,
  height: number,
): Opening[] {
  const x = (v: number) => Math.min(width, Math.max(0, v / scale));
  const y = (v: number) => Math.min(height, Math.max(0, v / scale));
  return openings.map((o) => ({ ...o, x0: x(o.x0), y0: y(o.y0), x1: x(o.x1), y1: y(o.y1) }));
}

/** Adds framed openings that no bright one already covers (half of either box), brightest first. */
export function mergeOpenings(bright: Opening[], framed: Opening[]): Opening[] {
  const area = (o: Opening) => (o.x1 - o.x0) * (o.y1 - o.y0);
  const overlap = (o: Opening, p: Opening) =>
    Math.max(0, Math.min(o.x1, p.x1) - Math.max(o.x0, p.x0)) *
    Math.max(0, Math.min(o.y1, p.y1) - Math.max(o.y0, p.y0));
  const extra = framed.filter((f) => bright.every((b) => overlap(f, b) < 0.5 * Math.min(area(f), area(b))));
  return [...bright, ...extra].sort((a, b) => b.brightness - a.brightness).slice(0, 8);
}
