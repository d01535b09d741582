// What a photo shows, measured cheaply on a ~320 px copy: tone, colour and texture by region, and
// the straight lines. identify() judges a photo by these; each follows from how rooms, outdoor scenes
// and cameras look rather than from any particular photo:
// - sky is smooth, at the top and open to it, and ends above the horizon; by day it is bluer than
//   the scene under it, at night darker than the lit scene; a blue wall stands under a ceiling and
//   runs down to the floor (outdoor-cues.ts);
// - vegetation is green with leafy texture (no one direction); interiors have little of it outside
//   windows, and a green wall's or floor's texture runs along lines;
// - interiors are lit warm (lamps, reflected light), daylight outside is neutral to blue;
// - rooms are made of long straight lines, many of them vertical (walls, frames, units); faces,
//   pets and trees are not;
// - screenshots and drawings have large perfectly flat areas and few colours.
import type { RawImage } from '#server/engines/types.ts';
import { detectSegments } from '#server/lib/images/index.ts';
import { trimPadding } from './padding.ts';
import { leafy, skyOpen } from './outdoor-cues.ts';
import { blur3, downscale, percentiles, sobel, type AnalysisImage } from './pyramid.ts';

export const FEATURE_SIDE = 320;

export interface PhotoFeatures {
  meanLum: number;
  p95: number;
  contrast: number;
  /** 99th percentile of the gradient at feature scale: low means blurred or flat. */
  sharpness: number;
  /**
   * Share of the top 35% that is open sky: smooth and blue, brighter in blue than the scene's median
   * brightness, and reached from the frame's top edge without crossing anything else (skyOpen).
   */
  skyBlue: number;
  /** The same for a dark sky over a lit scene (dusk and night): see skyOpen. */
  nightSky: number;
  /** Share of all pixels that are green and textured: leaves, grass. */
  vegetation: number;
  /** Green textured share of the bottom 35%: lawn. */
  lawn: number;
  /** Mean red minus blue over mid-tones: indoor light is warm. */
  warmth: number;
  /** Mean gradient in the middle third of the height. */
  edgeMid: number;
  /** Mean chroma of the lower middle (rows 45-90%, columns 15-85%). */
  lowerChroma: number;
  /** Share of pixels with exactly no gradient: flat fills of screenshots and drawings. */
  flat: number;
  /** Share of 4-bit colours needed to cover 95% of pixels (of 4096). */
  colours: number;
  /** Mean chroma (max - min channel): near 0 for black-and-white scans. */
  chroma: number;
  /** Straight-line length per (width + height), and the shares near vertical / horizontal. */
  lines: number;
  vertical: number;
  horizontal: number;
}

export function photoFeatures(
  img: RawImage,
  full: AnalysisImage = downscale(img, FEATURE_SIDE),
): PhotoFeatures {
  const small = trimPadding(full);
  const { width: w, height: h } = small.lum;
  const R = small.r.data;
  const G = small.g.data;
  const B = small.b.data;
  const L = small.lum.data;
  const grad = sobel(blur3(small.lum));
  const M = grad.mag;
  const n = w * h;
  const [p50, p95] = percentiles(L, [0.5, 0.95]) as [number, number];
  const [sharp] = percentiles(M, [0.99], 128) as [number];

  let sum = 0;
  let sq = 0;
  let veg = 0;
  let lawn = 0;
  let lawnN = 0;
  let warm = 0;
  let warmN = 0;
  let mid = 0;
  let midN = 0;
  let lowC = 0;
  let lowN = 0;
  let flat = 0;
  let chroma = 0;
  const hist = new Uint32Array(4096);
  for (let y = 0; y < h; y++) {
    const fy = y / h;
    const lowerRow = fy > 0.45 && fy < 0.9;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const r = R[i]!;
      const g = G[i]!;
      const b = B[i]!;
      const l = L[i]!;
      const m = M[i]!;
      const mx = r > g ? (r > b ? r : b) : g > b ? g : b;
      const mn = r < g ? (r < b ? r : b) : g < b ? g : b;
      const c = mx - mn;
      sum += l;
      sq += l * l;
      chroma += c;
      hist[((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)]!++;
      if (m === 0 && x > 0 && y > 0 && x < w - 1 && y < h - 1) flat++;
      if (fy >= 1 / 3 && fy < 2 / 3) {
        mid += m;
        midN++;
      }
      // Green texture at the bottom is lawn (grass blades stand upright, so their texture has a
      // direction); elsewhere only leafy texture counts as vegetation (leafy()).
      const green = g > r + 3 && g > b + 6 && c > 12 && m > 3;
      if (green && leafy(grad, x, y)) veg++;
      if (fy > 0.65) {
        lawnN++;
        if (green) lawn++;
      }
      if (l > 50 && l < 230) {
        warm += r - b;
        warmN++;
      }
      if (lowerRow && x > w * 0.15 && x < w * 0.85) {
        lowN++;
        lowC += c;
      }
    }
  }
  const mean = sum / n;
  return {
    meanLum: mean,
    p95,
    contrast: Math.sqrt(Math.max(0, sq / n - mean * mean)),
    sharpness: sharp,
    ...skyOpen(small, M, p50),
    vegetation: veg / n,
    lawn: lawn / Math.max(1, lawnN),
    warmth: warm / Math.max(1, warmN),
    edgeMid: mid / Math.max(1, midN),
    lowerChroma: lowC / Math.max(1, lowN),
    flat: flat / n,
    colours: coloursFor95(hist, n) / 4096,
    chroma: chroma / n,
    ...lineStats(grad, w, h),
  };
}

/** How many histogram bins, most populated first, hold 95% of the pixels. */
function coloursFor95(hist: Uint32Array, n: number): number {
  const counts = [...hist].filter((v) => v > 0).sort((a, b) => b - a);
  let acc = 0;
  let k = 0;
  while (k < counts.length && acc < 0.95 * n) acc += counts[k++]!;
  return k;
}

function lineStats(grad: ReturnType<typeof sobel>, w: number, h: number) {
  const segs = detectSegments(grad, { minLength: Math.max(8, Math.max(w, h) * 0.05), minMagnitude: 3 });
  let len = 0;
  let vert = 0;
  let hor = 0;
  for (const s of segs) {
    len += s.length;
    const a = Math.abs(s.angle);
    if (Math.abs(a - Math.PI / 2) < 0.12) vert += s.length;
    else if (a < 0.12) hor += s.length;
  }
  return { lines: len / (w + h), vertical: len ? vert / len : 0, horizontal: len ? hor / len : 0 };
}
