// Reading a generateContent answer. Safety blocks arrive as HTTP 200, so every answer is checked
// for a block before anything is taken from it.
import type { GenerateContentResponse, Part } from '@google/genai';
import { AppError, unavailable } from '#server/lib/errors.ts';
import { BAD_ANSWER_MESSAGE, NO_IMAGE_MESSAGE, SAFETY_MESSAGE } from './provider-errors.ts';

const SAFETY_REASONS = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);
// Finish reasons after which the content cannot be trusted to be complete.
const NO_OUTPUT_REASONS = new Set([
  'NO_IMAGE',
  'OTHER',
  'IMAGE_OTHER',
  'MAX_TOKENS',
  'LANGUAGE',
  'MALFORMED_FUNCTION_CALL',
]);

const unprocessable = (message: string, cause: string) => {
  const err = new AppError('unprocessable', message);
  err.cause = new Error(cause);
  return err;
};

/**
 * Throws the user-facing error for a prompt block or a bad finish reason; returns the first
 * candidate's parts. `empty` builds the error for an answer that stopped without output.
 */
export function candidateParts(res: GenerateContentResponse, empty: (cause: string) => AppError): Part[] {
  const blockReason = res.promptFeedback?.blockReason;
  if (blockReason) throw unprocessable(SAFETY_MESSAGE, `Gemini blocked the prompt: ${blockReason}`);
  const candidate = res.candidates?.[0];
  if (!candidate) throw empty('Gemini returned no candidate');
  const finish = candidate.finishReason ?? 'STOP';
  if (SAFETY_REASONS.has(finish)) throw unprocessable(SAFETY_MESSAGE, `Gemini finishReason ${finish}`);
  if (NO_OUTPUT_REASONS.has(finish)) throw empty(`Gemini finishReason ${finish}`);
  return candidate.content?.parts ?? [];
}

/**
 * The final image: the LAST non-thought image part. Thinking models send draft images marked
 * `thought: true` first; `res.data` would return the first inline part, which may be such a draft.
 */
export function finalImage(res: GenerateContentResponse): Uint8Array {
  const noImage = (cause: string) => unprocessable(NO_IMAGE_MESSAGE, cause);
  const parts = candidateParts(res, noImage);
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    const inline = part?.inlineData;
    if (!part || part.thought || !inline?.data || !inline.mimeType?.startsWith('image/')) continue;
    return new Uint8Array(Buffer.from(inline.data, 'base64'));
  }
  throw noImage('Gemini answered without an image part');
}

/** The answer text, thoughts left out. */
export function answerText(res: GenerateContentResponse): string {
  const unreadable = (cause: string) => {
    const err = unavailable(BAD_ANSWER_MESSAGE);
    err.cause = new Error(cause);
    return err;
  };
  return candidateParts(res, unreadable)
    .filter((p) => !p.thought && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
}
