// The furniture area the agent paints for a masked engine (decision 0181), as a coarse grid of cells
// over the photo, and its conversion to the polygons POST /api/transform-room takes. Empty means
// "automatic": nothing is sent and the engine uses the floor it finds.
import { FURNISH_AREA_LIMITS } from '#shared/constants/furnish-area.ts';
import { polygonArea, type EngineInfo, type FurnishArea } from '#shared/schemas/staging.ts';

/** Cells across the photo's long side: about 8 px each at 390 px, finer than a brush needs. */
export const GRID_LONG_SIDE = 48;
/** Brush radius in cells (a disc about a tenth of the long side across). */
export const BRUSH_RADIUS = 2.5;

export interface AreaGrid {
  cols: number;
  rows: number;
  /** 1 = painted, row-major. */
  cells: Uint8Array;
}

export const canPaintArea = (engine: EngineInfo | null | undefined): boolean => engine?.masked === true;

export function emptyGrid(width: number, height: number): AreaGrid {
  const long = Math.max(width, height);
  const cols = Math.max(1, Math.round((GRID_LONG_SIDE * width) / long));
  const rows = Math.max(1, Math.round((GRID_LONG_SIDE * height) / long));
  return { cols, rows, cells: new Uint8Array(cols * rows) };
}

/** Paints (or erases) a disc at (u, v) in 0..1 photo coordinates; a new grid, the old one untouched. */
export function brush(g: AreaGrid, u: number, v: number, paint: boolean, radius = BRUSH_RADIUS): AreaGrid {
  const cells = g.cells.slice();
  const cx = u * g.cols;
  const cy = v * g.rows;
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++)
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if (x < 0 || y < 0 || x >= g.cols || y >= g.rows) continue;
      if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius * radius) cells[y * g.cols + x] = paint ? 1 : 0;
    }
  return { ...g, cells };
}

export const paintedShare = (g: AreaGrid): number => g.cells.reduce((s, c) => s + c, 0) / g.cells.length;

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

/** The transform-room field: the painted polygons, or nothing (automatic, or an unmasked engine). */
export function furnishAreaField(
  engine: EngineInfo | null | undefined,
  g: AreaGrid | null,
): { furnishArea?: string } {
  if (!canPaintArea(engine) || !g) return {};
  const { polygons } = gridPolygons(g);
  const total = polygons.reduce((s, p) => s + polygonArea(p), 0);
  return polygons.length && total >= FURNISH_AREA_LIMITS.minTotalArea
    ? { furnishArea: JSON.stringify(polygons) }
    : {};
}
