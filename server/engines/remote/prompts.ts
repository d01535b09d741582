// Prompts for the masked and instruction-edit engines. Staging keeps the engines.md preserve prompt
// word for word; decluttering puts one removal sentence in front of it and drops "empty", since the
// photo is not empty yet.
import { STYLE_LABELS, type RoomType, type Style } from '#shared/constants/staging.ts';
import { roomPhrase, stagePrompt } from '#server/engines/gemini/prompts.ts';

export const DECLUTTER_SENTENCE =
  'First remove all existing furniture, rugs, decor and clutter from the room, restoring the bare floor and walls behind them.';

export function editPrompt(roomType: RoomType, style: Style, declutter: boolean): string {
  const staging = stagePrompt(roomType, style);
  if (!declutter) return staging;
  return `${DECLUTTER_SENTENCE} ${staging.replace(
    `Virtually stage this empty ${roomPhrase(roomType)} in ${STYLE_LABELS[style]} style.`,
    `Then virtually stage the ${roomPhrase(roomType)} in ${STYLE_LABELS[style]} style.`,
  )}`;
}
