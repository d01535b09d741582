// The delivered pixels' half of the delivery check (delivery-check.ts has the geometry's): a scan of
// the delivered image for an uncovered border or wedge, the assertion that catches whatever the
// geometry missed (a drawing that did not follow its map, a model image with its own letterbox).
/** Run of one colour from the edge inward (check pixels) that counts as uncovered: at least this... */
const MIN_RUN = 3;
/** ...and at least this share of the frame across the side. */
const MIN_RUN_SHARE = 0.01;
/** Per-channel tolerance of "one colour": JPEG ringing along a fill's edge stays within it. */
const SAME = 1;
/**
 * Per-channel distance within which a delivered pixel shows the model's own colour at the place the
 * plan drew it from (its footprint's mean): resampling and JPEG move a flat region's colour by a few
 * grey levels, a fill differs from the picture it covers by tens (black over a ceiling: about 200).
 */
const DRAWN = 8;

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

/** The pixel `k` in from `side` at position `i` along it, as [x, y]. */
const sidePoint = (side: Side, w: number, h: number, i: number, k: number): [number, number] =>
  side === 'top' ? [i, k] : side === 'bottom' ? [i, h - 1 - k] : side === 'left' ? [k, i] : [w - 1 - k, i];

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
      const [x, y] = sidePoint(side, w, h, i, k);
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
 * Where the plan drew each delivered pixel from (drawn-from.ts): the model's colour there, or null
 * where the map falls outside the model's image.
 */
export interface DrawnSource {
  colourAt(x: number, y: number): readonly number[] | null;
  /** The map sends (x, y) inside the model's image: the drawing had a pixel to show there. */
  inside(x: number, y: number): boolean;
}

/** A run of one colour from a corner: a band or wedge when deep enough and straight-edged. */
function band(at: readonly number[], run: (k: number) => number, along: number, deep: number) {
  const n = at.length ? at.at(-1)! + 1 : 0;
  if (at[0] !== 0 || n < Math.max(4, along * 0.02)) return null;
  if (Math.max(...at.slice(0, 3).map(run)) < deep) return null;
  // The inner edge is straight: the runs follow a line along the side (least squares).
  let sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  for (const k of at) {
    const r = run(k);
    sx += k;
    sy += r;
    sxx += k * k;
    sxy += k * r;
  }
  const m = at.length;
  const slope = (m * sxy - sx * sy) / Math.max(1e-9, m * sxx - sx * sx);
  const icpt = (sy - slope * sx) / m;
  let err = 0;
  for (const k of at) err += (run(k) - (icpt + slope * k)) ** 2;
  if (Math.sqrt(err / m) > Math.max(1.5, 0.1 * (sy / m))) return null;
  return { depth: Math.max(...at.map(run)), n };
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
 *
 * With `source` (where the plan drew each pixel from), a run is only a fill where the drawing does
 * not show the model's own colour at that place (halfway down the run): a smooth ceiling or floor,
 * flat in the model's image too, is the model's picture. Where the map leaves the model's image, the
 * pixels are uncovered whatever their colour, as deep as the map leaves it.
 * A band along the whole side stays a finding whoever painted it: a frame's content never runs one
 * colour along an entire side, a letterbox does.
 */
export function uncoveredBorders(
  delivered: Pixels,
  photo: Pixels | BorderRuns | null,
  source?: DrawnSource,
): BorderFinding[] {
  const { width: w, height: h, data } = delivered;
  const out: BorderFinding[] = [];
  const photoRuns = photo && 'data' in photo ? borderRuns(photo) : photo;
  for (const side of SIDES) {
    const along = side === 'top' || side === 'bottom' ? w : h;
    const across = side === 'top' || side === 'bottom' ? h : w;
    const deep = Math.max(MIN_RUN, Math.round(across * MIN_RUN_SHARE));
    const cap = capOf(delivered, side);
    const mine = edgeRuns(delivered, side, cap);
    const theirs = photoRuns && photoRuns[side].length === along ? photoRuns[side] : null;
    const xy = (i: number, k: number) => sidePoint(side, w, h, i, k);
    const flat = (i: number) => {
      const [x, y] = xy(i, 0);
      const p = (y * w + x) * 3;
      const white = data[p]! >= 250 && data[p + 1]! >= 250 && data[p + 2]! >= 250;
      return !white && mine[i]! >= 2 && !(theirs && theirs[i]! * 2 > mine[i]!);
    };
    const drawn = (i: number) => {
      const [x, y] = xy(i, Math.floor(mine[i]! / 2));
      const want = source!.colourAt(x, y);
      const p = (y * w + x) * 3;
      return want !== null && want.every((v, c) => Math.abs(data[p + c]! - v) <= DRAWN);
    };
    // Where the map leaves the model's image the drawing can only have filled: that depth counts
    // whatever JPEG made of the fill's colour (exactly the uncovered part, a straight inner edge).
    const outside = new Uint16Array(source ? along : 0);
    for (let i = 0; i < outside.length; i++) {
      let k = 0;
      while (k < cap && !source!.inside(...xy(i, k))) k++;
      outside[i] = k;
    }
    const run = (i: number) => (source ? Math.max(mine[i]!, outside[i]!) : mine[i]!);
    const fill = source ? (i: number) => outside[i]! > 0 || (flat(i) && !drawn(i)) : flat;
    for (const from of ['start', 'end'] as const) {
      const pos = (k: number) => (from === 'start' ? k : along - 1 - k);
      // From the corner along the side, over JPEG's odd broken run (a gap of up to 3 positions).
      const walk = (is: (i: number) => boolean) => {
        const at: number[] = [];
        for (let k = 0, gap = 0; k < along && gap <= 3; k++)
          if (is(pos(k))) {
            at.push(k);
            gap = 0;
          } else gap++;
        return band(at, (k) => run(pos(k)), along, deep);
      };
      const whole = source ? walk(flat) : null;
      const found = whole && whole.n >= along - 3 ? whole : walk(fill);
      if (!found) continue;
      out.push({ side, from, depth: found.depth, share: found.n / along });
      // A band along the whole side is one finding, not one from each corner.
      if (found.n >= along - 3) break;
    }
  }
  return out;
}
