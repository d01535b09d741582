// Planning the furniture for a measured room: the layout fitter's floor, keep-out zones and
// image-space veto (windows, doors, framing, objects already standing on the floor), and the
// fallbacks when the floor is tight. Occupied floor is never relaxed: a piece on a bed or a fridge
// is worse than an emptier room.
import { floorPoint, project, roomToWorld, worldToRoom } from './geometry/camera.ts';
import type { RoomAnalysis } from './analysis/analyze.ts';
import type { Opening } from './analysis/openings.ts';
import { fitLayout, type LayoutRoom, type PlacedItem } from './layout/fit.ts';
import type { Pt, Rect } from './layout/geometry.ts';
import { floorSceneOf, occupiedFloor } from './layout/floor-scene.ts';
import { footprintBox, footprintQuad, projectedBox } from './layout/footprint.ts';
import { hiddenBehind } from './layout/hidden-behind.ts';
import type { Box } from '#server/lib/images/index.ts';
import type { TemplateGroup } from './layout/templates.ts';
import { createRng } from './rng.ts';

// Callers (the check before payment, the evaluation, the renderer, the editor) read these from here.
export { footprintBox, footprintQuad, projectedBox };
export {
  floorSceneOf,
  occupiedFloor,
  sceneFrom,
  type FloorScene,
  type FloorProblem,
} from './layout/floor-scene.ts';

/**
 * Fits the groups to the measured floor. Deep rooms (or a horizon measured low) leave furniture
 * tiny in the distance, so the groups are brought forward until they fill a plausible share of the
 * frame; a tight or unclear floor relaxes walkways, door zones and the window rule, then the
 * framing rule too, rather than return an empty room (`simplified`).
 */
export function planLayout(
  analysis: RoomAnalysis,
  groups: TemplateGroup[],
  o: {
    seed: number;
    variant: number;
    minimal: boolean;
    obstacles?: readonly Box[];
    /** Floor outlines (image pixels) every base must stand inside (layout/trusted-floor.ts). */
    floors?: readonly (readonly Pt[])[];
    /** The colour floor as seen, dips kept: optional pieces also stand inside it. */
    seenFloor?: readonly Pt[];
  },
): { items: PlacedItem[]; simplified: boolean } {
  const obstacles = o.obstacles ?? [];
  const floors = o.floors ?? [];
  let items: PlacedItem[] = [];
  for (const maxDepth of [6.5, 4.8, 3.6]) {
    items = fitLayout(layoutRoom(analysis, maxDepth, obstacles, floors, o.seenFloor), groups, {
      rng: createRng(o.seed ^ 0x9e37),
      variant: o.variant,
      minimal: o.minimal,
    });
    if (frameShare(analysis, items) >= 0.1) break;
  }
  if (frameShare(analysis, items) >= 0.09) return { items: sure(items), simplified: false };
  const room = layoutRoom(analysis, undefined, obstacles, floors, o.seenFloor);
  // Relaxed (windows may be partly hidden, then the framing rule goes too), but a door stays
  // passable and wall art still needs bare wall.
  const openingsRule = (it: PlacedItem, box: ReturnType<typeof projectedBox>) =>
    clearOfOpenings(analysis, it, box, it.onWall ? ['window', 'door'] : ['door']);
  const loose = (it: PlacedItem) => {
    const box = projectedBox(analysis, it);
    return fitsFrame(analysis, box, 0.7) && openingsRule(it, box);
  };
  const last = (it: PlacedItem) => openingsRule(it, projectedBox(analysis, it));
  for (const allows of [loose, last]) {
    items = fitLayout({ ...room, keepOut: [], allows }, groups, {
      rng: createRng(o.seed ^ 0x7f4a),
      variant: o.variant,
      minimal: true,
      walkway: 0.3,
    });
    if (frameShare(analysis, items) >= 0.09) break;
  }
  return { items: sure(items), simplified: true };
}

/**
 * The pieces to stage: companions that fail the stricter evidence where their group had to stand
 * are left out only now, after they took their part in sizing the layout (layout/companions.ts).
 */
const sure = (items: PlacedItem[]) => items.filter((it) => !it.unsure);

/** Pieces of the main group (the sofa set, the bed...) standing on the floor. */
export const mainPieces = (items: PlacedItem[]) =>
  items.filter((it) => it.group === 0 && !it.covering && !it.onWall).length;

/**
 * Whether the room-box floor's plan (`box`) should replace the colour floor's (`colour`): it places
 * more of the main group, or as many (at least one) and fills clearly more of the frame. The room box
 * ignores whatever stands on the floor, so it is trusted only to make room for the main group: where
 * neither floor has room for it, the room is full, and decor the box alone finds room for would stand
 * on floor nothing in the photo shows (shelves, a wall the box runs up).
 */
export function boxFloorFurnishesMore(
  colour: { main: number; share: number },
  box: { main: number; share: number },
): boolean {
  if (box.main !== colour.main) return box.main > colour.main;
  return box.main > 0 && box.share > colour.share * 1.2;
}

