export const STYLES = [
  'modern',
  'traditional',
  'minimalist',
  'bohemian',
  'scandinavian',
  'industrial',
] as const;
export type Style = (typeof STYLES)[number];

export const STYLE_LABELS: Record<Style, string> = {
  modern: 'Modern',
  traditional: 'Traditional',
  minimalist: 'Minimalist',
  bohemian: 'Bohemian',
  scandinavian: 'Scandinavian',
  industrial: 'Industrial',
};

export const ROOM_TYPES = ['living-room', 'bedroom', 'kitchen', 'dining-room', 'office', 'other'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  'living-room': 'Living Room',
  bedroom: 'Bedroom',
  kitchen: 'Kitchen',
  'dining-room': 'Dining Room',
  office: 'Office',
  other: 'Other',
};

export const DEFAULT_STYLE: Style = 'modern';
export const DEFAULT_ROOM_TYPE: RoomType = 'living-room';

/** 10 MB, as the spec counts it (10 * 1024 * 1024 bytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Whole-request cap: the upload plus multipart framing and form fields. */
export const MAX_REQUEST_BYTES = 12 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_PIXELS = 50_000_000;

/**
 * The 403 when a transformation cannot be paid for. The home page maps 'Usage limit exceeded' to 'Usage
 * Limit Reached' and the dashboard maps 'Insufficient credits' to 'Insufficient Credits', so the
 * one message carries both phrases (docs/decisions/0006-staging-api.md).
 */
export const USAGE_LIMIT_MESSAGE =
  'Usage limit exceeded: Insufficient credits for this transformation. Upgrade your plan or buy credits to continue.';

/** Hamming distance (of 64 bits) at or below which two uploads count as the same photo. */
export const SAME_PHOTO_MAX_DISTANCE = 10;

/**
 * Shown on identify when the photo already shows furniture: staging adds pieces to what is there.
 * The user can still go on (docs/decisions/0030-photo-check.md).
 */
export const FURNISHED_MESSAGE =
  'This room already has furniture. New pieces will be added around what is there; for the best result, upload a photo of the empty room.';

/**
 * The 503 when the configured staging engine cannot work (a retired model, a refused key, no credit
 * with the provider): the agent can do nothing about it, so it is told plainly, and nothing is
 * charged (docs/decisions/0115-current-provider-models-and-engine-health.md).
 */
export const STAGING_UNAVAILABLE_MESSAGE = 'Staging is unavailable right now; you have not been charged.';
/** Retry-After (seconds) of that 503: an operator has to act, so agents are not asked back soon. */
export const STAGING_UNAVAILABLE_RETRY_AFTER_S = 900;

/**
 * Before payment, when the engine plans a layout and the room type's main piece (sofa, bed, dining
 * table, desk) finds no open floor (docs/decisions/0110-placement-before-payment.md).
 */
export const NO_OPEN_FLOOR_MESSAGE =
  'We could not find enough open floor to stage this photo: try a wider shot from the doorway.';

/** Before payment, a furnished photo with an engine that cannot remove furniture: what it will do. */
export const DECOR_ONLY_MESSAGE = 'This room already has furniture: Roomstage will add decor only.';

/** The Transform button while the agent has not yet accepted a staging with fewer pieces. */
export const NO_OPEN_FLOOR_BUTTON = 'Not Enough Open Floor';
export const DECOR_ONLY_BUTTON = 'Room Already Furnished';

/** The acknowledgement the agent ticks to go on knowingly (sent as `acceptFewerPieces`). */
export const ACCEPT_FEWER_PIECES_LABEL = 'Stage it anyway: I accept a result with fewer pieces';

/** After a run that placed fewer pieces than the room type needs and was refunded automatically. */
export const FEWER_PIECES_REFUNDED_MESSAGE =
  'The main piece of furniture did not fit this photo, so this staging was not charged.';

/** A whole-listing photo whose room type was not detected, until the agent chooses one. */
export const CHOOSE_ROOM_TYPE = 'Choose a room type';

/** A batch start with photos whose room type is unset (1-based photo numbers, upload order). */
export function chooseRoomTypeFor(photos: readonly number[]): string {
  const list =
    photos.length === 1
      ? `photo ${photos[0]}`
      : `photos ${photos.slice(0, -1).join(', ')} and ${photos[photos.length - 1]}`;
  return `Choose a room type for ${list}: it was not detected, and no room type was chosen for the listing.`;
}
