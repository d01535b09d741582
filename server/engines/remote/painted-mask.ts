// The agent's furniture area as an edit mask (decision 0181): the painted polygons, given in 0..1
// photo coordinates, filled at the frame's size. It replaces the engine's own area outright: the
// agent knows the room better than the floor analysis (a glass partition, a mirror wall).
import { fillPolygons } from '#shared/furnish-area/grid.ts';
import type { EditMask } from './edit-mask.ts';

type Polygon = readonly (readonly [number, number])[];

/**
 * The shared fill (pixel centres, even-odd per polygon, union of polygons: the same rule that turns
 * the automatic area into the editor's cells), 255 inside and 0 outside like `editMask`.
 */
export function paintedMask(polygons: readonly Polygon[], width: number, height: number): EditMask {
  const data = fillPolygons(polygons, width, height);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    if (!data[i]) continue;
    data[i] = 255;
    n++;
  }
  return { width, height, data, share: n / (width * height) };
}
