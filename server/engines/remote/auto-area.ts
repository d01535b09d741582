// The automatic furniture area a masked engine sends when the agent paints none (decision 0213): the
// floor analysis' edit mask, shown to the agent as the editor's cells before a run so it can be seen
// and adjusted. A run makes its own mask at its provider's frame (1024-2048 px); the analysis reduces
// any frame to its own work size first, so the two differ by about a cell's edge, not by a piece.
import { gridPolygons, gridSize, type AreaGrid } from '#shared/furnish-area/grid.ts';
import type { AutomaticArea } from '#shared/schemas/staging.ts';
import type { RawImage } from '#server/engines/types.ts';
import { editMask, type EditMask } from './edit-mask.ts';
import { uploadFrame } from './images.ts';

/** The long side the area is analysed at: a grid cell is 21 px of it, finer than the cells need. */
export const AUTO_AREA_EDGE = 1024;

/** A cell is in the area when at least half of its pixels are editable. */
export function maskToGrid(mask: EditMask): AreaGrid {
  const { cols, rows } = gridSize(mask.width, mask.height);
  const cells = new Uint8Array(cols * rows);
  for (let cy = 0; cy < rows; cy++) {
    const y0 = Math.round((cy * mask.height) / rows);
    const y1 = Math.max(y0 + 1, Math.round(((cy + 1) * mask.height) / rows));
    for (let cx = 0; cx < cols; cx++) {
      const x0 = Math.round((cx * mask.width) / cols);
      const x1 = Math.max(x0 + 1, Math.round(((cx + 1) * mask.width) / cols));
      let on = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (mask.data[y * mask.width + x]) on++;
      cells[cy * cols + cx] = on * 2 >= (x1 - x0) * (y1 - y0) ? 1 : 0;
    }
  }
  return { cols, rows, cells };
}

export async function automaticArea(
  img: RawImage,
  opts: { declutter?: boolean } = {},
): Promise<AutomaticArea> {
  const frame = await uploadFrame(img, AUTO_AREA_EDGE);
  const mask = editMask(frame, opts);
  const { polygons, dropped } = gridPolygons(maskToGrid(mask));
  return { polygons, share: mask.share, dropped };
}
