// Arranging a local-engine staging by hand (issue 31, decision 0157): the pieces the editor knows,
// their realistic sizes, what each room type's catalogue offers, the preview limit and the words the
// agent reads when a change is refused. One place, read by the server, the editor and the pages.
import type { RoomType } from './staging.ts';

/** Every piece the local engine can build (its layout/templates.ts `ItemKind`, checked in a test). */
export const PIECE_TYPES = [
  'sofa',
  'armchair',
  'coffee-table',
  'side-table',
  'floor-lamp',
  'rug',
  'plant',
  'art',
  'bed',
  'nightstand',
  'bench',
  'dining-table',
  'round-table',
  'chair',
  'sideboard',
  'desk',
  'office-chair',
  'bookshelf',
] as const;
export type PieceType = (typeof PIECE_TYPES)[number];

export const PIECE_LABELS: Record<PieceType, string> = {
  sofa: 'Sofa',
  armchair: 'Armchair',
  'coffee-table': 'Coffee table',
  'side-table': 'Side table',
  'floor-lamp': 'Floor lamp',
  rug: 'Rug',
  plant: 'Plant',
  art: 'Wall art',
  bed: 'Bed',
  nightstand: 'Nightstand',
  bench: 'Bench',
  'dining-table': 'Dining table',
  'round-table': 'Round table',
  chair: 'Chair',
  sideboard: 'Dresser',
  desk: 'Desk',
  'office-chair': 'Desk chair',
  bookshelf: 'Bookshelf',
};

export interface Size3 {
  /** Width, depth and height in metres. */
  w: number;
  d: number;
  h: number;
}

/**
 * Realistic sizes in metres, [min, max] per dimension: what furniture shops sell (a runner rug, a
 * short bed, a low table), and every size the engine itself places when it shrinks a group to fit.
 */
export const SIZE_BOUNDS: Record<
  PieceType,
  { w: [number, number]; d: [number, number]; h: [number, number] }
> = {
  sofa: { w: [1.4, 3.2], d: [0.7, 1.1], h: [0.6, 1.0] },
  armchair: { w: [0.55, 1.1], d: [0.55, 1.0], h: [0.6, 1.1] },
  'coffee-table': { w: [0.45, 1.6], d: [0.4, 1.0], h: [0.28, 0.55] },
  'side-table': { w: [0.3, 0.7], d: [0.3, 0.7], h: [0.4, 0.75] },
  'floor-lamp': { w: [0.2, 0.6], d: [0.2, 0.6], h: [1.2, 1.9] },
  rug: { w: [1.2, 4.0], d: [0.5, 3.5], h: [0.005, 0.03] },
  plant: { w: [0.25, 1.0], d: [0.25, 1.0], h: [0.4, 2.2] },
  art: { w: [0.3, 2.0], d: [0.01, 0.08], h: [0.3, 1.5] },
  bed: { w: [0.9, 2.2], d: [1.7, 2.3], h: [0.35, 1.3] },
  nightstand: { w: [0.35, 0.7], d: [0.3, 0.55], h: [0.4, 0.75] },
  bench: { w: [0.8, 2.0], d: [0.3, 0.6], h: [0.38, 0.55] },
  'dining-table': { w: [1.2, 3.0], d: [0.7, 1.2], h: [0.6, 0.8] },
  'round-table': { w: [0.7, 1.6], d: [0.7, 1.6], h: [0.6, 0.8] },
  chair: { w: [0.38, 0.65], d: [0.4, 0.65], h: [0.7, 1.1] },
  sideboard: { w: [0.9, 2.4], d: [0.3, 0.6], h: [0.6, 1.0] },
  desk: { w: [0.9, 2.0], d: [0.5, 0.9], h: [0.6, 0.8] },
  'office-chair': { w: [0.5, 0.75], d: [0.5, 0.75], h: [0.8, 1.3] },
  bookshelf: { w: [0.6, 2.0], d: [0.25, 0.45], h: [0.8, 2.4] },
};

