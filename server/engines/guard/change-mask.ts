// Where did the model add something? Computed in the photo's frame, after alignment and after the
// photo was relit the way the model lit it, so what remains is new content, not new light. Objects
// are taken whole: a strong-change seed grows through every connected pixel of weaker change
// (hysteresis), so a sofa whose shadowed side differs little is not cut in half.
import { close, components, dilate, open } from './morphology.ts';
import { HORIZON } from './compare.ts';

export interface Blob {
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Share of its bounding box it fills. */
  fill: number;
}

export interface ChangeMask {
  /** Whole changed objects, 0/1 at work size. */
  changed: Uint8Array;
  changedShare: number;
  blobs: Blob[];
  /** Share of the changed area whose object does not reach below the horizon (not standing on the floor). */
  floatingShare: number;
  /** Share of the top 40 % of the frame (ceiling and upper walls) covered by changed objects. */
  highShare: number;
}

function residualMap(relit: Float32Array, output: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(output[i * 3 + c]! - relit[i * 3 + c]!));
    out[i] = m;
  }
  return out;
}

function median(values: Float32Array): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < values.length; i++) hist[Math.min(255, Math.round(values[i]!))]!++;
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]!) >= values.length / 2) return v;
  return 255;
}

export function changeMask(
  relit: Float32Array,
  output: Float32Array,
  covered: Uint8Array,
  w: number,
  h: number,
): ChangeMask {
  const n = w * h;
  const diff = residualMap(relit, output, n);
  // Noise-adaptive: most of a staged photo is unchanged, so the median is the model's re-rendering noise.
  const noise = median(diff);
  const high = Math.max(30, 3 * noise + 14);
  const low = Math.max(16, 1.5 * noise + 8);
  const weak = new Uint8Array(n);
  const strong = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!covered[i]) continue;
    weak[i] = diff[i]! > low ? 1 : 0;
    strong[i] = diff[i]! > high ? 1 : 0;
  }
  const r = Math.max(1, Math.round(Math.max(w, h) / 256));
  const cleanedWeak = close(open(weak, w, h, 1), w, h, 2 * r);
  const seeds = open(strong, w, h, r);
  const { labels, areas } = components(cleanedWeak, w, h);
  const keep = new Uint8Array(areas.length + 1);
  for (let i = 0; i < n; i++) if (seeds[i] && labels[i]) keep[labels[i]!] = 1;
  const minArea = n * 0.0005;
  const boxes = areas.map(() => ({ x0: w, y0: h, x1: -1, y1: -1 }));
  const changed = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const l = labels[i]!;
    if (!l || !keep[l] || areas[l - 1]! < minArea) continue;
    changed[i] = 1;
    const b = boxes[l - 1]!;
    const x = i % w;
    const y = (i - x) / w;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  const blobs: Blob[] = [];
  let area = 0;
  let floating = 0;
  for (let l = 1; l <= areas.length; l++) {
    const b = boxes[l - 1]!;
    if (b.x1 < 0) continue;
    const a = areas[l - 1]!;
    blobs.push({ area: a, ...b, fill: a / ((b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1)) });
    area += a;
    if (b.y1 < h * HORIZON) floating += a;
  }
  let highPx = 0;
  const top = Math.floor(h * 0.4);
  for (let i = 0; i < top * w; i++) highPx += changed[i]!;
  return {
    changed: dilate(changed, w, h, r),
    changedShare: area / n,
    blobs,
    floatingShare: area ? floating / area : 0,
    highShare: highPx / Math.max(1, top * w),
  };
}
