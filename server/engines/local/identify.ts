import type { Identification, RawImage } from '#server/engines/types.ts';
export function identifyImage(img: RawImage): Identification {
  return { isValid: img.width > 0, reason: null, roomType: null, confidence: 0.5, issues: [] };
}
