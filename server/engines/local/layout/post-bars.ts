// The bars the floor posts are read from (layout/floor-posts.ts, decision 0237), one row of the
// luminance plane at a time: a row's bars depend on that row alone, so the post scan keeps two row
// buffers instead of three photo-sized planes (decision 0241).
import type { Plane } from '../analysis/pyramid.ts';

/** Half-widths tried for the bar (analysis pixels): bars up to ~9 px wide on a 1280 px copy. */
export const HALF_WIDTHS = [2, 3, 4, 5] as const;
/** Columns at either end where the widest half-width does not fit. */
const MARGIN: number = HALF_WIDTHS[HALF_WIDTHS.length - 1]!;
/**
 * Least contrast (luminance 0..255) of the bar against the floor on both of its sides. Pipe stubs on
 * the tune split's sunlit concrete measure 40 and more; a floor's grain, board joints and soft
 * shadows are seldom a bar on both sides.
 */
export const MIN_CONTRAST = 30;

/**
 * The bar at one pixel, over the half-widths: +contrast (brighter than both sides), -contrast (darker),
 * the first half-width with the largest contrast winning, and that half-width. 0 outside the columns
 * every half-width fits in. A half-width's contrast is the smaller of the two sides' differences, so
 * it reaches `min` only where both sides differ from the centre by `min` or more.
 */
function barAt(L: Float32Array, i: number): number {
  const c = L[i]!;
  let best = 0;
  for (const d of HALF_WIDTHS) {
    const l = L[i - d]!;
    const r = L[i + d]!;
    const bright = Math.min(c - l, c - r);
    const dark = Math.min(l - c, r - c);
    const v = bright >= dark ? bright : -dark;
    if (Math.abs(v) > Math.abs(best)) best = v;
  }
  return best;
}

/** The half-width barAt() took its value from (the first with the largest contrast). */
function halfAt(L: Float32Array, i: number, best: number): number {
  const c = L[i]!;
  for (const d of HALF_WIDTHS) {
    const v = Math.min(Math.abs(c - L[i - d]!), Math.abs(c - L[i + d]!));
    if (v === Math.abs(best)) return d;
  }
  return 0;
}

/** Whether one side's difference `a` is `min` or more either way. */
const far = (a: number, min: number) => a >= min || a <= -min;

/**
 * Whether some half-width has both sides `min` or more away from the centre (a bar of |contrast| >=
 * min). Most floor pixels are not: this test, written out for HALF_WIDTHS, skips them after four reads.
 */
function mayBeBar(L: Float32Array, i: number, min: number): boolean {
  const c = L[i]!;
  return (
    (far(c - L[i - 2]!, min) && far(c - L[i + 2]!, min)) ||
    (far(c - L[i - 3]!, min) && far(c - L[i + 3]!, min)) ||
    (far(c - L[i - 4]!, min) && far(c - L[i + 4]!, min)) ||
    (far(c - L[i - 5]!, min) && far(c - L[i + 5]!, min))
  );
}

/**
 * The bar contrast at (x, y), signed, below any threshold; 0 where no half-width fits and on rows
 * above `fromRow` (the scan does not look there).
 */
export function rawBar(lum: Plane, x: number, y: number, fromRow: number): number {
  if (x < MARGIN || x >= lum.width - MARGIN || y < Math.max(0, fromRow) || y >= lum.height) return 0;
  // Rounded as the whole-plane scan stored it (a Float32 plane): the threshold sees the same value.
  return Math.fround(barAt(lum.data, y * lum.width + x));
}

/**
 * Row `y`'s bars into `bar` (contrast, kept only at a bar's centre, so a bar is one column wide) and
 * `half` (its half-width where `bar` is not 0); both are `lum.width` long and overwritten.
 */
export function barRow(lum: Plane, y: number, bar: Float32Array, half: Uint8Array): void {
  const { width: W, data: L } = lum;
  bar.fill(0);
  half.fill(0);
  const row = y * W;
  for (let x = MARGIN; x < W - MARGIN; x++) {
    if (!mayBeBar(L, row + x, MIN_CONTRAST)) continue;
    const best = barAt(L, row + x);
    bar[x] = best;
    half[x] = halfAt(L, row + x, best);
  }
  // Keep the centre of each bar only (left to right, in place: a cleared neighbour no longer counts).
  for (let x = MARGIN; x < W - MARGIN; x++) {
    const v = Math.abs(bar[x]!);
    if (v > 0 && (Math.abs(bar[x - 1]!) > v || Math.abs(bar[x + 1]!) >= v)) bar[x] = 0;
  }
}
