// Outdoor cues of the photo check that need more than a pixel's colour: where the sky is (open to
// the top of the frame, ending above the horizon, bluer than the scene under it) and whether green
// texture is leafy (no one direction) or a painted or boarded surface's (along lines).
import type { AnalysisImage, Gradient } from './pyramid.ts';

/**
 * Sky is at the top of the frame and open to it: reached from the top edge through smooth pixels
 * alone, and it ends above the horizon. Daylight sky is the light source: blue, and brighter in blue
 * than the scene's median brightness (a deep clear sky is darker than a sunlit wall in luminance,
 * not in blue). A dusk or night sky is dark and not warm, over a scene lit brighter than it (lamps,
 * floodlights). A blue or grey wall is smooth too, but stands on the floor, which from standing
 * height lies below the horizon (mid-height for a level camera): a smooth region open to the top
 * with a good share of it below SKY_FLOOR is a wall (or a ceiling running into one), not sky.
 * A window's sky is inside its frame and not open to the top at all.
 */
export function skyOpen(small: AnalysisImage, M: Float32Array, p50: number) {
  const { width: w, height: h } = small.lum;
  const R = small.r.data;
  const G = small.g.data;
  const B = small.b.data;
  const L = small.lum.data;
  const rows = Math.max(1, Math.floor(h * 0.35));
  const floorRow = Math.floor(h * SKY_FLOOR);
  // Mean brightness of the top 30% and of the bottom 40%.
  let top = 0;
  let bottom = 0;
  const topRows = Math.max(1, Math.floor(h * 0.3));
  const bottomRow = Math.floor(h * 0.6);
  for (let i = 0; i < topRows * w; i++) top += L[i]!;
  for (let i = bottomRow * w; i < h * w; i++) bottom += L[i]!;
  const litBelow = bottom / Math.max(1, (h - bottomRow) * w) > top / (topRows * w) + 10;
  // The sky is bluer than the scene under it; a cold colour cast makes a white ceiling blue too, but
  // no bluer than the walls and floor below it.
  const cast = Math.max(0, medianBlueCast(small, rows));
  const skyLike = (i: number): 1 | 2 | 0 => {
    if (M[i]! >= 2.5) return 0;
    const r = R[i]!;
    const b = B[i]!;
    if (b > r + 15 + cast && b > G[i]! && b > p50) return 1;
    if (litBelow && L[i]! < 60 && b >= r) return 2;
    return 0;
  };
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  let day = 0;
  let night = 0;
  // One region per seed on the top edge. A daylight region counts unless a wall's share of it
  // (WALL_SHARE) lies below SKY_FLOOR; a night region is only followed down to SKY_FLOOR, since
  // dark ground at night joins the dark sky at the horizon.
  for (let seed = 0; seed < w; seed++) {
    if (seen[seed]) continue;
    let d = 0;
    let n = 0;
    let size = 0;
    let below = 0;
    stack.push(seed);
    while (stack.length) {
      const i = stack.pop()!;
      if (seen[i]) continue;
      const y = (i / w) | 0;
      const k = skyLike(i);
      if (!k || (k === 2 && y >= floorRow)) continue;
      seen[i] = 1;
      size++;
      if (y >= floorRow) below++;
      if (y < rows) {
        if (k === 1) d++;
        else n++;
      }
      const x = i - y * w;
      if (x > 0) stack.push(i - 1);
      if (x < w - 1) stack.push(i + 1);
      if (y > 0) stack.push(i - w);
      if (y < h - 1) stack.push(i + w);
    }
    if (below <= size * WALL_SHARE) {
      day += d;
      night += n;
    }
  }
  return { skyBlue: day / (w * rows), nightSky: night / (w * rows) };
}

/** Median of blue minus red below the top `rows` (the ground, a facade, a room's walls and floor). */
function medianBlueCast(small: AnalysisImage, rows: number): number {
  const { width: w, height: h } = small.lum;
  const hist = new Uint32Array(511);
  let n = 0;
  for (let i = rows * w; i < w * h; i += 2) {
    hist[Math.round(small.b.data[i]! - small.r.data[i]!) + 255]!++;
    n++;
  }
  let acc = 0;
  for (let k = 0; k < 511; k++) {
    acc += hist[k]!;
    if (acc * 2 >= n) return k - 255;
  }
  return 0;
}

/** Share of the height below which a smooth region open to the top is a wall, not sky (skyOpen). */
export const SKY_FLOOR = 0.6;
/**
 * Share of a region that may lie below SKY_FLOOR and still be sky (a camera tilted a little up, a
 * gap in the skyline). A wall with no ceiling in frame runs from the top edge to the floor (about
 * 0.7 of the height from standing height): some 10-15% of it lies below SKY_FLOOR.
 */
export const WALL_SHARE = 0.05;

/**
 * Leaves and grass are texture without a direction: in a 5x5 neighbourhood their gradients point
 * every way. A painted wall's or a floor's texture (boards, skirting, a corner, a frame) runs along
 * lines, so its gradients agree (a coherent structure tensor). Only leafy green counts as vegetation,
 * so a green wall or a green-tinted floor is not read as a garden.
 */
export function leafy(grad: Gradient, x: number, y: number): boolean {
  const { width: w, height: h, gx, gy } = grad;
  if (x < LEAF || y < LEAF || x >= w - LEAF || y >= h - LEAF) return false;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let dy = -LEAF; dy <= LEAF; dy++)
    for (let dx = -LEAF; dx <= LEAF; dx++) {
      const i = (y + dy) * w + x + dx;
      const a = gx[i]!;
      const b = gy[i]!;
      xx += a * a;
      yy += b * b;
      xy += a * b;
    }
  const sum = xx + yy;
  return sum > 0 && Math.sqrt((xx - yy) * (xx - yy) + 4 * xy * xy) < LEAFY_COHERENCE * sum;
}

/** Half the side of the neighbourhood (5x5 at feature scale: a few leaves, or one board's edge). */
const LEAF = 2;
/** Structure-tensor coherence (0 no direction .. 1 one direction) below which texture is leafy. */
export const LEAFY_COHERENCE = 0.75;
