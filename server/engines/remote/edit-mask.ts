// The editable region for masked engines: the floor the local engine's analysis finds, raised by the
// height furniture may reach, minus the windows and doors it found. Everything outside it (walls,
// ceiling, openings) is sent to the model as "keep", so those engines preserve structure by
// construction instead of by a check afterwards.
import type { RawImage } from '#server/engines/types.ts';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { horizonRow } from '#server/engines/local/geometry/camera.ts';

/** Sofas, beds with headboards, tables and chairs: the pieces staging adds (lamps and plants by a wall are cut at it). */
export const STAGE_FURNITURE_HEIGHT_M = 1.0;
/** Existing wardrobes and shelves must be removable too when decluttering. */
export const DECLUTTER_FURNITURE_HEIGHT_M = 2.0;

export interface EditMask {
  width: number;
  height: number;
  /** 255 = the model may paint here, 0 = keep. One byte per pixel at the image's size. */
  data: Uint8Array;
  /** Share of the frame that is editable, 0..1. */
  share: number;
}

/** Floor boundary row per image column, linearly interpolated from the analysis outline. */
function floorRows(
  outline: readonly (readonly [number, number])[],
  width: number,
  height: number,
): Float64Array {
  const rows = new Float64Array(width).fill(height);
  // The outline starts at the bottom-left corner and ends at the bottom-right one; the points in
  // between are the boundary, left to right.
  const pts = outline.slice(1, -1);
  if (pts.length === 0) return rows;
  let j = 0;
  for (let x = 0; x < width; x++) {
    const u = x + 0.5;
    while (j < pts.length - 2 && pts[j + 1]![0] < u) j++;
    const [u0, v0] = pts[j]!;
    const [u1, v1] = pts[Math.min(j + 1, pts.length - 1)]!;
    const t = u1 > u0 ? Math.min(1, Math.max(0, (u - u0) / (u1 - u0))) : 0;
    rows[x] = Math.min(height, v0 + (v1 - v0) * t);
  }
  return rows;
}

/**
 * A piece of height h standing on the floor at row v reaches up to v - (v - horizon) * h / eye: the
 * floor point is eye / (v - horizon) * f away, and h metres at that distance span f * h / distance
 * pixels. With h below eye height the highest reach in a column is at its floor boundary.
 */
export function editMask(img: RawImage, opts: { declutter?: boolean } = {}): EditMask {
  const { width: W, height: H } = img;
  const analysis = analyze(img);
  const horizon = horizonRow(analysis.camera);
  const h = opts.declutter ? DECLUTTER_FURNITURE_HEIGHT_M : STAGE_FURNITURE_HEIGHT_M;
  const ratio = h / analysis.camera.eye;
  const boundary = floorRows(analysis.floorImage, W, H);
  const top = new Int32Array(W);
  for (let x = 0; x < W; x++) {
    const v = boundary[x]!;
    // Taller than the eye: the nearest floor (the bottom row) reaches highest.
    const reach = ratio <= 1 ? v - (v - horizon) * ratio : H - (H - horizon) * ratio;
    top[x] = Math.max(0, Math.min(H, Math.floor(Math.min(v, reach))));
  }
  const data = new Uint8Array(W * H);
  for (let x = 0; x < W; x++) for (let y = top[x]!; y < H; y++) data[y * W + x] = 255;
  // Windows and doors stay as they are, even where furniture might stand in front of them.
  for (const o of analysis.openings) {
    const x0 = Math.max(0, Math.floor(o.x0));
    const x1 = Math.min(W, Math.ceil(o.x1));
    const y0 = Math.max(0, Math.floor(o.y0));
    const y1 = Math.min(H, Math.ceil(o.y1));
    for (let y = y0; y < y1; y++) data.fill(0, y * W + x0, y * W + x1);
  }
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i]) n++;
  return { width: W, height: H, data, share: n / (W * H) };
}
