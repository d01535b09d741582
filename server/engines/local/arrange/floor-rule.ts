// The floor rule for a piece the agent places by hand: the same rule the engine's own layout obeys
// (layout/floor-scene.ts occupiedFloor, layout/geometry.ts rectInPolygon, decision 0100), read from the
// stored room, with the reason in words. Sizes are judged first (shared/layout/maths.ts).
import { LAYOUT_MESSAGES, PIECE_LABELS } from '#shared/constants/layout.ts';
import { pieceInTheWay } from '#shared/layout/apart.ts';
import { footprint, sizeProblem } from '#shared/layout/maths.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { rectOf } from '../layout/fit.ts';
import { pointInPolygon, rectInPolygon } from '../layout/geometry.ts';
import { occupiedFloor, type FloorScene } from '../plan-layout.ts';
import { floorSceneOfModel, itemOf } from './room-model.ts';

export type DropVerdict =
  | { ok: true }
  | {
      ok: false;
      reason:
        'size' | 'off-floor' | 'through-wall' | 'on-object' | 'blocks-door' | 'hides-opening' | 'off-wall';
      message: string;
    };

/**
 * Whether the piece may stand where it is in this room. `scene` is the room's floor scene, built
 * once by the caller when several pieces (or many drags) are judged.
 */
export function judgeDrop(
  room: RoomModel,
  piece: Piece,
  scene: FloorScene = floorSceneOfModel(room),
): DropVerdict {
  const label = PIECE_LABELS[piece.type];
  const size = sizeProblem(piece);
  if (size) return { ok: false, reason: 'size', message: size };
  const it = itemOf(piece);
  if (it.onWall) {
    // Wall art hangs on the wall the photo shows: its whole outline inside the frame, above the floor.
    const lo = footprint(room.camera, piece);
    const hi = footprint(room.camera, { ...piece, elevation: piece.elevation + it.h });
    const inFrame = [...lo, ...hi].every(
      ([u, v]) => Number.isFinite(u) && u >= 0 && u <= room.width && v >= 0 && v <= room.height,
    );
    return inFrame
      ? { ok: true }
      : { ok: false, reason: 'off-wall', message: LAYOUT_MESSAGES.offWall(label) };
  }
  if (!rectInPolygon(rectOf(it), room.floor)) {
    // Centre on the floor but a corner past its outline: the piece runs into a wall.
    return pointInPolygon([it.a, it.b], room.floor)
      ? { ok: false, reason: 'through-wall', message: LAYOUT_MESSAGES.throughWall(label) }
      : { ok: false, reason: 'off-floor', message: LAYOUT_MESSAGES.offFloor(label) };
  }
  const occupied = occupiedFloor(scene, it);
  if (occupied === 'off-floor')
    return { ok: false, reason: 'off-floor', message: LAYOUT_MESSAGES.offFloor(label) };
  if (occupied === 'on-object')
    return { ok: false, reason: 'on-object', message: LAYOUT_MESSAGES.onObject(label) };
  if (occupied === 'blocks-door')
    return { ok: false, reason: 'blocks-door', message: LAYOUT_MESSAGES.blocksDoor(label) };
  if (occupied === 'hides-opening')
    return { ok: false, reason: 'hides-opening', message: LAYOUT_MESSAGES.hidesOpening(label) };
  return { ok: true };
}

/**
 * Where a drag may leave the piece: at the target when the rule allows it, otherwise at the last
 * allowed point on the straight path from where it was (the editor's piece stops at the wall, or at
 * another piece, rather than jumping back). `from` must itself be allowed; it is returned when
 * nothing nearer the target is. `others` are the arrangement's other pieces (shared/layout/apart.ts).
 */
export function dragTo(
  room: RoomModel,
  piece: Piece,
  to: { x: number; z: number },
  scene: FloorScene = floorSceneOfModel(room),
  others: readonly Piece[] = [],
): Piece {
  const allowed = (p: Piece) => judgeDrop(room, p, scene).ok && !pieceInTheWay(p, others);
  const at = (t: number): Piece => ({
    ...piece,
    x: piece.x + (to.x - piece.x) * t,
    z: piece.z + (to.z - piece.z) * t,
  });
  const target = at(1);
  if (allowed(target)) return target;
  // Walk the path in small steps: the allowed floor need not be convex (a detected object in the way).
  const steps = 24;
  let best = piece;
  for (let i = 1; i < steps; i++) {
    const p = at(i / steps);
    if (!allowed(p)) break;
    best = p;
  }
  return best;
}
