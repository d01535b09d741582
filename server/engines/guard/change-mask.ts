// Where did the model change the photo? Per-pixel difference after a global gain/offset fit (models
// re-grade colour slightly everywhere), a noise-adaptive threshold, morphology into compact blobs,
// then each blob is classed: furniture (new content) or erasure (something that stood out from
// its surroundings in the input now looks like them: a removed window, door or fixture).
import { close, components, open } from './morphology.ts';

export interface ChangeMask {
  /** Every cleaned change blob, 0/1 at work size. */
  changed: Uint8Array;
  /** Blobs kept as furniture, plus the engine's own mask, 0/1 at work size. */
  furniture: Uint8Array;
  changedShare: number;
  erasedBlobs: number;
}

export interface ChangeOptions {
  /** Grey levels a pixel must differ by, at least, to count as changed. */
  minDiff: number;
}

interface ColourFit {
  gain: number[];
  offset: number[];
}

/** Per-channel out = gain * in + offset, refit once without the worst-fitting pixels (the furniture). */
function fitGainOffset(a: Float32Array, b: Float32Array, n: number): ColourFit {
  const first = fitChannels(a, b, n, null);
  const residuals = residualMap(a, b, n, first);
  const cut = quantile(residuals, 0.6) * 2 + 4;
  const keep = new Uint8Array(n);
  for (let i = 0; i < n; i++) keep[i] = residuals[i]! <= cut ? 1 : 0;
  return fitChannels(a, b, n, keep);
}

function fitChannels(a: Float32Array, b: Float32Array, n: number, keep: Uint8Array | null): ColourFit {
  const gain = [1, 1, 1];
  const offset = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    let sa = 0,
      sb = 0,
      saa = 0,
      sab = 0,
      k = 0;
    for (let i = 0; i < n; i++) {
      if (keep && !keep[i]) continue;
      const x = a[i * 3 + c]!;
      const y = b[i * 3 + c]!;
      sa += x;
      sb += y;
      saa += x * x;
      sab += x * y;
      k++;
    }
    const varA = saa / k - (sa / k) ** 2;
    // Flat channels carry no gain information; clamp so a model cannot "explain" changes by re-grading.
    const g = varA > 25 ? Math.min(1.4, Math.max(0.7, (sab / k - (sa / k) * (sb / k)) / varA)) : 1;
    gain[c] = g;
    offset[c] = sb / k - g * (sa / k);
  }
  return { gain, offset };
}

/** Worst channel's distance from the fitted re-grade, per pixel. */
function residualMap(a: Float32Array, b: Float32Array, n: number, { gain, offset }: ColourFit): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let c = 0; c < 3; c++)
      m = Math.max(m, Math.abs(b[i * 3 + c]! - (gain[c]! * a[i * 3 + c]! + offset[c]!)));
    out[i] = m;
  }
  return out;
}

// Indexed loops, not for-of or TypedArray.from(x, fn): those take the iterator path, ~10x slower here.
function quantile(values: Float32Array, q: number): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < values.length; i++) hist[Math.min(255, Math.round(values[i]!))]!++;
  const target = values.length * q;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return 255;
}

function meanRgb(rgb: Float32Array, pixels: number[]): [number, number, number] {
  const m: [number, number, number] = [0, 0, 0];
  for (const p of pixels) for (let c = 0; c < 3; c++) m[c]! += rgb[p * 3 + c]!;
  return m.map((v) => v / Math.max(1, pixels.length)) as [number, number, number];
}
const dist = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

export function changeMask(
  input: Float32Array,
  output: Float32Array,
  w: number,
  h: number,
  engineMask: Uint8Array,
  opts: ChangeOptions,
): ChangeMask {
  const n = w * h;
  const diff = residualMap(input, output, n, fitGainOffset(input, output, n));
  // Noise-adaptive: most pixels are unchanged, so the median difference is the model's noise floor.
  const threshold = Math.max(opts.minDiff, 3 * quantile(diff, 0.5) + 8);
  const raw = new Uint8Array(n);
  for (let i = 0; i < n; i++) raw[i] = diff[i]! > threshold ? 1 : 0;
  // Opening drops speckle and one-pixel line drift (restored from the original); closing makes blobs solid.
  const cleaned = close(open(raw, w, h, 1), w, h, 2);
  const { labels, areas } = components(cleaned, w, h);
  const minArea = Math.max(12, n * 0.0004);

  const blobs: number[][] = areas.map(() => []);
  for (let i = 0; i < n; i++) if (labels[i]) blobs[labels[i]! - 1]!.push(i);
  const changed = new Uint8Array(n);
  const furniture = engineMask.slice();
  let changedPixels = 0;
  let erasedBlobs = 0;
  for (const pixels of blobs) {
    if (pixels.length < minArea) continue;
    for (const p of pixels) changed[p] = 1;
    changedPixels += pixels.length;
    if (isErasure(input, output, labels, pixels, w, h)) erasedBlobs++;
    else for (const p of pixels) furniture[p] = 1;
  }
  return { changed, furniture, changedShare: changedPixels / n, erasedBlobs };
}

/** The blob stood out from its ring (bounding box plus a margin, other blobs excluded) in the input and blends into it in the output. */
function isErasure(
  input: Float32Array,
  output: Float32Array,
  labels: Int32Array,
  pixels: number[],
  w: number,
  h: number,
): boolean {
  let x0 = w,
    y0 = h,
    x1 = 0,
    y1 = 0;
  for (const p of pixels) {
    const x = p % w;
    const y = (p - x) / w;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const pad = 4;
  const ring: number[] = [];
  for (let y = Math.max(0, y0 - pad); y <= Math.min(h - 1, y1 + pad); y++)
    for (let x = Math.max(0, x0 - pad); x <= Math.min(w - 1, x1 + pad); x++) {
      const inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
      if (!inside && !labels[y * w + x]) ring.push(y * w + x);
    }
  if (ring.length < pixels.length * 0.1) return false;
  const before = dist(meanRgb(input, pixels), meanRgb(input, ring));
  const after = dist(meanRgb(output, pixels), meanRgb(output, ring));
  return before > 20 && after < before * 0.35;
}
