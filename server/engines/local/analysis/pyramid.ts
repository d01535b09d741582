// Analysis runs on a small copy of the photo (~800 px long side): geometry does not need more,
// and it keeps analysis well under budget on 12 MP inputs.
import type { RawImage } from '#server/engines/types.ts';
import type { Plane } from '#server/lib/images/index.ts';

// Planes and gradients are shared with the structure guard; the analysis modules take them from here.
export { sobel, type Gradient, type Plane } from '#server/lib/images/index.ts';

export interface AnalysisImage {
  /** Analysis pixels per full-resolution pixel (<= 1). */
  readonly scale: number;
  readonly r: Plane;
  readonly g: Plane;
  readonly b: Plane;
  /** Luminance 0..255. */
  readonly lum: Plane;
}

const plane = (width: number, height: number): Plane => ({
  width,
  height,
  data: new Float32Array(width * height),
});

/** Output size of a copy whose long side is at most `maxSide`. */
function copySize(img: RawImage, maxSide: number) {
  const s = Math.min(1, maxSide / Math.max(img.width, img.height));
  return { w: Math.max(1, Math.round(img.width * s)), h: Math.max(1, Math.round(img.height * s)) };
}

/**
 * Large photos are read on a regular sub-grid (every pixel up to 2x reduction, then every 2nd or
 * 3rd): an 800 px analysis copy does not need all 12 million samples, and reading them all would
 * dominate analysis time. Rows of the copy above `fromRow` (a full-resolution row, less two output
 * rows for rounding) are not read; the rows from it on are the same as in a whole copy.
 * Each output row's integer r, g, b sums per cell go to `onRow`, with its count of sampled rows,
 * once its last sampled row is read: the rows sampled for one output row follow each other, so
 * one row of sums does instead of sums for the whole copy (13 MB of fresh memory for the posts'
 * copy of a 12 MP photo). Rows without samples are not passed: their cells stay 0, as the
 * division of zero sums by a count of 1 left them.
 */
function cellRows(
  img: RawImage,
  maxSide: number,
  fromRow: number,
  onRow: (row: number, sums: Uint32Array, rowHits: number, colHits: Uint32Array) => void,
): void {
  const { w, h } = copySize(img, maxSide);
  const stride = Math.max(1, Math.floor(img.width / w / 2));
  const firstRow = Math.max(0, Math.floor((fromRow * h) / img.height) - 2);
  const sums = new Uint32Array(w * 3);
  // Samples per output row and column: a cell's count is their product. A column's cell only
  // grows with x, so each cell's samples in a row are one run of colHits[cell] samples, summed in
  // locals without looking up each sample's cell (integer sums: the order does not change them).
  const colHits = new Uint32Array(w);
  for (let x = 0; x < img.width; x += stride) colHits[Math.min(w - 1, Math.floor((x * w) / img.width))]!++;
  const src = img.data;
  const step = 3 * stride;
  const rowOf = (y: number) => Math.min(h - 1, Math.floor((y * h) / img.height));
  // The first sampled row that falls on `firstRow` or below (rows are sampled every `stride`).
  let y0 = 0;
  while (y0 + stride < img.height && rowOf(y0 + stride) < firstRow) y0 += stride;
  let row = -1;
  let rowHits = 0;
  for (let y = y0; y < img.height; y += stride) {
    const at = rowOf(y);
    if (at < firstRow) continue;
    if (at !== row) {
      if (rowHits) onRow(row, sums, rowHits, colHits);
      sums.fill(0);
      row = at;
      rowHits = 0;
    }
    rowHits++;
    let p = y * img.width * 3;
    for (let c = 0, q = 0; c < w; c++, q += 3) {
      let sr = 0;
      let sg = 0;
      let sb = 0;
      for (let k = colHits[c]!; k > 0; k--, p += step) {
        sr += src[p]!;
        sg += src[p + 1]!;
        sb += src[p + 2]!;
      }
      sums[q]! += sr;
      sums[q + 1]! += sg;
      sums[q + 2]! += sb;
    }
  }
  if (rowHits) onRow(row, sums, rowHits, colHits);
}

/**
 * Area-average downscale so the long side is at most `maxSide`; from `fromRow` down when given
 * (rows above it are left at 0 for callers that read only below it).
 */
export function downscale(img: RawImage, maxSide = 800, fromRow = 0): AnalysisImage {
  const { w, h } = copySize(img, maxSide);
  const r = plane(w, h);
  const g = plane(w, h);
  const b = plane(w, h);
  const lum = plane(w, h);
  const rd = r.data;
  const gd = g.data;
  const bd = b.data;
  const ld = lum.data;
  cellRows(img, maxSide, fromRow, (y, sums, rowHits, colHits) => {
    for (let x = 0, i = y * w, j = 0; x < w; x++, i++, j += 3) {
      const n = rowHits * colHits[x]! || 1;
      rd[i] = sums[j]! / n;
      gd[i] = sums[j + 1]! / n;
      bd[i] = sums[j + 2]! / n;
      ld[i] = 0.299 * rd[i]! + 0.587 * gd[i]! + 0.114 * bd[i]!;
    }
  });
  return { scale: w / img.width, r, g, b, lum };
}

/**
 * The luminance plane of `downscale(img, maxSide, fromRow)`, to the last bit, without the colour
 * planes (the floor posts read only luminance: three fewer photo-sized planes to fill).
 */
