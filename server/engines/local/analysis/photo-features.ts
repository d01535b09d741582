// What a photo shows, measured cheaply on a ~320 px copy: colour and texture by region, plus the
// straight lines. These are the cues identify() judges a photo by; each follows from how rooms,
// outdoor scenes and cameras look rather than from any particular photo:
// - sky is bright, smooth and blue or grey, at the top, across the frame; a ceiling is smooth too
//   but lit from inside (warm, darker than the windows) and framed by straight lines;
// - vegetation is green and textured; interiors have little of it outside windows;
// - rooms are made of long straight lines (walls, frames, cabinets), faces and trees are not;
// - screenshots and drawings have large perfectly flat areas and few colours; documents are a bright
//   page with many short dark strokes.
import type { RawImage } from '#server/engines/types.ts';
import { detectSegments } from '#server/lib/images/index.ts';
import { blur3, downscale, percentiles, sobel, type AnalysisImage } from './pyramid.ts';

export const FEATURE_SIDE = 320;

export interface PhotoFeatures {
  width: number;
  height: number;
  meanLum: number;
  p5: number;
  p95: number;
  contrast: number;
  /** 99th percentile of the gradient at feature scale: low means blurred or flat. */
  sharpness: number;
  /** Share of the top 35% that is smooth and blue (day or night sky). */
  skyBlue: number;
  /** Share of the top 35% that is smooth, bright and colourless (overcast sky, or a white ceiling). */
  skyGrey: number;
  /** Share of columns whose topmost pixels are sky-like (blue or bright grey) down to 10% of the height. */
  skyColumns: number;
  /** Share of all pixels that are green and textured: leaves, grass. */
  vegetation: number;
  /** Green pixels in the bottom 35%: lawn. */
  lawn: number;
  /** Mean red minus blue over mid-tones: indoor light is warm. */
  warmth: number;
  /** Mean gradient in the top, middle and bottom thirds. */
  edgeTop: number;
  edgeMid: number;
  edgeBottom: number;
  /** Share of pixels with exactly no gradient: flat fills of screenshots and drawings. */
  flat: number;
  /** Share of 4-bit colours needed to cover 95% of pixels (of 4096). */
  colours: number;
  /** Skin-coloured share of the central region. */
  skin: number;
  /** Bright, colourless share of the whole frame (paper). */
  paper: number;
  /** Mean chroma (max - min channel): near 0 for black-and-white scans. */
  chroma: number;
  /** Straight-line length per (width + height), and the shares near vertical / horizontal. */
  lines: number;
  vertical: number;
  horizontal: number;
  /** Vertical / horizontal / oblique line length per third of the height (top, middle, bottom). */
  vLines: number[];
  hLines: number[];
  dLines: number[];
  /** Lower-middle region (rows 45-90%, columns 15-85%): mean gradient, mean chroma, share of bright smooth pixels. */
  lowerEdge: number;
  lowerChroma: number;
  lowerWhite: number;
  /** Wood-coloured share of the upper half (cabinet fronts) and of the lower half. */
  woodUpper: number;
  woodLower: number;
  /** Mean luminance of the top 12% relative to the frame mean (ceilings are lit from inside). */
  topRelLum: number;
}

