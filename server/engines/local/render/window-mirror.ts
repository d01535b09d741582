// The sharpest cue of a polished floor: it mirrors each window straight below it (about the wall's
// base line, the window's column profile repeats upside down on the floor); a matt floor shows at most
// a diffuse glow. Also what tells the sun-patch finder that bright spots on the floor are reflections.
import type { RawImage } from '#server/engines/types.ts';
import type { RenderRoom } from '../analysis/analyze.ts';

/** 0 (no mirrored window) .. 1 (mirror-like reflections of the windows). */
export function windowMirror(img: RawImage, a: RenderRoom, floorRowAt: (x: number) => number): number {
  let best = 0;
  const lum = (x: number, y: number) => {
    const p =
      (Math.min(img.height - 1, Math.max(0, y)) * img.width + Math.min(img.width - 1, Math.max(0, x))) * 3;
    return 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!;
  };
  for (const o of a.openings.slice(0, 3)) {
    const { x0, x1, y0, y1 } = o;
    // The wall's base line below the opening: the floor boundary's highest point around it (the
    // boundary dips where something stands on the floor), or the opening's own foot (doors).
    let base = Infinity;
    for (let k = 0; k <= 16; k++)
      base = Math.min(base, floorRowAt(x0 - (x1 - x0) / 2 + ((x1 - x0) * 2 * k) / 16));
    if (!Number.isFinite(base) || base < (y0 + y1) / 2) continue;
    base = Math.max(base, y1);
    // Mirror band of the window's lower half (the part nearest the floor reflects most clearly).
    const r0 = Math.max(base + 2, 2 * base - y1);
    const r1 = Math.min(img.height - 1, 2 * base - (y0 + y1) / 2);
    if (r1 - r0 < 4) continue;
    const margin = (x1 - x0) / 2;
    const cols = 48;
    const W: number[] = [];
    const R: number[] = [];
    const inside: boolean[] = [];
    for (let k = 0; k < cols; k++) {
      const x = Math.round(x0 - margin + ((x1 - x0 + 2 * margin) * (k + 0.5)) / cols);
      let w = 0;
      let r = 0;
      const n = 8;
      for (let j = 0; j < n; j++) {
        w += lum(x, Math.round((y0 + y1) / 2 + (((y1 - y0) / 2) * (j + 0.5)) / n));
        r += lum(x, Math.round(r0 + ((r1 - r0) * (j + 0.5)) / n));
      }
      W.push(w / n);
      R.push(r / n);
      inside.push(x >= x0 && x <= x1);
    }
    const { ncc } = fit(W, R);
    const mean = (v: number[], f: boolean) => {
      const sel = v.filter((_, i) => inside[i] === f);
      return sel.length ? sel.reduce((p, q) => p + q, 0) / sel.length : 0;
    };
    const lift = mean(R, true) - mean(R, false);
    const g = clamp01((ncc - 0.35) / 0.45) * clamp01(lift / 25);
    if (g > best) best = g;
  }
  return best;
}

/** Correlation of `b` with `a`, and the slope of `b` regressed on `a`. */
export function fit(a: number[], b: number[]): { ncc: number; slope: number } {
  const n = a.length;
  const ma = a.reduce((p, q) => p + q, 0) / n;
  const mb = b.reduce((p, q) => p + q, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  if (saa < 1e-6 || sbb < 1e-6) return { ncc: 0, slope: 0 };
  return { ncc: sab / Math.sqrt(saa * sbb), slope: sab / saa };
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
