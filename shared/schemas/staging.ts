import { z } from 'zod';
import { FURNISH_AREA_LIMITS, FURNISH_AREA_MESSAGES } from '../constants/furnish-area.ts';
import { PHOTO_REFUSALS } from '../constants/photo-check.ts';
import { reviewReasons } from '../constants/review.ts';
import { ROOM_TYPES, STYLES } from '../constants/staging.ts';
import { billingCycleSchema } from './billing.ts';
import { layoutVersionSchema } from './layout.ts';

export const styleSchema = z.enum(STYLES, { error: 'Invalid style' });
export const roomTypeSchema = z.enum(ROOM_TYPES, { error: 'Invalid room type' });

/** A multipart flag: absent means false; anything but true/false is refused rather than guessed. */
/** A form field's true or false; `absent` is what a request without the field means. */
export const formFlag = (name: string, absent = false) =>
  z
    .enum(['true', 'false', '1', '0', 'on'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => (v === undefined ? absent : v === 'true' || v === '1' || v === 'on'));

/** Twice the signed area of a polygon (shoelace); its absolute half is the area in frame shares. */
export function polygonArea(points: readonly (readonly [number, number])[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a) / 2;
}

const L = FURNISH_AREA_LIMITS;
const unit = z
  .number()
  .finite()
  .min(0, 'Points must lie in the photo (0 to 1)')
  .max(1, 'Points must lie in the photo (0 to 1)');
const polygonSchema = z
  .array(z.tuple([unit, unit]))
  .min(3, 'A polygon needs at least 3 points')
  .max(L.maxPoints, `A polygon may have at most ${L.maxPoints} points`)
  .refine((p) => polygonArea(p) >= L.minPolygonArea, 'A polygon has (almost) no area');

/**
 * Where a masked engine may put furniture (decision 0181): one or more polygons in coordinates
 * normalised to the photo. Overlaps are fine (the union is painted).
 */
export const furnishAreaSchema = z
  .array(polygonSchema)
  .min(1, 'Paint at least one polygon')
  .max(L.maxPolygons, `At most ${L.maxPolygons} polygons`)
  .refine(
    (ps) => ps.reduce((s, p) => s + polygonArea(p), 0) >= L.minTotalArea,
    FURNISH_AREA_MESSAGES.tooSmall,
  );
export type FurnishArea = z.infer<typeof furnishAreaSchema>;

/** The multipart field: JSON text, parsed here so a malformed one is the same 400 as a wrong shape. */
const furnishAreaField = z
  .string()
  .max(64_000, 'furnishArea is too long')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: FURNISH_AREA_MESSAGES.json });
      return z.NEVER;
    }
  })
  .pipe(furnishAreaSchema)
  .optional();

/**
 * The non-file fields of POST /api/transform-room. `declutter`: remove existing furniture first (decision
 * 0020). `acceptFewerPieces`: the agent was told before paying that the room type's main piece does not
 * fit (or only decor is added) and goes on knowingly, so such a result is charged (decision 0110).
 * `furnishArea`: masked engines only, JSON polygons (decision 0181).
 */
export const transformFieldsSchema = z.object({
  style: styleSchema,
  roomType: roomTypeSchema,
  declutter: formFlag('declutter'),
  acceptFewerPieces: formFlag('acceptFewerPieces'),
  /** Masked engines only: the area the model may furnish; absent means the engine's own (decision 0181). */
  furnishArea: furnishAreaField,
});
export type TransformFields = z.infer<typeof transformFieldsSchema>;

/** The non-file fields of POST /api/furnish-area: declutter makes the area reach higher (old pieces go too). */
export const automaticAreaFieldsSchema = z.object({ declutter: formFlag('declutter') });

/**
 * POST /api/furnish-area (decision 0213): the area a masked engine sends when the agent paints none,
 * as the polygons of the editor's cells (the same shape `furnishArea` takes, so an unchanged area
 * sent back is the same area). Empty when the analysis finds no floor.
 */
export const automaticAreaSchema = z.object({
  polygons: z.array(z.array(z.tuple([z.number(), z.number()]))),
  /** Share of the photo the engine's own mask opens, 0..1. */
  share: z.number().min(0).max(1),
  /** Patches beyond the polygon limit, left out (the largest are kept). */
  dropped: z.number().int().min(0),
});
export type AutomaticArea = z.infer<typeof automaticAreaSchema>;

/** GET /api/engine: what the configured staging engine can do (decision 0020). */
export const engineInfoSchema = z.object({
  /** The engine id, as in a transformation's `engine`. */
  engine: z.string(),
  /** Can remove the furniture already in a photo before staging. */
  declutter: z.boolean(),
  /** Sends the model a mask: walls, windows and doors are outside what it may change. */
  masked: z.boolean(),
  /** Plans a furniture layout it can check before payment (POST /api/placement-check, decision 0110). */
  plansLayout: z.boolean(),
});
export type EngineInfo = z.infer<typeof engineInfoSchema>;

export const identifyResponseSchema = z.object({
  isValid: z.boolean(),
  roomType: roomTypeSchema.nullable(),
  message: z.string().optional(),
  confidence: z.number().min(0).max(1),
  /** True when the photo already shows furniture, false when it looks empty, null when the engine cannot tell. */
  furnished: z.boolean().nullable(),
  /**
   * Added for issue 27: the kind of refusal when the engine says (absent otherwise, so older answers
   * still parse). The client offers "Stage Anyway" only for OVERRIDABLE_REFUSALS.
   */
  refusal: z.enum(PHOTO_REFUSALS).optional(),
});
export type IdentifyResponse = z.infer<typeof identifyResponseSchema>;

