export const STYLES = ['modern', 'traditional', 'minimalist', 'bohemian', 'scandinavian', 'industrial'] as const;
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
