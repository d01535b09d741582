// An optional piece must be seen standing on the floor, not behind a bigger piece (decision 0230). A
// plant in the corner behind a bed that does not reach the back wall is metres clear of it on the
// floor, yet the bed's headboard hides the pot, so in the photo the plant grows out of the bed; a side
// table behind a sofa's arm shows as a top floating over it. The photo is what the buyer judges: an
// optional piece whose base is mostly hidden by a bigger piece nearer the camera is not placed.
import { project, roomToWorld, type Camera } from '../geometry/camera.ts';
import type { PlacedItem } from './fit.ts';
import type { ItemKind } from './templates.ts';
import { baseCorners } from './footprint.ts';
import { pointInPolygon, type Pt } from './geometry.ts';

/**
 * Tables stand on legs with floor seen under them, and a chair behind a table is how rooms are
 * furnished: only solid bodies (a bed, a sofa, a sideboard) hide what stands behind them.
 */
const OPEN_UNDER: readonly ItemKind[] = ['coffee-table', 'side-table', 'dining-table', 'round-table', 'desk'];

/** Of the base's four corners and centre, more than this many hidden is "mostly hidden". */
const MAX_HIDDEN_POINTS = 2;

/** Convex hull of image points (monotone chain), counter-clockwise. */
function hull(points: Pt[]): Pt[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Pt[]) => {
    const out: Pt[] = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half(p.reverse())];
}

/** The piece's solid box as the photo shows it (image outline) and the depth of its base's centre. */
function silhouette(cam: Camera, o: PlacedItem): { outline: Pt[]; depth: number } | null {
  const pts: Pt[] = [];
  for (const [x, z] of baseCorners(o))
    for (const y of [o.elevation, o.elevation + o.h]) {
      const [u, v, d] = project(cam, roomToWorld(cam, x, z, y));
      if (!(d > 0)) return null;
      pts.push([u, v]);
    }
  return { outline: hull(pts), depth: project(cam, roomToWorld(cam, o.a, o.b))[2] };
}

/**
 * Whether `it` (optional, standing) stands hidden behind one of `others`: a solid piece with a larger base
 * whose image outline covers most of `it`'s base points (corners and centre) lying farther from the
 * camera than that piece's centre.
 */
export function hiddenBehind(cam: Camera, it: PlacedItem, others: readonly PlacedItem[]): boolean {
  if (!it.optional || it.covering || it.onWall) return false;
  const base = [...baseCorners(it), [it.a, it.b] as Pt].map((p) =>
    project(cam, roomToWorld(cam, p[0], p[1])),
  );
  return others.some((o) => {
    if (o === it || o.covering || o.onWall || OPEN_UNDER.includes(o.kind)) return false;
    if (o.w * o.d <= it.w * it.d) return false;
    const s = silhouette(cam, o);
    if (!s) return false;
    const hidden = base.filter(([u, v, d]) => d > s.depth && pointInPolygon([u, v], s.outline)).length;
    return hidden > MAX_HIDDEN_POINTS;
  });
}
