// Binary morphology with square structuring elements, separable and O(n) per pass via running
// counts, plus connected components. Masks are 0/1 bytes, row-major.

function pass(
  src: Uint8Array,
  w: number,
  h: number,
  r: number,
  horizontal: boolean,
  keepIfAll: boolean,
): Uint8Array {
  const out = new Uint8Array(w * h);
  const lines = horizontal ? h : w;
  const len = horizontal ? w : h;
  const stride = horizontal ? 1 : w;
  for (let l = 0; l < lines; l++) {
    const base = horizontal ? l * w : l;
    let count = 0;
    // Window [i - r, i + r]; outside the image counts as set for erosion so borders do not erode.
    for (let k = -r; k <= r; k++) count += k < 0 || k >= len ? (keepIfAll ? 1 : 0) : src[base + k * stride]!;
    for (let i = 0; i < len; i++) {
      out[base + i * stride] = keepIfAll ? (count === 2 * r + 1 ? 1 : 0) : count > 0 ? 1 : 0;
      const leaving = i - r;
      const entering = i + r + 1;
      count -= leaving < 0 ? (keepIfAll ? 1 : 0) : src[base + leaving * stride]!;
      count += entering >= len ? (keepIfAll ? 1 : 0) : src[base + entering * stride]!;
    }
  }
  return out;
}

export const dilate = (m: Uint8Array, w: number, h: number, r: number) =>
  r <= 0 ? m : pass(pass(m, w, h, r, true, false), w, h, r, false, false);
export const erode = (m: Uint8Array, w: number, h: number, r: number) =>
  r <= 0 ? m : pass(pass(m, w, h, r, true, true), w, h, r, false, true);
export const open = (m: Uint8Array, w: number, h: number, r: number) => dilate(erode(m, w, h, r), w, h, r);
export const close = (m: Uint8Array, w: number, h: number, r: number) => erode(dilate(m, w, h, r), w, h, r);

/**
 * Soft alpha 0..255: 255 on the mask and one pixel around it, ramping to exactly 0 beyond
 * `feather + 1` pixels. Box-averaging a mask dilated by `feather + 1` keeps the core solid.
 */
export function featherMask(m: Uint8Array, w: number, h: number, feather: number): Uint8Array {
  const grown = dilate(m, w, h, feather + 1);
  const rows = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    let acc = 0;
    for (let x = -feather; x <= feather; x++) acc += x >= 0 && x < w ? grown[y * w + x]! : 0;
    for (let x = 0; x < w; x++) {
      rows[y * w + x] = acc;
      const out = x - feather;
      const into = x + feather + 1;
      if (out >= 0) acc -= grown[y * w + out]!;
      if (into < w) acc += grown[y * w + into]!;
    }
  }
  const alpha = new Uint8Array(w * h);
  const area = (2 * feather + 1) ** 2;
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let y = -feather; y <= feather; y++) acc += y >= 0 && y < h ? rows[y * w + x]! : 0;
    for (let y = 0; y < h; y++) {
      alpha[y * w + x] = Math.round((255 * acc) / area);
      const out = y - feather;
      const into = y + feather + 1;
      if (out >= 0) acc -= rows[out * w + x]!;
      if (into < h) acc += rows[into * w + x]!;
    }
  }
  return alpha;
}

export interface Components {
  /** 0 = background, 1..count = blob id. */
  labels: Int32Array;
  areas: number[];
}

/** 8-connected components; `areas[id - 1]` is the pixel count of blob `id`. */
export function components(m: Uint8Array, w: number, h: number): Components {
  const labels = new Int32Array(w * h);
  const areas: number[] = [];
  const stack = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (!m[start] || labels[start]) continue;
    const id = areas.length + 1;
    let top = 0;
    let area = 0;
    stack[top++] = start;
    labels[start] = id;
    while (top > 0) {
      const p = stack[--top]!;
      area++;
      const px = p % w;
      const py = (p - px) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx;
          const y = py + dy;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const q = y * w + x;
          if (m[q] && !labels[q]) {
            labels[q] = id;
            stack[top++] = q;
          }
        }
    }
    areas.push(area);
  }
  return { labels, areas };
}