export function photoFeatures(
  img: RawImage,
  full: AnalysisImage = downscale(img, FEATURE_SIDE),
): PhotoFeatures {
  // Listing sites pad photos to a fixed frame with plain bars; those are not part of the scene.
  const small = trimPadding(full);
  const { width: w, height: h } = small.lum;
  const R = small.r.data;
  const G = small.g.data;
  const B = small.b.data;
  const L = small.lum.data;
  const grad = sobel(blur3(small.lum));
  const M = grad.mag;
  const n = w * h;
  const [p5, p50, p95, sharp] = percentiles(L, [0.05, 0.5, 0.95]).concat(percentiles(M, [0.99], 128)) as [
    number,
    number,
    number,
    number,
  ];

  let sum = 0;
  let sq = 0;
  let skyBlue = 0;
  let skyGrey = 0;
  let topN = 0;
  let veg = 0;
  let lawn = 0;
  let lawnN = 0;
  let warm = 0;
  let warmN = 0;
  const band = [0, 0, 0];
  const bandN = [0, 0, 0];
  let flat = 0;
  let skin = 0;
  let skinN = 0;
  let paper = 0;
  let chroma = 0;
  let lowE = 0;
  let lowC = 0;
  let lowW = 0;
  let lowN = 0;
  let woodU = 0;
  let woodL = 0;
  let topL = 0;
  let topLN = 0;
  const hist = new Uint32Array(4096);
  for (let y = 0; y < h; y++) {
    const fy = y / h;
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
      hist[((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)]!++;
      const border = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      if (!border && m === 0) flat++;
      const bi = fy < 1 / 3 ? 0 : fy < 2 / 3 ? 1 : 2;
      band[bi]! += m;
      bandN[bi]!++;
      if (fy < 0.35) {
        topN++;
        // Daylight sky is brighter than most of the scene; a blue wall is lit like the rest of the room.
        if (m < 2.5 && b > r + 15 && b > g && l > 80 && l > p50) skyBlue++;
        else if (m < 2 && l > 190 && c < 18) skyGrey++;
      }
      if (fy < 0.12) {
        topL += l;
        topLN++;
      }
      const green = g > r + 3 && g > b + 6 && c > 12;
      if (green && m > 3) veg++;
      if (fy > 0.65) {
        lawnN++;
        if (green && m > 3) lawn++;
      }
      if (l > 50 && l < 230) {
        warm += r - b;
        warmN++;
      }
      if (fy > 0.2 && fy < 0.8 && x > w * 0.25 && x < w * 0.75) {
        skinN++;
        if (r > 95 && g > 40 && b > 20 && r - g > 15 && r > b && c > 25 && l < 230) skin++;
      }
      if (l > 170 && c < 25) paper++;
      chroma += c;
      if (fy > 0.45 && fy < 0.9 && x > w * 0.15 && x < w * 0.85) {
        lowN++;
        lowE += m;
        lowC += c;
        if (l > 185 && c < 35 && m < 3) lowW++;
      }
      // Wood: orange-brown, mid-dark, clearly saturated.
      const wood = r > g && g > b && r - b > 35 && l > 45 && l < 170 && (r - g) * 1.1 < g - b + (r - g) * 1.6;
      if (wood) {
        if (fy < 0.5) woodU++;
        else woodL++;
      }
    }
  }
  const mean = sum / n;
  // Straight lines at feature scale.
  const segs = detectSegments(grad, { minLength: Math.max(8, Math.max(w, h) * 0.05), minMagnitude: 3 });
  let len = 0;
  let vert = 0;
  let hor = 0;
  const vBand = [0, 0, 0];
  const hBand = [0, 0, 0];
  const dBand = [0, 0, 0];
  for (const s of segs) {
    len += s.length;
    const a = Math.abs(s.angle);
    const bi = Math.min(2, Math.floor(((s.y1 + s.y2) / 2 / h) * 3));
    if (Math.abs(a - Math.PI / 2) < 0.12) {
      vert += s.length;
      vBand[bi]! += s.length / h;
    } else if (a < 0.12) {
      hor += s.length;
      hBand[bi]! += s.length / w;
    } else dBand[bi]! += s.length / w;
  }
  // Colours needed for 95% of pixels.
  const counts = [...hist].filter((v) => v > 0).sort((a, b) => b - a);
  let acc = 0;
  let k = 0;
  while (k < counts.length && acc < 0.95 * n) acc += counts[k++]!;
  return {
    width: img.width,
    height: img.height,
    meanLum: mean,
    p5,
    p95,
    contrast: Math.sqrt(Math.max(0, sq / n - mean * mean)),
    sharpness: sharp,
    skyBlue: skyBlue / topN,
    skyGrey: skyGrey / topN,
    skyColumns: skyColumns(small, M),
    vegetation: veg / n,
    lawn: lawn / Math.max(1, lawnN),
    warmth: warm / Math.max(1, warmN),
    edgeTop: band[0]! / Math.max(1, bandN[0]!),
    edgeMid: band[1]! / Math.max(1, bandN[1]!),
    edgeBottom: band[2]! / Math.max(1, bandN[2]!),
    flat: flat / n,
    colours: k / 4096,
    skin: skin / Math.max(1, skinN),
    paper: paper / n,
    chroma: chroma / n,
    lines: len / (w + h),
    vertical: len ? vert / len : 0,
    horizontal: len ? hor / len : 0,
    vLines: vBand,
    hLines: hBand,
    dLines: dBand,
    lowerEdge: lowE / Math.max(1, lowN),
    lowerChroma: lowC / Math.max(1, lowN),
    lowerWhite: lowW / Math.max(1, lowN),
    woodUpper: (woodU * 2) / n,
    woodLower: (woodL * 2) / n,
    topRelLum: topLN ? topL / topLN / Math.max(1, mean) : 1,
  };
}

