// The photo check's refusals as users read them. Each kind has its own words, so a person is never
// told their photo is a document, and a room photo that is only too small is never called "not a room".

export const PHOTO_REFUSALS = [
  'too-small',
  'too-dark',
  'overexposed',
  'blurry',
  'flat',
  'document',
  'person',
  'outdoor',
  'no-room',
] as const;
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number];

/**
 * Refusals of what is still a photo of a room, only a poor one: the agent may stage it knowingly
 * ("Stage Anyway"). A photo refused as not a room (outdoors, a person, a document) is never offered
 * that, and neither is one under the size minimum, which the engine cannot stage at all.
 */
export const OVERRIDABLE_REFUSALS: readonly PhotoRefusal[] = ['too-dark', 'overexposed', 'blurry'];

/** Short labels for badges. */
export const REFUSAL_LABELS: Record<PhotoRefusal, string> = {
  'too-small': 'Too small',
  'too-dark': 'Too dark',
  overexposed: 'Overexposed',
  blurry: 'Blurry',
  flat: 'Not a photo',
  document: 'Document',
  person: 'Person',
  outdoor: 'Outdoors',
  'no-room': 'Not a room',
};

export const REFUSAL_MESSAGES: Record<Exclude<PhotoRefusal, 'too-small'>, string> = {
  'too-dark': 'The photo is too dark to stage.',
  overexposed: 'The photo is overexposed (blown out) and cannot be staged.',
  blurry: 'The photo is too blurry to stage.',
  flat: 'No room found: the image is a flat colour.',
  document: 'This looks like a screenshot, drawing, scan or document, not a photo of a room.',
  person: 'This looks like a photo of a person, not of a room.',
  outdoor:
    'This does not look like an interior photo: it looks like an outdoor scene or the outside of a building.',
  'no-room': 'This does not look like a photo of a room: no walls, floor or corners were found.',
};

export const tooSmallMessage = (width: number, height: number, minShortSide: number) =>
  `The photo is too small (${width}x${height}); it needs at least ${minShortSide} pixels on the short side.`;