/** A piece added from the catalogue: the local engine's template size (layout/templates.ts). */
export const CATALOGUE_SIZE: Record<PieceType, Size3> = {
  sofa: { w: 2.1, d: 0.9, h: 0.8 },
  armchair: { w: 0.8, d: 0.8, h: 0.8 },
  'coffee-table': { w: 1.1, d: 0.6, h: 0.4 },
  'side-table': { w: 0.45, d: 0.45, h: 0.55 },
  'floor-lamp': { w: 0.4, d: 0.4, h: 1.6 },
  rug: { w: 2.4, d: 1.7, h: 0.01 },
  plant: { w: 0.5, d: 0.5, h: 1.4 },
  art: { w: 1.0, d: 0.03, h: 0.7 },
  bed: { w: 1.6, d: 2.05, h: 1.1 },
  nightstand: { w: 0.5, d: 0.42, h: 0.55 },
  bench: { w: 1.2, d: 0.4, h: 0.45 },
  'dining-table': { w: 1.9, d: 0.95, h: 0.76 },
  'round-table': { w: 0.9, d: 0.9, h: 0.75 },
  chair: { w: 0.48, d: 0.52, h: 0.85 },
  sideboard: { w: 1.6, d: 0.45, h: 0.8 },
  desk: { w: 1.4, d: 0.7, h: 0.75 },
  'office-chair': { w: 0.6, d: 0.6, h: 1.0 },
  bookshelf: { w: 0.9, d: 0.36, h: 1.9 },
};
/** Height of wall art's lower edge above the floor when added from the catalogue, metres. */
export const ART_ELEVATION = 1.25;

const DECOR: PieceType[] = ['rug', 'plant', 'floor-lamp', 'art', 'side-table'];
/** What "Add a piece" offers per room type: the room's own furniture and decor. */
export const CATALOGUE: Record<RoomType, readonly PieceType[]> = {
  'living-room': ['sofa', 'armchair', 'coffee-table', 'sideboard', 'bookshelf', ...DECOR],
  bedroom: ['bed', 'nightstand', 'bench', 'sideboard', 'armchair', ...DECOR],
  'dining-room': ['dining-table', 'round-table', 'chair', 'sideboard', ...DECOR],
  kitchen: ['round-table', 'chair', 'bench', ...DECOR],
  office: ['desk', 'office-chair', 'bookshelf', 'armchair', 'sideboard', ...DECOR],
  other: ['sofa', 'armchair', 'coffee-table', 'desk', 'office-chair', 'bookshelf', 'sideboard', ...DECOR],
};

/** Model variants per piece type the agent can swap between (each a different seed of the model). */
export const MODEL_VARIANTS = 6;
/** Pieces in one layout: the engine places at most about a dozen. */
export const MAX_PIECES = 24;
/** A resize multiplies the stored size; beyond these a size is refused before the bounds are read. */
export const SCALE_RANGE: [number, number] = [0.5, 2];
/** Longest side of a preview, pixels. */
export const PREVIEW_MAX_SIDE = 1600;
/**
 * Previews each account may render per minute. A preview is about 0.3 s of a core: 40 a minute is a
 * brisk editing session and caps what one account can take from the machine (not a rendering farm).
 */
export const PREVIEW_LIMIT = { perMinute: 40 } as const;

export const LAYOUT_MESSAGES = {
  notLocal: 'Only photos staged by the Roomstage engine can be arranged by hand.',
  notReady: 'This staging is not finished yet, or its images were deleted; it cannot be arranged.',
  noLayout: 'This staging was made before furniture could be arranged; stage it again to arrange it.',
  unknownPiece: (type: string) => `"${type}" is not in the catalogue for this room.`,
  duplicateId: 'Two pieces have the same id.',
  offFloor: (label: string) => `The ${label.toLowerCase()} would stand off the floor.`,
  throughWall: (label: string) => `The ${label.toLowerCase()} would go through a wall.`,
  onObject: (label: string) => `The ${label.toLowerCase()} would stand on something already in the photo.`,
  blocksDoor: (label: string) =>
    `The ${label.toLowerCase()} would stand where the door opens: keep that floor clear.`,
  hidesOpening: (label: string) =>
    `The ${label.toLowerCase()} is too tall to stand in front of a window or door.`,
  onPiece: (label: string, other: string) =>
    `The ${label.toLowerCase()} would stand on the ${other.toLowerCase()}; only a rug may lie under other furniture.`,
  offWall: (label: string) => `The ${label.toLowerCase()} must hang on a wall inside the photo.`,
  unrealistic: (label: string, dim: string, value: number, min: number, max: number) =>
    `A ${label.toLowerCase()} ${value.toFixed(2)} m ${dim} is not realistic (${min}–${max} m).`,
  previewLimit: `You can preview up to ${PREVIEW_LIMIT.perMinute} arrangements a minute. Please wait a moment.`,
} as const;

/** Said on the pricing and help pages. */
export const ARRANGE_PRICING_NOTE = `Arranging furniture on a finished staging and saving it is free and does not use a free regeneration. Previews are limited to ${PREVIEW_LIMIT.perMinute} a minute per account.`;
