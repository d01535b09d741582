// Mirrors, glass and doorways: the floor never continues through a frame
// (docs/decisions/0141-frames-close-the-floor.md). A mirror wall, a mirrored wardrobe, a glass
// partition and an open doorway all show floor above where they stand: the reflection, the office
// behind the glass, the next room. Colour cannot tell that floor from the room's own, and a room box
// fitted past the frame agrees. What they share is a frame: door-height world-vertical edges (jambs,
// mullions, wardrobe door edges, partition posts) standing on the floor a door leaf or a panel apart.
// The floor ends at the line joining the feet of two neighbouring frame edges; whatever the photo
// shows behind that line is not floor a piece can stand on.
import { floorPoint, type Camera } from '../geometry/camera.ts';

/** World-vertical edges at least this tall (metres) are frames: a door is 2.0-2.1 m, a wardrobe taller. */
export const FRAME_HEIGHT = 1.8;
/**
 * Widest opening between two frame edges, floor metres: a double door or a glass panel. Edges further
 * apart are taken as unrelated (two corners of the room), whose join would cut open floor.
 */
export const MAX_PANEL = 1.6;

export interface FrameEdge {
  /** Image column and foot row of the edge, full-resolution pixels. */
  u: number;
  foot: number;
  /** Height in metres, measured from the foot. */
  height: number;
}

/**
 * Lowers the agreed floor's far edge (`rows`: the first floor row per column) to the line joining the
 * feet of neighbouring frame edges, where that line lies lower: the floor estimated behind a frame is a
 * reflection, the view through glass or the next room. Feet above the floor's edge (window mullions on
 * a sill, frames on the far wall) change nothing. Returns a new array.
 */
export function closeFrames(rows: Float32Array, edges: readonly FrameEdge[], cam: Camera): Float32Array {
  const out = Float32Array.from(rows);
  const frames = edges
    .filter((e) => e.height >= FRAME_HEIGHT && e.foot < cam.height)
    .map((e) => ({ ...e, at: floorPoint(cam, e.u, e.foot) }))
    .filter((e) => e.at !== null)
    .sort((p, q) => p.u - q.u);
  for (let i = 0; i + 1 < frames.length; i++) {
    const p = frames[i]!;
    const q = frames[i + 1]!;
    if (Math.hypot(p.at![0] - q.at![0], p.at![2] - q.at![2]) > MAX_PANEL) continue;
    const u0 = Math.max(0, Math.floor(p.u));
    const u1 = Math.min(out.length - 1, Math.ceil(q.u));
    for (let u = u0; u <= u1; u++) {
      const t = q.u === p.u ? 0 : (u - p.u) / (q.u - p.u);
      const line = p.foot + (q.foot - p.foot) * Math.max(0, Math.min(1, t));
      if (line > out[u]!) out[u] = line;
    }
  }
  return out;
}
