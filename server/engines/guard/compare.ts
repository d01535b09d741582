// Comparing the photo with the model's image once both are in the photo's frame. Models relight the
// whole room, so raw pixels say little; what must survive staging is the structure: the room's
// long lines (wall corners, ceiling and floor edges, window and door frames) and the colour of its
// surfaces relative to each other. Both are measured after a global photometric normalisation.
import { angleDiff, detectSegments, levelLineAngle, sobel, type Gradient } from '#server/lib/images/index.ts';
import { blurPlane } from './raster.ts';

export interface ColourFit {
  gain: number[];
  offset: number[];
}

/** Per-channel out = gain * in + offset over covered pixels, refit without the worst 40 % (new furniture). */
export function fitColour(input: Float32Array, output: Float32Array, covered: Uint8Array): ColourFit {
  const n = covered.length;
  const first = fitChannels(input, output, covered, null);
  const res = new Float32Array(n);
  const hist = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!covered[i]) continue;
    res[i] = residual(input, output, i, first);
    hist[Math.min(255, Math.floor(res[i]!))]!++;
    count++;
  }
  let cut = 255;
  for (let v = 0, acc = 0; v < 256; v++)
    if ((acc += hist[v]!) >= count * 0.6) {
      cut = v + 1;
      break;
    }
  const keep = new Uint8Array(n);
  for (let i = 0; i < n; i++) keep[i] = covered[i] && res[i]! <= cut ? 1 : 0;
  return fitChannels(input, output, keep, null);
}

function fitChannels(a: Float32Array, b: Float32Array, keep: Uint8Array, _: null): ColourFit {
  const gain = [1, 1, 1];
  const offset = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    let sa = 0,
      sb = 0,
      saa = 0,
      sab = 0,
      k = 0;
    for (let i = 0; i < keep.length; i++) {
      if (!keep[i]) continue;
      const x = a[i * 3 + c]!;
      const y = b[i * 3 + c]!;
      sa += x;
      sb += y;
      saa += x * x;
      sab += x * y;
      k++;
    }
    if (k === 0) continue;
    const varA = saa / k - (sa / k) ** 2;
    const g = varA > 25 ? Math.min(2, Math.max(0.5, (sab / k - (sa / k) * (sb / k)) / varA)) : 1;
    gain[c] = g;
    offset[c] = sb / k - g * (sa / k);
  }
  return { gain, offset };
}

const residual = (a: Float32Array, b: Float32Array, i: number, f: ColourFit) =>
  Math.max(
    Math.abs(b[i * 3]! - (f.gain[0]! * a[i * 3]! + f.offset[0]!)),
    Math.abs(b[i * 3 + 1]! - (f.gain[1]! * a[i * 3 + 1]! + f.offset[1]!)),
    Math.abs(b[i * 3 + 2]! - (f.gain[2]! * a[i * 3 + 2]! + f.offset[2]!)),
  );

/** The input as the model lit it: fitted gain and offset applied. */
export function relight(input: Float32Array, f: ColourFit): Float32Array {
  const out = new Float32Array(input.length);
  for (let i = 0; i < input.length; i += 3)
    for (let c = 0; c < 3; c++) out[i + c] = f.gain[c]! * input[i + c]! + f.offset[c]!;
  return out;
}

export interface LineFindings {
  /** Length-weighted share of the input's structural line points still present, above and below the horizon. */
  upper: number;
  lower: number;
  /** Line points checked (a photo with few lines cannot be judged by them). */
  upperPoints: number;
  lowerPoints: number;
  /** 1 where an upper structural line was lost, for locating a moved window or door. */
  lost: Uint8Array;
  /** Each line with points above the horizon: its ends and how many of those points were checked and lost. */
  tallies: LineTally[];
}

export interface LineTally {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
  up: number;
  lost: number;
}

/** The pixels a segment is checked at, one per pixel of its length (x, y rounded). */
export function* linePoints(s: { x1: number; y1: number; x2: number; y2: number; length: number }) {
  const steps = Math.max(1, Math.round(s.length));
  for (let k = 0; k <= steps; k++)
    yield [
      Math.round(s.x1 + ((s.x2 - s.x1) * k) / steps),
      Math.round(s.y1 + ((s.y2 - s.y1) * k) / steps),
    ] as const;
}