export function downscaleLum(
  img: RawImage,
  maxSide = 800,
  fromRow = 0,
): Pick<AnalysisImage, 'scale' | 'lum'> {
  const { w, h } = copySize(img, maxSide);
  const lum = plane(w, h);
  const ld = lum.data;
  // fround: the colour averages as downscale() stores them in its Float32 planes.
  const f = Math.fround;
  cellRows(img, maxSide, fromRow, (y, sums, rowHits, colHits) => {
    for (let x = 0, i = y * w, j = 0; x < w; x++, i++, j += 3) {
      const n = rowHits * colHits[x]! || 1;
      ld[i] = 0.299 * f(sums[j]! / n) + 0.587 * f(sums[j + 1]! / n) + 0.114 * f(sums[j + 2]! / n);
    }
  });
  return { scale: w / img.width, lum };
}

/**
 * 3x3 binomial blur; edge pixels repeat themselves. Inner pixels are done apart from the edges, with
 * the same sums in the same order, so the loops read no neighbour through a bounds test.
 */
export function blur3(p: Plane): Plane {
  const { width: w, height: h } = p;
  const src = p.data;
  const tmp = new Float32Array(w * h);
  const out = plane(w, h);
  const dst = out.data;
  const rowPixel = (i: number, x: number) => {
    const l = src[x > 0 ? i - 1 : i]!;
    const r = src[x < w - 1 ? i + 1 : i]!;
    tmp[i] = (l + 2 * src[i]! + r) / 4;
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    rowPixel(row, 0);
    for (let i = row + 1, end = row + w - 1; i < end; i++)
      tmp[i] = (src[i - 1]! + 2 * src[i]! + src[i + 1]!) / 4;
    if (w > 1) rowPixel(row + w - 1, w - 1);
  }
  const colPixel = (i: number, y: number) => {
    const u = tmp[y > 0 ? i - w : i]!;
    const d = tmp[y < h - 1 ? i + w : i]!;
    dst[i] = (u + 2 * tmp[i]! + d) / 4;
  };
  for (let x = 0; x < w; x++) colPixel(x, 0);
  for (let i = w, end = (h - 1) * w; i < end; i++) dst[i] = (tmp[i - w]! + 2 * tmp[i]! + tmp[i + w]!) / 4;
  if (h > 1) for (let x = 0, i = (h - 1) * w; x < w; x++, i++) colPixel(i, h - 1);
  return out;
}

/** Downscale a plane by an integer factor (box filter). */
export function shrink(p: Plane, factor: number): Plane {
  const w = Math.max(1, Math.floor(p.width / factor));
  const h = Math.max(1, Math.floor(p.height / factor));
  const out = plane(w, h);
  const src = p.data;
  const pw = p.width;
  // The same additions in the same order as indexing each sample from scratch.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0, row = y * factor * pw + x * factor; dy < factor; dy++, row += pw)
        for (let dx = 0; dx < factor; dx++) s += src[row + dx]!;
      out.data[y * w + x] = s / (factor * factor);
    }
  return out;
}

/**
 * Percentile lookup through a histogram (sorting 400k floats costs ~50 ms, this ~2 ms). Pixels are
 * counted into four histograms in turn: neighbouring pixels mostly fall in the same bin, and one
 * histogram made each count wait for the one before it. Integer counts, so the same sums.
 * The counts are kept per plane: the tone and the window finders ask for percentiles of the same
 * analysis copy (planes are never written after they are made; pyramid.ts's copies are memoised).
 */
export function percentiles(data: Float32Array, ps: readonly number[], max = 256, bins = 1024): number[] {
  let kept = counted.get(data);
  if (!kept || kept.max !== max || kept.bins !== bins) counted.set(data, (kept = histogram(data, max, bins)));
  const { counts } = kept;
  const k = bins / max;
  const n = data.length;
  return ps.map((p) => {
    const target = p * n;
    let acc = 0;
    for (let b = 0; b < bins; b++) {
      acc += counts[b]!;
      if (acc > target) return (b + 0.5) / k;
    }
    return max;
  });
}

const counted = new WeakMap<Float32Array, { max: number; bins: number; counts: Uint32Array }>();

function histogram(data: Float32Array, max: number, bins: number) {
  const hist = new Uint32Array(4 * bins);
  const k = bins / max;
  const last = bins - 1;
  const n = data.length;
  const bin = (v: number) => {
    const b = Math.floor(v * k);
    return b < 0 ? 0 : b >= bins ? last : b;
  };
  let i = 0;
  for (; i + 3 < n; i += 4) {
    hist[bin(data[i]!)]!++;
    hist[bins + bin(data[i + 1]!)]!++;
    hist[2 * bins + bin(data[i + 2]!)]!++;
    hist[3 * bins + bin(data[i + 3]!)]!++;
  }
  for (; i < n; i++) hist[bin(data[i]!)]!++;
  const counts = new Uint32Array(bins);
  for (let b = 0; b < bins; b++)
    counts[b] = hist[b]! + hist[bins + b]! + hist[2 * bins + b]! + hist[3 * bins + b]!;
  return { max, bins, counts };
}

/**
 * The value at index floor(n / 2) of `v` sorted, found by quickselect (reorders `v`): the same
 * value a full sort gives (up to the sign of a zero: the floor's colour distances square it
 * away), at a fraction of the cost of sorting (six medians of up to ~10k values per photo).
 */
export function median(v: Float64Array): number {
  if (!v.length) return 0;
  const k = Math.floor(v.length / 2);
  let lo = 0;
  let hi = v.length - 1;
  while (lo < hi) {
    const a = v[lo]!;
    const b = v[(lo + hi) >> 1]!;
    const c = v[hi]!;
    // Median of three as the pivot; Hoare partition (equal values split evenly).
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i]! < pivot) i++;
      while (v[j]! > pivot) j--;
      if (i <= j) {
        const t = v[i]!;
        v[i++] = v[j]!;
        v[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k]!;
  }
  return v[k]!;
}
