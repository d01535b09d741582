// Mirrors by repeated structure about a vertical seam (docs/decisions/0170). A mirror meeting a wall
// shows that wall, its floor line and whatever stands by the corner again, reflected about the vertical
// line where the two meet: left of the seam the photo reads as its own mirror image right of it. A floor
// estimate runs on into the reflected floor, so a piece could stand "in" the mirror. The test is on the
// gradient magnitude of the analysis copy (a reflection keeps it, unlike the signed gradient):
// - the strip left of a candidate column, flipped, correlates with the strip right of it, block by
//   block of rows, over a tall run (a mirror is door height or more);
// - and clearly better than the same strips compared unflipped: level lines (a skirting, a ceiling
//   line, a shelf) cross every column and match both ways, so they say nothing;
// - the strips carry structure (a plain wall is noise and matches nothing: never a mirror);
// - the column is not the room's vanishing column: a room photographed square-on from its middle is
//   itself symmetric about the column of its vanishing point.
// A seam found keeps the floor clear on both sides of it (`clearSeams`): which side is the glass the
// symmetry cannot tell, and a piece in front of a mirror's edge is the piece drawn half in the reflection.
import type { Plane } from '../analysis/pyramid.ts';
import type { Pt } from './geometry.ts';

/** Strip width each side of a seam, share of the image width. */
const HALF = 0.05;
/** Columns next to the seam left out: a plain vertical edge's own blur is symmetric. */
const SKIP = 3;
/**
 * Rows per block, share of the height, and the mirrored blocks a seam needs in one run (a quarter of
 * the height: a mirror is door height, and plain blocks in between neither count nor break the run).
 */
const BLOCK = 1 / 16;
const MIN_MIRRORED = 4;
/** Flipped correlation a block needs, and its lead over the unflipped one. */
const MIN_FLIPPED = 0.6;
const MIN_LEAD = 0.3;
/** A structured block correlating less than this flipped is no reflection: the run ends there. */
const MAX_MISMATCH = 0.3;
/** Standard deviation of the gradient magnitude a strip needs (sobel()/8 scale): below is a plain surface. */
const MIN_STRUCTURE = 4;
/** Seams this close to a vanishing column (share of the width) are the room's own symmetry. */
const VANISHING_CLEAR = 0.06;

export interface Seam {
  /** Column of the seam and the rows of its mirrored run, analysis pixels. */
  x: number;
  top: number;
  foot: number;
  /** Strip width each side, analysis pixels. */
  half: number;
}

/** Correlation from centred sums over n pairs, or null when either side has no structure. */
function ncc(saa: number, sbb: number, sab: number, n: number): number | null {
  if (saa / n < MIN_STRUCTURE ** 2 || sbb / n < MIN_STRUCTURE ** 2) return null;
  return sab / Math.sqrt(saa * sbb);
}

/** Every third row of each block: enough for edges a few pixels wide, a third of the work. */
const ROW_STEP = 3;

/**
 * Vertical seams about which the photo repeats mirrored. `vanishingXs`: columns (analysis pixels) of the
 * room's vanishing points, where a symmetric room is not a mirror.
 */
