// The prompts, word for word from engines.md. Changing them changes what agents get: keep them here,
// in one place, with the tests asserting the exact text.
import {
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  STYLE_LABELS,
  type RoomType,
  type Style,
} from '#shared/constants/staging.ts';

/** "Living Room" reads as "living room" mid-sentence; "Other" would read as nonsense, so it is "room". */
export function roomPhrase(roomType: RoomType): string {
  return roomType === 'other' ? 'room' : ROOM_TYPE_LABELS[roomType].toLowerCase();
}

export function stagePrompt(roomType: RoomType, style: Style): string {
  return (
    `Virtually stage this empty ${roomPhrase(roomType)} in ${STYLE_LABELS[style]} style. ` +
    'Add only movable furniture and decor. Keep walls, ceiling, windows (count, size, position, view), ' +
    'doors, floor material, built-ins, fixtures, lighting direction, camera position, lens and framing ' +
    'exactly unchanged. Photorealistic.'
  );
}

export const IDENTIFY_PROMPT =
  'You check photos uploaded to a virtual staging service for real-estate listings. ' +
  'Answer in JSON. isInterior: the photo shows the inside of a building. ' +
  'isEmptyOrStageable: the room is empty or sparsely furnished, so furniture can be added. ' +
  `roomType: one of ${ROOM_TYPES.join(', ')}, or unknown when the photo does not show it clearly. ` +
  'confidence: 0 to 1, how sure you are about isInterior and isEmptyOrStageable. ' +
  'reason: one short sentence explaining the answer.';