/** The non-file fields of POST /api/placement-check: the choices the layout depends on. */
export const placementCheckFieldsSchema = z.object({ style: styleSchema, roomType: roomTypeSchema });

/** POST /api/placement-check (decision 0110): would the room type's main piece stand in this photo? */
export const placementCheckSchema = z.object({
  /** False when the engine plans no layout: nothing is known before the run. */
  checked: z.boolean(),
  /** The room type's main piece (sofa, bed, dining table, desk) finds open floor; null when not checked. */
  mainPiece: z.boolean().nullable(),
  mainPieceKind: z.string().nullable(),
  /** Furniture pieces the layout places (rugs, art and plants aside). */
  pieces: z.number().int(),
});
export type PlacementCheck = z.infer<typeof placementCheckSchema>;

export const existingTransformationsSchema = z.object({
  existingTransformations: z.array(
    z.object({ id: z.string(), style: styleSchema, roomType: roomTypeSchema, createdAt: z.string() }),
  ),
});
export type ExistingTransformations = z.infer<typeof existingTransformationsSchema>;

/** What the structure guard found the AI changed; unknown codes are dropped, not refused. */
export const reviewReasonsSchema = z.array(z.string()).transform((v) => reviewReasons(v));

export const transformResultSchema = z.object({
  id: z.string(),
  /** URLs the browser can load and download (owner only). */
  originalImage: z.string(),
  transformedImage: z.string(),
  /** Seconds. */
  processingTime: z.number(),
  style: styleSchema,
  roomType: roomTypeSchema,
  /** Percent, 0..100: the structure guard's score. */
  confidence: z.number(),
  isRegeneration: z.boolean(),
  creditsCost: z.number().int(),
  /** 0..1. */
  structureScore: z.number(),
  engine: z.string(),
  /** True when the structure guard could not confirm walls, windows and doors are unchanged. */
  needsReview: z.boolean(),
  /** Not in the spec's shape: why review is needed (empty unless needsReview), for the review notice. */
  reviewReasons: reviewReasonsSchema,
  /** Pixel size of both images (the result always has the original's size). */
  width: z.number().int(),
  height: z.number().int(),
  /** The run placed fewer pieces than the room type needs, unaccepted, and was refunded (decision 0110). */
  refundedFewerPieces: z.boolean(),
});
export type TransformResult = z.infer<typeof transformResultSchema>;

export const TRANSFORMATION_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type TransformationStatus = (typeof TRANSFORMATION_STATUSES)[number];

export const transformationSchema = z.object({
  id: z.string(),
  style: styleSchema,
  roomType: roomTypeSchema,
  userTitle: z.string().nullable(),
  userNotes: z.string().nullable(),
  isFavorite: z.boolean(),
  createdAt: z.string(),
  status: z.enum(TRANSFORMATION_STATUSES),
  errorMessage: z.string().nullable(),
  originalImageUrl: z.string().nullable(),
  transformedImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  processingTime: z.number().nullable(),
  confidence: z.number().nullable(),
  isRegeneration: z.boolean(),
  creditsCost: z.number().int(),
  regenerationCount: z.number().int(),
  needsReview: z.boolean(),
  /** Not in the spec's shape: why review is needed (empty unless needsReview). */
  reviewReasons: reviewReasonsSchema,
  /** Not in the spec's shape: when the images are deleted (retention), and whether they already were. */
  imagesExpireAt: z.string(),
  imagesDeleted: z.boolean(),
  /** The retention period, for "Images deleted after N days". */
  retentionDays: z.number().int(),
  /**
   * Not in the spec's shape: the versions of an arranged layout, oldest first (decision 0180). Sent
   * by the history list; absent elsewhere and for stagings without a layout.
   */
  layoutVersions: z.array(layoutVersionSchema).optional(),
});
export type Transformation = z.infer<typeof transformationSchema>;

export const favoriteInputSchema = z.object({
  isFavorite: z.boolean({ error: 'isFavorite must be true or false' }),
});

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional();
export const updateTransformationSchema = z.object({
  userTitle: optionalText(200, 'Title'),
  userNotes: optionalText(2000, 'Notes'),
});
export type UpdateTransformation = z.infer<typeof updateTransformationSchema>;

export const usageSchema = z.object({
  usage: z.number().int(),
  /** -1 means unlimited. */
  limit: z.number().int(),
  credits: z.number().int(),
  subscriptionPlan: z.string(),
  subscriptionStatus: z.string(),
  usageResetDate: z.string().nullable(),
  /** Not in the spec: when the paid period ends (ISO 8601); null on the free plan. See decision 0010. */
  subscriptionPeriodEnd: z.string().nullable(),
  /** Not in the spec: the paid subscription's cycle; null on the free plan or when unknown. See decision 0010. */
  subscriptionBillingCycle: billingCycleSchema.nullable(),
  /** Not in the spec: a downgrade scheduled for the period end (the next period's plan); see decision 0060. */
  subscriptionPendingPlan: z.string().nullable(),
});
export type Usage = z.infer<typeof usageSchema>;
