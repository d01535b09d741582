// Composites the render layers over the photo at full resolution: rugs, then floor shadows, then
// furniture, plus grain matched to the photo's measured noise (per brightness, with its colour
// part: camera-grain.ts). Pixels no layer touches are copied as they
// are, and the mask records exactly which pixels changed.
//
// This is the one loop that runs per full-resolution pixel (12 MP and more), so it is written for
// speed: bilinear tables per column and row, locals instead of temporary arrays, and one hash per
// pixel whose bytes feed both grain terms.
import type { RawImage } from '#server/engines/types.ts';
import { grainByLevel, type Grain } from './camera-grain.ts';
import type { Layers } from './shading.ts';

export interface Composite {
  image: RawImage;
  mask: Uint8Array;
}

export function composite(
  photo: RawImage,
  layers: Layers,
  shadeMap: Float32Array,
  grain: Grain,
  seed: number,
  /** A buffer of the photo's length to composite into (a caller that reuses one); else a fresh copy. */
  into?: Uint8Array,
): Composite {
  const { width: W, height: H } = photo;
  const { width: w, height: h, furniture: F, covering: C } = layers;
  const src = photo.data;
  const out = into?.length === src.length ? (into.set(src), into) : new Uint8Array(src);
  const mask = new Uint8Array(W * H);
  const box = activeBox(layers, shadeMap);
  if (!box) return { image: { width: W, height: H, channels: 3, data: out }, mask };
  const { active } = box;
  const sx = w / W;
  const sy = h / H;
  const X0 = Math.max(0, Math.floor((box.x0 - 1) / sx));
  const X1 = Math.min(W, Math.ceil((box.x1 + 2) / sx));
  const Y0 = Math.max(0, Math.floor((box.y0 - 1) / sy));
  const Y1 = Math.min(H, Math.ceil((box.y1 + 2) / sy));
  const colX = new Int32Array(X1 - X0);
  const colT = new Float32Array(X1 - X0);
  for (let X = X0; X < X1; X++) {
    const fx = Math.max(0, Math.min(w - 1.001, (X + 0.5) * sx - 0.5));
    colX[X - X0] = Math.floor(fx);
    colT[X - X0] = fx - Math.floor(fx);
  }
  // The first photo column (from X0) whose left render column is a given one or further right:
  // a row then visits only the photo columns next to its active render columns.
  const firstX = new Int32Array(w + 1).fill(X1);
  for (let X = X1 - 1; X >= X0; X--) firstX[colX[X - X0]!] = X;
  for (let x = w - 1; x >= 0; x--) if (firstX[x]! > firstX[x + 1]!) firstX[x] = firstX[x + 1]!;
  // Two uniform bytes summed (-255..255, sigma 104) times K have sigma 1 at K = 2.45 / 255; the
  // luma table holds that factor times the photo's sigma at each brightness.
  const lumaK = grainByLevel(grain).map((s) => (s * 2.45) / 255);
  const cbK = (grain.cb * 2.45) / 255;
  const crK = (grain.cr * 2.45) / 255;
  const seedMix = Math.imul(seed | 0, 2147483647);
  // Separable bilinear: per output row, blend the two render rows once (9 values per render
  // column), then each output pixel only blends two neighbouring columns.
  const rowF = new Float32Array(w * 4);
  const rowC = new Float32Array(w * 4);
  const rowS = new Float32Array(w);
  const rowA = new Uint8Array(w);
  const cx0 = Math.max(0, box.x0 - 1);
  const cx1 = Math.min(w - 1, box.x1 + 2);
  for (let Y = Y0; Y < Y1; Y++) {
    const fy = Math.max(0, Math.min(h - 1.001, (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const uy = 1 - ty;
    let lo = w;
    let hi = -1;
    for (let x = cx0; x <= cx1; x++) {
      const i = y0 * w + x;
      const j = i + w;
      const on = active[i]! | active[j]!;
      rowA[x] = on;
      if (!on) continue;
      if (lo > x) lo = x;
      hi = x;
      for (let ch = 0; ch < 4; ch++) {
        rowF[x * 4 + ch] = F[i * 4 + ch]! * uy + F[j * 4 + ch]! * ty;
        rowC[x * 4 + ch] = C[i * 4 + ch]! * uy + C[j * 4 + ch]! * ty;
      }
      rowS[x] = shadeMap[i]! * uy + shadeMap[j]! * ty;
    }
    if (hi < 0) continue;
    const rowSeed = Math.imul(Y, 668265263) + seedMix;
    // Pixels whose two render columns are both inactive are left as they are: only those between
    // the row's first and last active columns can change.
    const XA = firstX[lo > 0 ? lo - 1 : 0]!;
    const XB = firstX[hi + 1]!;
    for (let X = XA; X < XB; X++) {
      const a = colX[X - X0]!;
      const on0 = rowA[a]!;
      const on1 = rowA[a + 1]!;
      if (!on0 && !on1) continue;
      // An inactive neighbour holds stale values: it is empty (alpha 0, shade 1).
      const tx = colT[X - X0]!;
      const k0 = on0 ? 1 - tx : 0;
      const k1 = on1 ? tx : 0;
      const q0 = a * 4;
      const q1 = q0 + 4;
      const fa0 = rowF[q0 + 3]! * k0 + rowF[q1 + 3]! * k1;
      const ca0 = rowC[q0 + 3]! * k0 + rowC[q1 + 3]! * k1;
      const shade = (on0 ? rowS[a]! : 1) * (1 - tx) + (on1 ? rowS[a + 1]! : 1) * tx;
      const fa = fa0 < 1 ? fa0 : 1;
      const ca = ca0 < 1 ? ca0 : 1;
      if (fa < 1 / 512 && ca < 1 / 512 && shade > 0.999) continue;
      const p = (Y * W + X) * 3;
      const o0 = src[p]!;
      const o1 = src[p + 1]!;
      const o2 = src[p + 2]!;
      let v0: number;
      let v1: number;
      let v2: number;
      const cover = fa > ca ? fa : ca;
      if (fa0 === 0 && ca0 === 0) {
        // Only a shadow here (premultiplied layers hold no colour where they hold no alpha, and
        // there is no grain without cover): the general formula reduces to this exactly.
        v0 = o0 * shade;
        v1 = o1 * shade;
        v2 = o2 * shade;
      } else {
        const f0 = rowF[q0]! * k0 + rowF[q1]! * k1;
        const f1 = rowF[q0 + 1]! * k0 + rowF[q1 + 1]! * k1;
        const f2 = rowF[q0 + 2]! * k0 + rowF[q1 + 2]! * k1;
        if (fa >= 1) {
          // Fully covered by furniture: neither the photo nor the rug shows through.
          v0 = f0;
          v1 = f1;
          v2 = f2;
        } else {
          const keep = (1 - ca) * shade * (1 - fa);
          const under = shade * (1 - fa);
          v0 = o0 * keep + (rowC[q0]! * k0 + rowC[q1]! * k1) * under + f0;
          v1 = o1 * keep + (rowC[q0 + 1]! * k0 + rowC[q1 + 1]! * k1) * under + f1;
          v2 = o2 * keep + (rowC[q0 + 2]! * k0 + rowC[q1 + 2]! * k1) * under + f2;
        }
        // Grain on rendered surfaces only: luma at the level the photo has at this brightness, and
        // independent Cb and Cr from a second hash, mixed back to RGB (BT.601).
        let hsh = Math.imul(X, 374761393) + rowSeed;
        hsh = Math.imul(hsh ^ (hsh >>> 13), 1274126177);
        hsh ^= hsh >>> 16;
        let hc = Math.imul(hsh ^ 0x5bd1e995, 1540483477);
        hc ^= hc >>> 15;
        const lv = (77 * v0 + 150 * v1 + 29 * v2) >> 8;
        const gy =
          ((hsh & 255) + ((hsh >>> 8) & 255) - 255) * lumaK[lv < 0 ? 0 : lv > 255 ? 255 : lv]! * cover;
        const gb = (((hsh >>> 16) & 255) + (hsh >>> 24) - 255) * cbK * cover;
        const gr = ((hc & 255) + ((hc >>> 8) & 255) - 255) * crK * cover;
        v0 += gy + 1.402 * gr;
        v1 += gy - 0.344136 * gb - 0.714136 * gr;
        v2 += gy + 1.772 * gb;
      }
      v0 = v0 < 0 ? 0 : v0 > 255 ? 255 : v0;
      v1 = v1 < 0 ? 0 : v1 > 255 ? 255 : v1;
      v2 = v2 < 0 ? 0 : v2 > 255 ? 255 : v2;
      const r0 = (v0 + 0.5) | 0;
      const r1 = (v1 + 0.5) | 0;
      const r2 = (v2 + 0.5) | 0;
      out[p] = r0;
      out[p + 1] = r1;
      out[p + 2] = r2;
      const changed = r0 !== o0 || r1 !== o1 || r2 !== o2;
      if (changed) {
        const m = (1 - shade) * 4;
        const strength = cover > m ? cover : m < 1 ? m : 1;
        mask[Y * W + X] = Math.max(1, Math.round(255 * strength));
      }
    }
  }
  return { image: { width: W, height: H, channels: 3, data: out }, mask };
}

/** Render pixels that hold anything, and their bounding box; full-res pixels near none are skipped. */
function activeBox(layers: Layers, shadeMap: Float32Array) {
  const { width: w, height: h, furniture: F, covering: C } = layers;
  const active = new Uint8Array(w * h);
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (F[i * 4 + 3]! > 0 || C[i * 4 + 3]! > 0 || shadeMap[i]! < 1) {
        active[i] = 1;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  return x1 < 0 ? null : { active, x0, y0, x1, y1 };
}
