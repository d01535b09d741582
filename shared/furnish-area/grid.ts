// The furniture area as a coarse grid of cells over the photo (decision 0181), and the conversions
// both sides need: painted cells to the polygons POST /api/transform-room takes, and polygons back to
// cells (the automatic area the server sends, decision 0213). One fill rule for both directions and
// for the mask a provider is sent (`fillPolygons`), so what the agent sees is what is sent.
import { FURNISH_AREA_LIMITS } from '../constants/furnish-area.ts';
import type { FurnishArea } from '../schemas/staging.ts';

/** Cells across the photo's long side: about 8 px each at 390 px, finer than a brush needs. */
export const GRID_LONG_SIDE = 48;

export interface AreaGrid {
  cols: number;
  rows: number;
  /** 1 = painted, row-major. */
  cells: Uint8Array;
}

type Polygon = readonly (readonly [number, number])[];

export function gridSize(width: number, height: number): { cols: number; rows: number } {
  const long = Math.max(width, height);
  return {
    cols: Math.max(1, Math.round((GRID_LONG_SIDE * width) / long)),
    rows: Math.max(1, Math.round((GRID_LONG_SIDE * height) / long)),
  };
}

export function emptyGrid(width: number, height: number): AreaGrid {
  const { cols, rows } = gridSize(width, height);
  return { cols, rows, cells: new Uint8Array(cols * rows) };
}

export const paintedShare = (g: AreaGrid): number => g.cells.reduce((s, c) => s + c, 0) / g.cells.length;

/**
 * Scanline fill at pixel (or cell) centres of a width x height raster, each polygon by the even-odd
 * rule and the polygons as a union (a stroke painted twice stays painted). 1 inside, 0 outside.
 */
export function fillPolygons(polygons: readonly Polygon[], width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height);
  const xs: number[] = [];
  for (const poly of polygons) {
    const pts = poly.map(([u, v]) => [u * width, v * height] as const);
    for (let y = 0; y < height; y++) {
      const cy = y + 0.5;
      xs.length = 0;
      for (let i = 0; i < pts.length; i++) {
        const [x0, y0] = pts[i]!;
        const [x1, y1] = pts[(i + 1) % pts.length]!;
        // Half-open in y so a vertex on the scanline counts once.
        if (y0 <= cy !== y1 <= cy) xs.push(x0 + ((cy - y0) * (x1 - x0)) / (y1 - y0));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width, Math.ceil(xs[k + 1]! - 0.5));
        if (to > from) data.fill(1, y * width + from, y * width + to);
      }
    }
  }
  return data;
}

/** Polygons (from either side) as cells of a grid for a photo of this size. */
export function gridOfArea(polygons: readonly Polygon[], width: number, height: number): AreaGrid {
  const { cols, rows } = gridSize(width, height);
  return { cols, rows, cells: fillPolygons(polygons, cols, rows) };
}

interface Span {
  y: number;
  l: number;
  r: number;
}

/**
 * The painted cells as polygons: runs of cells in each row are chained down the rows (a run joins
 * the chain whose previous row's run it overlaps), and each chain is outlined down its left edges and
 * back up its right ones, so a chain is exactly its cells. Chains too small to be an area are slips
 * and dropped; beyond the polygon limit the largest are kept (`dropped` says how many were not).
 */
export function gridPolygons(g: AreaGrid): { polygons: FurnishArea; dropped: number } {
  const chains: Span[][] = [];
  let open: Span[][] = [];
  for (let y = 0; y < g.rows; y++) {
    const next: Span[][] = [];
    for (let x = 0; x < g.cols;) {
      if (!g.cells[y * g.cols + x]) {
        x++;
        continue;
      }
      let r = x;
      while (r + 1 < g.cols && g.cells[y * g.cols + r + 1]) r++;
      const span = { y, l: x, r };
      const chain = open.find((c) => !next.includes(c) && c.at(-1)!.l <= r && c.at(-1)!.r >= x);
      if (chain) chain.push(span);
      else chains.push([span]);
      next.push(chain ?? chains.at(-1)!);
      x = r + 1;
    }
    open = next;
  }
  const cellArea = 1 / (g.cols * g.rows);
  const area = (c: Span[]) => c.reduce((s, sp) => s + (sp.r - sp.l + 1) * cellArea, 0);
  const kept = chains
    .filter((c) => area(c) >= FURNISH_AREA_LIMITS.minPolygonArea)
    .sort((a, b) => area(b) - area(a));
  const polygons = kept.slice(0, FURNISH_AREA_LIMITS.maxPolygons).map((c) => {
    const pt = (x: number, y: number): [number, number] => [x / g.cols, y / g.rows];
    const left = c.flatMap((s) => [pt(s.l, s.y), pt(s.l, s.y + 1)]);
    const right = [...c].reverse().flatMap((s) => [pt(s.r + 1, s.y + 1), pt(s.r + 1, s.y)]);
    return [...left, ...right];
  });
  return { polygons, dropped: Math.max(0, kept.length - polygons.length) };
}
