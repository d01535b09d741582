// Scanned PBR textures (base colour, normal, roughness; CC0, see shared/engine-assets/SOURCES.md),
// decoded once per process and kept read-only: every render samples the same bytes, so output
// stays deterministic. Each map carries a mip pyramid so a sample can be filtered to the size of
// the render pixel's footprint: the texture then shows as much detail as the photo does at that
// distance, never more (no shimmer, no crisper-than-the-room grain).
import sharp from 'sharp';
import { fromRoot } from '#server/lib/paths.ts';

export type ScanName = 'wood-veneer' | 'wood-worn' | 'leather' | 'fabric' | 'metal' | 'stone';

export interface Mip {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface ScanMap {
  channels: 1 | 3;
  /** Level 0 is full size; each next level halves both sides. */
  mips: Mip[];
  /** Mean value per channel (0..255) at level 0, so colour maps can be used as detail. */
  mean: number[];
}

export interface Scan {
  color?: ScanMap;
  normal?: ScanMap;
  roughness?: ScanMap;
  /** Real-world size of one tile, metres (the texel density the scan was taken at). */
  tile: number;
}

export type ScanSet = Record<ScanName, Scan>;

// Tile sizes follow what each scan shows: a veneer leaf, a worn board, a hide patch, a hand-span
// of woven fabric, a brushed sheet, a marble slab.
const SPECS: Record<ScanName, { tile: number; maps: ('color' | 'normal' | 'roughness')[] }> = {
  'wood-veneer': { tile: 0.6, maps: ['color', 'normal', 'roughness'] },
  'wood-worn': { tile: 0.9, maps: ['color', 'roughness'] },
  leather: { tile: 0.45, maps: ['color', 'normal', 'roughness'] },
  fabric: { tile: 0.16, maps: ['color', 'normal', 'roughness'] },
  metal: { tile: 0.5, maps: ['normal', 'roughness'] },
  stone: { tile: 0.8, maps: ['color', 'roughness'] },
};

export const SCAN_NAMES = Object.keys(SPECS) as ScanName[];

let loading: Promise<ScanSet> | undefined;

/** The scanned textures, loaded on first use (about 10 MB decoded). */
export function loadScans(): Promise<ScanSet> {
  loading ??= (async () => {
    const out = {} as ScanSet;
    for (const name of SCAN_NAMES) {
      const spec = SPECS[name];
      const scan: Scan = { tile: spec.tile };
      for (const kind of spec.maps)
        scan[kind] = await readMap(`${name}-${kind}.webp`, kind === 'roughness' ? 1 : 3);
      out[name] = scan;
    }
    return out;
  })();
  return loading;
}

async function readMap(file: string, channels: 1 | 3): Promise<ScanMap> {
  const img = sharp(fromRoot('shared', 'engine-assets', 'textures', file));
  const { data, info } = await (channels === 1 ? img.extractChannel(0) : img.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const base: Mip = { width: info.width, height: info.height, data: new Uint8Array(data) };
  return { channels, mips: pyramid(base, channels), mean: meanOf(base, channels) };
}

function meanOf(m: Mip, ch: number): number[] {
  const sum = new Array<number>(ch).fill(0);
  for (let i = 0; i < m.data.length; i++) sum[i % ch]! += m.data[i]!;
  return sum.map((s) => s / (m.width * m.height));
}

/** 2x2 box-filtered levels down to 4 px (the scans tile, so odd sizes wrap). */
export function pyramid(base: Mip, ch: number): Mip[] {
  const mips = [base];
  let cur = base;
  while (cur.width > 4 && cur.height > 4) {
    const w = cur.width >> 1;
    const h = cur.height >> 1;
    const d = new Uint8Array(w * h * ch);
    const { width: cw, height: chh, data: src } = cur;
    for (let y = 0; y < h; y++) {
      const ra = ((2 * y) % chh) * cw;
      const rb = ((2 * y + 1) % chh) * cw;
      for (let x = 0; x < w; x++) {
        const xa = (2 * x) % cw;
        const xb = (2 * x + 1) % cw;
        for (let c = 0; c < ch; c++)
          d[(y * w + x) * ch + c] =
            (src[(ra + xa) * ch + c]! +
              src[(ra + xb) * ch + c]! +
              src[(rb + xa) * ch + c]! +
              src[(rb + xb) * ch + c]! +
              2) >>
            2;
      }
    }
    cur = { width: w, height: h, data: d };
    mips.push(cur);
  }
  return mips;
}

/**
 * Bilinear, wrapping sample at (u, v) in tiles, from the mip level whose texels are about
 * `footprint` tiles wide. Writes `map.channels` values (0..255) into out.
 */
export function sample(map: ScanMap, u: number, v: number, footprint: number, out: Float32Array): void {
  const m0 = map.mips[0]!;
  const lod = Math.log2(Math.max(1e-9, footprint * m0.width));
  const level = Math.max(0, Math.min(map.mips.length - 1, Math.round(lod)));
  const m = map.mips[level]!;
  const fx = (u - Math.floor(u)) * m.width - 0.5;
  const fy = (v - Math.floor(v)) * m.height - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const xa = (x0 + m.width) % m.width;
  const xb = (x0 + 1) % m.width;
  const ya = ((y0 + m.height) % m.height) * m.width;
  const yb = ((y0 + 1) % m.height) * m.width;
  const ch = map.channels;
  const d = m.data;
  for (let c = 0; c < ch; c++) {
    const a = d[(ya + xa) * ch + c]! * (1 - tx) + d[(ya + xb) * ch + c]! * tx;
    const b = d[(yb + xa) * ch + c]! * (1 - tx) + d[(yb + xb) * ch + c]! * tx;
    out[c] = a * (1 - ty) + b * ty;
  }
}