export function mirrorSeams(edges: Plane, vanishingXs: readonly number[] = []): Seam[] {
  const { width: w, height: h, data } = edges;
  const half = Math.max(SKIP + 4, Math.round(w * HALF));
  const bh = Math.max(4, Math.round(h * BLOCK));
  const blocks = Math.floor(h / bh);
  // Per block and column, the sum and the sum of squares down the block's rows: each column is
  // compared about its own mean, so a vertical edge (a pillar's two sides, a door's jambs, constant
  // down the block) carries no weight; what is left is structure that changes down the wall.
  const ny = Math.ceil(bh / ROW_STEP);
  // The sampled rows, column by column (block b's rows are cols[c * rows + b * ny ...]): the sums
  // below run down a column, which the row-major plane makes a stride of a whole row per read.
  // Every sum adds the same products in the same order as down the plane (decision 0265).
  const rows = blocks * ny;
  const cols = new Float32Array(w * rows);
  for (let b = 0; b < blocks; b++)
    for (let j = 0, y = b * bh; y < (b + 1) * bh; y += ROW_STEP, j++)
      for (let x = 0; x < w; x++) cols[x * rows + b * ny + j] = data[y * w + x]!;
  const colSum = new Float64Array(blocks * w);
  const colSq = new Float64Array(blocks * w);
  // Per block, each column's products with the column half + 1 to its right: the unflipped
  // partner (x + half - k) of the left column (x - 1 - k) is always that far apart, whatever x.
  const shiftedDot = new Float64Array(blocks * w);
  for (let b = 0; b < blocks; b++)
    for (let x = 0; x < w; x++) {
      const o = x * rows + b * ny;
      const t = (x + half + 1) * rows + b * ny;
      let sum = 0;
      let sq = 0;
      let dot = 0;
      for (let j = 0; j < ny; j++) {
        const v = cols[o + j]!;
        sum += v;
        sq += v * v;
        if (x + half + 1 < w) dot += v * cols[t + j]!;
      }
      colSum[b * w + x] = sum;
      colSq[b * w + x] = sq;
      shiftedDot[b * w + x] = dot;
    }
  const found: (Seam & { run: number })[] = [];
  for (let x = half + 1; x < w - half - 1; x++) {
    if (vanishingXs.some((v) => Math.abs(v - x) < w * VANISHING_CLEAR)) continue;
    let run = { from: -1, to: -1, count: 0 };
    let best = run;
    for (let b = 0; b < blocks; b++) {
      const base = b * w;
      let saa = 0;
      let sbb = 0;
      let scc = 0;
      let sab = 0;
      let sac = 0;
      for (let k = SKIP; k < half; k++) {
        // Left column, its mirrored partner, and the partner at the same offset unflipped.
        const ia = x - 1 - k;
        const im = x + k;
        const it = x + half - k;
        const oa = ia * rows + b * ny;
        const om = im * rows + b * ny;
        let am = 0;
        for (let j = 0; j < ny; j++) am += cols[oa + j]! * cols[om + j]!;
        const at = shiftedDot[base + ia]!;
        const A = colSum[base + ia]!;
        const M = colSum[base + im]!;
        const T = colSum[base + it]!;
        saa += colSq[base + ia]! - (A * A) / ny;
        sbb += colSq[base + im]! - (M * M) / ny;
        scc += colSq[base + it]! - (T * T) / ny;
        sab += am - (A * M) / ny;
        sac += at - (A * T) / ny;
      }
      const n = ny * (half - SKIP);
      const flipped = ncc(saa, sbb, sab, n);
      const shifted = ncc(saa, scc, sac, n) ?? 0;
      // Level structure matches both ways and says nothing; structure that does not match flipped ends the run.
      if (flipped !== null && flipped < MAX_MISMATCH) {
        run = { from: -1, to: -1, count: 0 };
        continue;
      }
      if (flipped !== null && flipped >= MIN_FLIPPED && flipped - shifted >= MIN_LEAD) {
        if (run.count === 0) run.from = b;
        run.to = b;
        run.count++;
        if (run.count > best.count) best = { ...run };
      }
    }
    if (best.count >= MIN_MIRRORED)
      found.push({ x, top: best.from * bh, foot: (best.to + 1) * bh, half, run: best.count });
  }
  // One seam per stretch of neighbouring columns: the longest run, then the middle column.
  const seams: Seam[] = [];
  for (let i = 0; i < found.length;) {
    let j = i;
    while (j + 1 < found.length && found[j + 1]!.x - found[j]!.x <= 4) j++;
    const group = found.slice(i, j + 1);
    const top = Math.max(...group.map((s) => s.run));
    const best = group.filter((s) => s.run === top);
    const mid = best[Math.floor(best.length / 2)]!;
    seams.push({ x: mid.x, top: mid.top, foot: mid.foot, half: mid.half });
    i = j + 1;
  }
  return seams;
}

/**
 * The floor outline (full-resolution image pixels) kept below each seam's foot across its strips:
 * no piece stands in the reflection or against the mirror's edge. `scale`: analysis pixels per
 * full-resolution pixel. Returns a new outline.
 */
export function clearSeams(outline: readonly Pt[], seams: readonly Seam[], scale: number): Pt[] {
  return outline.map(([u, v]): Pt => {
    let out = v;
    for (const s of seams) {
      const x0 = (s.x - s.half) / scale;
      const x1 = (s.x + s.half) / scale;
      if (u >= x0 && u <= x1) out = Math.max(out, s.foot / scale);
    }
    return [u, out];
  });
}
