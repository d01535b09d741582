// A second, independent reading of the camera's turn: a camera that rolls by an angle turns every
// edge in the picture by that angle, and a room's edges are mostly vertical (corners, door and window
// frames, furniture legs) and horizontal (skirting, sills, shelves seen face on). So the shift between
// the photo's and the model's histograms of near-axis edge orientations is the roll, read from the
// edges alone, whatever the model painted between them. The whole-frame fit (align-refine.ts) is
// believed to have found a turn only when this reading agrees with it.

/** Orientations within this of an axis are read (degrees); the rest are perspective and clutter. */
const NEAR_AXIS = 12;
/** Histogram resolution (degrees). */
const BIN = 0.05;
/** Turns searched (degrees either way); the fit never keeps more (reframeAmount flags it). */
const SEARCH = 5;
/** Share of the frame's pixels that must be strong near-axis edges for the reading to count. */
const MIN_EDGE_SHARE = 0.01;

export interface TurnReading {
  /** Degrees, the fit's sign convention (positive clockwise); null when the edges are too few. */
  degrees: number | null;
  /** Share of pixels that are strong near-axis edges in the sparser of the two images. */
  evidence: number;
}

/** Magnitude-weighted histogram of gradient orientation folded onto the nearest axis, smoothed. */
function orientations(g: Float32Array, w: number, h: number): { hist: Float64Array; share: number } {
  const n = Math.round((2 * NEAR_AXIS) / BIN) + 1;
  const hist = new Float64Array(n);
  const mags = new Float32Array(w * h);
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  let sum = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      // Sobel: a 3x3 support keeps the orientation of a one-pixel line sharper than a plain difference.
      const gx =
        g[i - w + 1]! + 2 * g[i + 1]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - 1]! - g[i + w - 1]!;
      const gy =
        g[i + w - 1]! + 2 * g[i + w]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - w]! - g[i - w + 1]!;
      gxs[i] = gx;
      gys[i] = gy;
      const m = Math.hypot(gx, gy);
      mags[i] = m;
      sum += m;
    }
  // Strong edges only: four times the mean gradient (flat walls and noise stay below it).
  const strong = (4 * sum) / Math.max(1, (w - 2) * (h - 2));
  let count = 0;
  for (let i = 0; i < mags.length; i++) {
    const m = mags[i]!;
    if (m < strong || m === 0) continue;
    let a = (Math.atan2(gys[i]!, gxs[i]!) * 180) / Math.PI;
    a = ((((a + 45) % 90) + 90) % 90) - 45;
    if (Math.abs(a) > NEAR_AXIS) continue;
    hist[Math.round((a + NEAR_AXIS) / BIN)]! += m;
    count++;
  }
  // Smoothed over 0.15 degrees: a line's orientation at this size is no sharper than that.
  const sigma = 0.15 / BIN;
  const r = Math.ceil(3 * sigma);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (let k = -r; k <= r; k++) {
      const j = i + k;
      if (j >= 0 && j < n) out[i]! += hist[j]! * Math.exp((-k * k) / (2 * sigma * sigma));
    }
  return { hist: out, share: count / Math.max(1, w * h) };
}

/**
 * The roll of the model's camera against the photo's, from edge orientations of two grey planes of
 * the same size (the model's stretched to the photo's frame: a stretch keeps axis-aligned edges
 * axis-aligned, so it does not move the peaks).
 */
export function turnFromEdges(photo: Float32Array, model: Float32Array, w: number, h: number): TurnReading {
  const a = orientations(photo, w, h);
  const b = orientations(model, w, h);
  const evidence = Math.min(a.share, b.share);
  if (evidence < MIN_EDGE_SHARE) return { degrees: null, evidence };
  const n = a.hist.length;
  const steps = Math.round(SEARCH / BIN);
  let best = -Infinity;
  let at = 0;
  for (let s = -steps; s <= steps; s++) {
    let c = 0;
    for (let i = 0; i < n; i++) {
      const j = i + s;
      if (j >= 0 && j < n) c += a.hist[i]! * b.hist[j]!;
    }
    if (c > best) [best, at] = [c, s];
  }
  return { degrees: at * BIN, evidence };
}

/**
 * Whether a fitted turn stands: none to speak of (under 0.1 degree, under a pixel at the corners of
 * a 1000 px photo), or one the edges read within the tolerance. A small photo gives fewer, blurrier
 * edges for both readings, and its model image is usually an upscale, so it gets half the tolerance.
 */
export function turnConfirmed(fitted: number, read: TurnReading, longSide: number): boolean {
  if (Math.abs(fitted) < 0.1) return true;
  if (read.degrees === null) return false;
  const tolerance = longSide < 1000 ? 0.15 : 0.3;
  return Math.abs(fitted - read.degrees) <= tolerance;
}
