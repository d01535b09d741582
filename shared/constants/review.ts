// Why a staged photo needs the user's review: what the structure guard found the AI did to the room.
// The codes are stored on the transformation and sent by the API; the words are what users read.

export const REVIEW_REASONS = [
  'aspect-changed',
  'camera-moved',
  'window-moved',
  'walls-repainted',
  'structure-changed',
  'outside-furnish-area',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  'aspect-changed': 'The AI returned the image in another shape and cut off part of the room.',
  'camera-moved': 'The AI moved or re-framed the camera, so the view differs from your photo.',
  'window-moved': 'A window, door or built-in feature looks added, removed or moved.',
  'walls-repainted': 'Walls, ceiling or floors look repainted or made of other materials.',
  'structure-changed': "The room's walls and edges do not line up with your photo.",
  'outside-furnish-area': 'The AI put furniture outside the area you painted for it.',
};

const isReason = (v: string): v is ReviewReason => (REVIEW_REASONS as readonly string[]).includes(v);

/** Known codes only, in the order given (the guard's: the costliest finding first), without repeats. */
export function reviewReasons(values: readonly string[] | null | undefined): ReviewReason[] {
  return [...new Set(values ?? [])].filter(isReason);
}
