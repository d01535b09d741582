// The identification answer: a Gemini response schema to constrain the model, and the zod schema
// that checks what actually came back (a constrained model can still send truncated JSON).
import { Type, type Schema } from '@google/genai';
import { z } from 'zod';
import { ROOM_TYPES } from '#shared/constants/staging.ts';

const ROOM_TYPE_ANSWERS = [...ROOM_TYPES, 'unknown'] as const;

export const identifyResponseSchema: Schema = {
  type: Type.OBJECT,
  properties: {
    isInterior: { type: Type.BOOLEAN },
    isEmptyOrStageable: { type: Type.BOOLEAN },
    roomType: { type: Type.STRING, format: 'enum', enum: [...ROOM_TYPE_ANSWERS] },
    confidence: { type: Type.NUMBER, minimum: 0, maximum: 1 },
    reason: { type: Type.STRING },
  },
  required: ['isInterior', 'isEmptyOrStageable', 'roomType', 'confidence', 'reason'],
  propertyOrdering: ['isInterior', 'isEmptyOrStageable', 'roomType', 'confidence', 'reason'],
};

export const identifyAnswer = z.object({
  isInterior: z.boolean(),
  isEmptyOrStageable: z.boolean(),
  roomType: z.enum(ROOM_TYPE_ANSWERS),
  // Models occasionally overshoot the range; clamp instead of failing the upload over it.
  confidence: z.number().transform((c) => Math.min(1, Math.max(0, c))),
  reason: z.string(),
});
export type IdentifyAnswer = z.infer<typeof identifyAnswer>;