/** Structural lines: edges over 12 grey levels, 8 % of the long side or longer. */
const SEGMENTS = { minMagnitude: 6, minDensity: 0.3 };
const ORIENTATION = Math.PI / 8;
/** Eye level: a level camera at 1.2-1.6 m puts the horizon near mid-frame; furniture stands below it. */
export const HORIZON = 0.5;

/** Orientation-only angle difference: relighting may flip an edge's contrast, moving it may not. */
const lineAngleDiff = (a: number, b: number) => Math.min(angleDiff(a, b), Math.PI - angleDiff(a, b));

/** Both images' gradients, taken once: lines are checked both ways (lost, and gained when failing). */
export function gradients(inGray: Float32Array, outGray: Float32Array, w: number, h: number) {
  return {
    input: sobel({ width: w, height: h, data: inGray }),
    output: sobel({ width: w, height: h, data: outGray }),
  };
}

/** The input's long lines and whether each of their points still shows in the output. */
export function lineSurvival(inGrad: Gradient, outGrad: Gradient, covered: Uint8Array): LineFindings {
  const { width: w, height: h } = inGrad;
  const segments = detectSegments(inGrad, { minLength: Math.max(w, h) * 0.08, ...SEGMENTS });
  const lost = new Uint8Array(w * h);
  let up = 0,
    upKept = 0,
    lo = 0,
    loKept = 0;
  const tallies: LineTally[] = [];
  for (const s of segments) {
    const t: LineTally = { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, length: s.length, up: 0, lost: 0 };
    for (const [x, y] of linePoints(s)) {
      if (x < 2 || y < 2 || x >= w - 2 || y >= h - 2 || !covered[y * w + x]) continue;
      const kept = edgeNearby(inGrad, outGrad, x, y);
      if (y < h * HORIZON) {
        t.up++;
        if (kept) continue;
        t.lost++;
        lost[y * w + x] = 1;
      } else {
        lo++;
        if (kept) loKept++;
      }
    }
    up += t.up;
    upKept += t.up - t.lost;
    if (t.up) tallies.push(t);
  }
  return {
    upper: up ? upKept / up : 1,
    lower: lo ? loKept / lo : 1,
    upperPoints: up,
    lowerPoints: lo,
    lost,
    tallies,
  };
}

/** Same orientation within two pixels (alignment is good to about a pixel at work size), at least a third as strong. */
function edgeNearby(input: Gradient, output: Gradient, x: number, y: number): boolean {
  const w = input.width;
  const i = y * w + x;
  const angle = levelLineAngle(input, i);
  const need = input.mag[i]! * 0.33;
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) {
      const q = (y + dy) * w + x + dx;
      if (output.mag[q]! >= need && lineAngleDiff(levelLineAngle(output, q), angle) <= ORIENTATION)
        return true;
    }
  return false;
}

/**
 * Surface colour change: both images blurred (furniture detail and texture gone, surfaces left),
 * the input relit by the global fit, then the share of the area above the horizon (walls and
 * ceiling, where furniture rarely stands) whose colour moved by more than `limit`.
 */
export function surfaceChange(
  input: Float32Array,
  output: Float32Array,
  covered: Uint8Array,
  w: number,
  h: number,
  limit = 28,
): { upperShare: number } {
  // Surfaces are low-frequency by definition: a quarter of the work size loses nothing here.
  const f = 4;
  const sw = Math.max(1, Math.floor(w / f));
  const sh = Math.max(1, Math.floor(h / f));
  const reduce = (rgb: Float32Array) => {
    const planes = [0, 1, 2].map(() => new Float32Array(sw * sh));
    for (let y = 0; y < sh * f; y++)
      for (let x = 0; x < sw * f; x++) {
        const i = y * w + x;
        const j = Math.floor(y / f) * sw + Math.floor(x / f);
        for (let c = 0; c < 3; c++) planes[c]![j]! += rgb[i * 3 + c]! / (f * f);
      }
    return planes.map((p) => blurPlane(p, sw, sh, Math.max(sw, sh) / 128 + 0.5));
  };
  const a = reduce(input);
  const b = reduce(output);
  let n = 0,
    changed = 0;
  for (let y = 0; y < sh * HORIZON; y++)
    for (let x = 0; x < sw; x++) {
      const j = y * sw + x;
      if (!covered[y * f * w + x * f]) continue;
      n++;
      if (Math.hypot(a[0]![j]! - b[0]![j]!, a[1]![j]! - b[1]![j]!, a[2]![j]! - b[2]![j]!) > limit) changed++;
    }
  return { upperShare: n ? changed / n : 0 };
}
