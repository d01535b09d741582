// The area a masked engine may furnish, painted by the agent (issue 31 item 5, decision 0181): the
// limits of what is accepted and the words shown with it. Coordinates are normalised to the photo
// (0..1 from its left and top edges), so the same area fits any size the photo is sent at.

export const FURNISH_AREA_LIMITS = {
  /** Separate patches of floor (a bay, the far side of a kitchen island). */
  maxPolygons: 8,
  /** Points per polygon: a brush outline simplified on the client stays well under this. */
  maxPoints: 200,
  /** Smallest polygon kept, as a share of the frame: below it a stroke is a slip, not an area. */
  minPolygonArea: 0.002,
  /** Smallest total area: one sofa seen from across a room covers about 2% of the frame. */
  minTotalArea: 0.01,
} as const;

export const FURNISH_AREA_MESSAGES = {
  json: 'furnishArea must be JSON: a list of polygons, each a list of [x, y] points from 0 to 1.',
  unsupported:
    'Painting the furniture area is only available with a masked staging engine; the current engine places furniture itself.',
  tooSmall: 'The furniture area is too small to stage: paint at least the floor where a piece should stand.',
} as const;

/** What the form calls the option, and its help sentence. */
export const FURNISH_AREA_LABEL = 'Furniture area';
export const FURNISH_AREA_HELP =
  'Optional: the green area is where the engine will put furniture (the floor it finds). Paint or erase to change it.';
export const FURNISH_AREA_RESET = 'Reset to automatic';
/** The help page's sentence (shown only as a tip: whether the engine takes a mask is the operator's choice). */
export const FURNISH_AREA_HELP_TIP =
  'When the transform form offers "Furniture area", paint the floor where furniture may go: the AI furnishes only there, and a result with furniture outside it is flagged for your review.';

/** The editor's status line (decision 0213): which area a run would send, and how much of the photo. */
export const FURNISH_AREA_STATUS = {
  finding: 'Automatic: finding the floor the engine would furnish…',
  automatic: (pct: number) =>
    `Automatic: the floor the engine found, ${pct}% of the photo (green). Paint or erase to adjust it.`,
  noFloor: 'Automatic: the engine found no floor to show here. Paint where furniture may go.',
  unknown: 'Automatic: the engine uses the floor it finds (it could not be shown).',
  adjusted: (pct: number) => `Adjusted: ${pct}% of the photo (blue) is sent as the furniture area.`,
  tooSmall: 'Too little painted to send: the automatic area will be used.',
  dropped: (max: number) => ` Only the ${max} largest patches are sent.`,
} as const;

/** The batch form on a masked engine (decision 0214): a listing's photos take no painted area. */
export const FURNISH_AREA_BATCH_NOTE =
  'Each photo is furnished in its automatic area (the floor the engine finds). To see or adjust a photo\u2019s area, stage it on its own.';
