// Arranging a staging by hand (issue 31): the floor rule, and the re-render of a stored layout.
import type { RawImage, Staged } from '#server/engines/types.ts';
import type { Style } from '#shared/constants/staging.ts';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import { STYLE_SPECS } from '../styles/styles.ts';
import { renderPrepared, renderLayout, type PreparedPhoto, type RenderOptions } from './render-layout.ts';

export { dragTo, judgeDrop, type DropVerdict } from './floor-rule.ts';
export { floorSceneOfModel } from './room-model.ts';
export { preparePhoto, type PreparedPhoto } from './render-layout.ts';

/**
 * The photo with `pieces` rendered into it, as a Staged result for the structure guard. The room's
 * measurements are the stored ones: nothing is analysed again. `img` may be a smaller copy (a preview).
 */
export async function renderArrangement(
  img: RawImage,
  room: RoomModel,
  pieces: readonly Piece[],
  style: Style,
  opts: RenderOptions = {},
): Promise<Staged> {
  return staged(await renderLayout(img, room, pieces, STYLE_SPECS[style], opts));
}

/** The same, into a photo prepared once for several renders (the arrange worker's cache). */
export async function renderArrangementOn(
  photo: PreparedPhoto,
  pieces: readonly Piece[],
  style: Style,
  opts: RenderOptions = {},
): Promise<Staged> {
  return staged(await renderPrepared(photo, pieces, STYLE_SPECS[style], opts));
}

function staged(out: { image: RawImage; mask: Uint8Array }): Staged {
  return {
    image: out.image,
    furnitureMask: out.mask,
    // The agent placed the pieces: the engine's own confidence in its layout no longer applies.
    engineConfidence: 1,
    notes: [],
  };
}