/** Rough share of the frame the pieces will cover, from their projected boxes. */
export function frameShare(a: RoomAnalysis, items: PlacedItem[]): number {
  let area = 0;
  for (const it of items) {
    if (it.onWall) continue;
    const b = projectedBox(a, it);
    const w = Math.max(0, Math.min(b.x1, a.width) - Math.max(b.x0, 0));
    const h = Math.max(0, Math.min(b.y1, a.height) - Math.max(b.y0, 0));
    area += w * h * (it.covering ? 0.8 : 0.6);
  }
  return area / (a.width * a.height);
}

export function layoutRoom(
  a: RoomAnalysis,
  maxDepth = 6.5,
  obstacles: readonly Box[] = [],
  floors: readonly (readonly Pt[])[] = [],
  seenFloor?: readonly Pt[],
): LayoutRoom {
  const cam = a.camera;
  const keepOut: Rect[] = [];
  for (const o of a.openings) {
    if (o.kind !== 'door') continue;
    const p = floorPoint(cam, o.x0, Math.min(o.y1, a.height - 1));
    const q = floorPoint(cam, o.x1, Math.min(o.y1, a.height - 1));
    if (!p || !q) continue;
    const [a0, b0] = worldToRoom(cam, p);
    const [a1, b1] = worldToRoom(cam, q);
    // A door needs about a metre of clear floor in front of it.
    keepOut.push({ a: (a0 + a1) / 2, b: (b0 + b1) / 2 - 0.5, w: Math.abs(a1 - a0) + 0.4, d: 1.4, rot: 0 });
  }
  const allows = (it: PlacedItem) => {
    const box = projectedBox(a, it);
    return fitsFrame(a, box) && clearOfOpenings(a, it, box, ['window', 'door']);
  };
  const scene = floorSceneOf(a, obstacles, floors, seenFloor);
  const occupied = (it: PlacedItem) => occupiedFloor(scene, it) !== null;
  const hidden = (it: PlacedItem, others: readonly PlacedItem[]) => hiddenBehind(cam, it, others);
  const isWall = ([pa, pb]: [number, number]) => {
    const [u, v] = project(cam, roomToWorld(cam, pa, pb));
    return u > a.width * 0.015 && u < a.width * 0.985 && v < a.height * 0.985;
  };
  return { floor: a.floorRoom, keepOut, allows, occupied, hidden, isWall, maxDepth };
}

/** The item's image box hides at most a sliver of each opening of the given kinds. */
function clearOfOpenings(
  a: RoomAnalysis,
  it: PlacedItem,
  box: { x0: number; y0: number; x1: number; y1: number },
  kinds: readonly Opening['kind'][],
): boolean {
  if (it.onWall && !plainWall(a, box)) return false;
  return a.openings.every((o) => {
    if (!kinds.includes(o.kind)) return true;
    const ix = Math.max(0, Math.min(box.x1, o.x1) - Math.max(box.x0, o.x0));
    const iy = Math.max(0, Math.min(box.y1, o.y1) - Math.max(box.y0, o.y0));
    // Wall art must hang on solid wall; furniture may overlap a window's lower edge a little.
    const limit = it.onWall ? 0 : o.kind === 'door' ? 0.08 : 0.12;
    return (ix * iy) / ((o.x1 - o.x0) * (o.y1 - o.y0)) <= limit;
  });
}

/**
 * Wall art needs bare wall behind it: mean gradient (analysis copy) under its box stays low, so
 * art never covers a window the brightness and frame tests missed, a switch plate or a doorway.
 */
export function plainWall(
  a: Pick<RoomAnalysis, 'edges' | 'analysisScale'>,
  box: { x0: number; y0: number; x1: number; y1: number },
): boolean {
  const { width: w, height: h, data } = a.edges;
  const s = a.analysisScale;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y0 * s)); y < Math.min(h, Math.ceil(box.y1 * s)); y++)
    for (let x = Math.max(0, Math.floor(box.x0 * s)); x < Math.min(w, Math.ceil(box.x1 * s)); x++) {
      sum += data[y * w + x]!;
      n++;
    }
  return n > 0 && sum / n < PLAIN_WALL;
}
/** Bare painted walls measure below 1, a window or doorway with a view 5-15. */
const PLAIN_WALL = 3;

/** Mostly in frame (pieces may be cut by the bottom edge) and not looming over the camera. */
function fitsFrame(
  a: RoomAnalysis,
  box: { x0: number; y0: number; x1: number; y1: number },
  maxTall = 0.55,
): boolean {
  if (box.x0 < -a.width * 0.02 || box.x1 > a.width * 1.02) return false;
  const tall = box.y1 - box.y0;
  return (Math.min(box.y1, a.height) - box.y0) / tall >= 0.5 && tall <= a.height * maxTall;
}