/** Rows or columns at the edges of one plain colour are padding: crop them off. */
export function trimPadding(img: AnalysisImage): AnalysisImage {
  const { width: w, height: h } = img.lum;
  const L = img.lum.data;
  // Padding may carry an agent's watermark, so a line counts as padding when nearly all of it has
  // the colour of its first pixel.
  const plain = (i0: number, step: number, n: number) => {
    const ref = L[i0]!;
    let off = 0;
    for (let k = 0; k < n; k++) if (Math.abs(L[i0 + k * step]! - ref) > 3) off++;
    return off <= n * 0.08;
  };
  let top = 0;
  let bottom = h;
  let left = 0;
  let right = w;
  while (top < h / 3 && plain(top * w, 1, w)) top++;
  while (bottom > (h * 2) / 3 && plain((bottom - 1) * w, 1, w)) bottom--;
  while (left < w / 3 && plain(top * w + left, w, bottom - top)) left++;
  while (right > (w * 2) / 3 && plain(top * w + right - 1, w, bottom - top)) right--;
  if (top === 0 && left === 0 && bottom === h && right === w) return img;
  // A frame that is padding nearly everywhere (a blank image) is judged as it is.
  if (bottom - top < 8 || right - left < 8) return img;
  const cw = right - left;
  const ch = bottom - top;
  const crop = (p: { data: Float32Array }) => {
    const out = new Float32Array(cw * ch);
    for (let y = 0; y < ch; y++)
      out.set(p.data.subarray((y + top) * w + left, (y + top) * w + right), y * cw);
    return { width: cw, height: ch, data: out };
  };
  return { scale: img.scale, r: crop(img.r), g: crop(img.g), b: crop(img.b), lum: crop(img.lum) };
}

/** Columns whose top 10% is sky-like all the way down: the sky meets the top edge across the frame. */
function skyColumns(small: AnalysisImage, M: Float32Array): number {
  const { width: w, height: h } = small.lum;
  const rows = Math.max(2, Math.round(h * 0.1));
  let cols = 0;
  for (let x = 1; x < w - 1; x++) {
    let ok = true;
    for (let y = 1; y < rows && ok; y++) {
      const i = y * w + x;
      const r = small.r.data[i]!;
      const g = small.g.data[i]!;
      const b = small.b.data[i]!;
      const l = small.lum.data[i]!;
      const blue = b > r + 8 && b >= g - 6 && b > 40;
      const grey = l > 175 && Math.max(r, g, b) - Math.min(r, g, b) < 20;
      ok = M[i]! < 3 && (blue || grey);
    }
    if (ok) cols++;
  }
  return cols / Math.max(1, w - 2);
}
