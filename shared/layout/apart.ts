// Pieces kept apart (issue 31, decision 0180): a piece the agent drops or moves may not stand on
// another piece. A rug lies under furniture, as the engine lays its rugs under a group's sofa, coffee
// table, bed or dining set; wall art hangs above everything. Judged on the bases in metres, so the
// editor (before it asks for a preview) and the server (before it renders) give the same answer.
import { LAYOUT_MESSAGES, PIECE_LABELS, type PieceType } from '../constants/layout.ts';
import type { Piece, RoomModel } from '../schemas/layout.ts';
import { baseCorners, hitFloor, type Pt } from './maths.ts';

/** Bases may overlap by this much (metres) and still count as standing side by side, touching. */
export const TOUCHING = 0.02;

/** Whether pieces of these two types may share floor: a rug under a piece that is not a rug, or art. */
export function mayShareFloor(a: PieceType, b: PieceType): boolean {
  if (a === 'art' || b === 'art') return true;
  return (a === 'rug') !== (b === 'rug');
}

/**
 * How deep two convex polygons overlap (metres): the smallest overlap of their projections over every
 * edge normal of both (separating axes). Zero when some axis separates them.
 */
export function overlapDepth(p: readonly Pt[], q: readonly Pt[]): number {
  let depth = Infinity;
  for (const poly of [p, q])
    for (let i = 0; i < poly.length; i++) {
      const [x0, z0] = poly[i]!;
      const [x1, z1] = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(x1 - x0, z1 - z0);
      if (len < 1e-12) continue;
      const nx = -(z1 - z0) / len;
      const nz = (x1 - x0) / len;
      const span = (pts: readonly Pt[]) => {
        let lo = Infinity;
        let hi = -Infinity;
        for (const [x, z] of pts) {
          const d = x * nx + z * nz;
          if (d < lo) lo = d;
          if (d > hi) hi = d;
        }
        return [lo, hi] as const;
      };
      const [a0, a1] = span(p);
      const [b0, b1] = span(q);
      const o = Math.min(a1, b1) - Math.max(a0, b0);
      if (o <= 0) return 0;
      depth = Math.min(depth, o);
    }
  return depth === Infinity ? 0 : depth;
}

/** Whether `a` would stand on `b` (more than touching, and not a rug under furniture). */
export function standsOn(a: Piece, b: Piece): boolean {
  if (a.id === b.id || mayShareFloor(a.type, b.type)) return false;
  return overlapDepth(baseCorners(a), baseCorners(b)) > TOUCHING;
}

/** The first of `others` that `piece` would stand on, or null. */
export const pieceInTheWay = (piece: Piece, others: readonly Piece[]): Piece | null =>
  others.find((o) => standsOn(piece, o)) ?? null;

/** What the agent reads when `piece` would stand on `other`. */
export const crowdedMessage = (piece: Piece, other: Piece) =>
  LAYOUT_MESSAGES.onPiece(PIECE_LABELS[piece.type], PIECE_LABELS[other.type]);

const samePlace = (a: Piece, b: Piece) =>
  a.type === b.type &&
  a.x === b.x &&
  a.z === b.z &&
  a.rotation === b.rotation &&
  a.scale === b.scale &&
  a.size.w === b.size.w &&
  a.size.d === b.size.d;

/**
 * The first piece of the arrangement that was added or moved since `before` (the stored version)
 * and stands on another, with the words the agent reads; null when every piece keeps apart. Pieces
 * neither added nor moved are not judged against each other: the engine placed them.
 */
export function crowded(
  pieces: readonly Piece[],
  before: readonly Piece[],
): { piece: Piece; other: Piece; message: string } | null {
  const was = new Map(before.map((p) => [p.id, p]));
  for (const p of pieces) {
    const old = was.get(p.id);
    if (old && samePlace(p, old)) continue;
    const other = pieceInTheWay(p, pieces);
    if (other) return { piece: p, other, message: crowdedMessage(p, other) };
  }
  return null;
}

const inside = ([x, z]: Pt, poly: readonly Pt[]) => {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, zi] = poly[i]!;
    const [xj, zj] = poly[j]!;
    if (zi > z !== zj > z && x < ((xj - xi) * (z - zi)) / (zj - zi) + xi) hit = !hit;
  }
  return hit;
};

/**
 * Where the editor puts a piece the agent adds: the first floor point, searched from a little below
 * the photo's centre outwards, where a catalogue-size piece has its base on the floor outline and
 * stands on no other piece. The server still judges it by the whole floor rule; null when none is found.
 */
export function freeSpot(
  room: Pick<RoomModel, 'camera' | 'width' | 'height' | 'floor'>,
  pieces: readonly Piece[],
  piece: Omit<Piece, 'x' | 'z'>,
): Pt | null {
  const spots: [number, number][] = [];
  for (let dv = 0; dv <= 0.2; dv += 0.05)
    for (let du = 0; du <= 0.35; du += 0.05) {
      spots.push([0.5 + du, 0.75 + dv], [0.5 - du, 0.75 + dv], [0.5 + du, 0.75 - dv], [0.5 - du, 0.75 - dv]);
    }
  spots.sort((a, b) => Math.hypot(a[0] - 0.5, a[1] - 0.75) - Math.hypot(b[0] - 0.5, b[1] - 0.75));
  for (const [fu, fv] of spots) {
    const at = hitFloor(room.camera, fu * room.width, fv * room.height);
    if (!at) continue;
    const p = { ...piece, x: at[0], z: at[1] };
    if (baseCorners(p).every((c) => inside(c, room.floor)) && !pieceInTheWay(p, pieces)) return at;
  }
  return null;
}
