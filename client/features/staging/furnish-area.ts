// The furniture area the agent paints for a masked engine (decision 0181), as a coarse grid of cells
// over the photo, and its conversion to the polygons POST /api/transform-room takes. Empty means
// "automatic": nothing is sent and the engine uses the floor it finds.
import { FURNISH_AREA_LIMITS } from '#shared/constants/furnish-area.ts';
import { gridPolygons, type AreaGrid } from '#shared/furnish-area/grid.ts';
import { polygonArea, type EngineInfo } from '#shared/schemas/staging.ts';

export {
  emptyGrid,
  gridOfArea,
  gridPolygons,
  paintedShare,
  type AreaGrid,
} from '#shared/furnish-area/grid.ts';

/** Brush radius in cells (a disc about a tenth of the long side across). */
export const BRUSH_RADIUS = 2.5;

export const canPaintArea = (engine: EngineInfo | null | undefined): boolean => engine?.masked === true;

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
