// What every remote engine does around its provider call: the upload frame and its editable mask
// before, the Staged answer after. Identification stays on this machine (the local engine's
// analysis): the image providers have no classification endpoint, and it costs nothing per upload.
import type { Identification, RawImage, RoomImage, StageRequest, Staged } from '#server/engines/types.ts';
import { identifyPhoto } from '#server/engines/local/identify.ts';
import { editMask, type EditMask } from './edit-mask.ts';
import { scaleMask, uploadFrame } from './images.ts';
import { paintedMask } from './painted-mask.ts';

// No score of their own: the structure guard's score is the confidence that counts.
export const REMOTE_ENGINE_CONFIDENCE = 0.7;

export interface EditInput {
  /** What is sent: the photo capped at the provider's edge, as raw RGB. */
  frame: RawImage;
  /** The editable region at the frame's size; null for unmasked engines unless decluttering. */
  mask: EditMask | null;
  declutter: boolean;
}

export async function prepareEdit(
  img: RoomImage,
  req: StageRequest,
  maxEdge: number,
  masked: boolean,
): Promise<EditInput> {
  const frame = await uploadFrame(img, maxEdge);
  const declutter = req.declutter === true;
  // The agent's painted area is the mask when given (decision 0181); the service refuses it for
  // unmasked engines, so it is never silently dropped here.
  if (masked && req.furnishArea)
    return { frame, mask: paintedMask(req.furnishArea, frame.width, frame.height), declutter };
  // Unmasked engines declutter too: the region is then only the guard's hint of where pieces went.
  return { frame, mask: masked || declutter ? editMask(frame, { declutter }) : null, declutter };
}

/**
 * When decluttering, the old furniture goes wherever the mask allowed: the engine's furniture mask is
 * that region, so the guard treats the change there as intended instead of pasting the old pieces back.
 * When staging, the guard measures the change itself, as for any engine.
 */
export async function stagedAnswer(image: RawImage, input: EditInput, notes: string[]): Promise<Staged> {
  const furnitureMask =
    input.declutter && input.mask
      ? await scaleMask(input.mask, image.width, image.height)
      : new Uint8Array(image.width * image.height);
  return { image, furnitureMask, engineConfidence: REMOTE_ENGINE_CONFIDENCE, notes };
}

export const identifyLocally = (img: RoomImage): Promise<Identification> => identifyPhoto(img);
