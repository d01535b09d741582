import { z } from 'zod';
import { jobStatusSchema } from './jobs.ts';
import { roomTypeSchema, styleSchema } from './staging.ts';

/** Photos in one batch (a whole listing). */
export const MAX_BATCH_PHOTOS = 30;

/**
 * The non-file fields of POST /api/batches: one style, and either one `roomType` for every photo or
 * `roomTypes`, a JSON array with one room type per photo in upload order.
 */
export const batchFieldsSchema = z
  .object({
    style: styleSchema,
    roomType: roomTypeSchema.optional(),
    roomTypes: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        try {
          return z.array(roomTypeSchema).parse(JSON.parse(v));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'roomTypes must be a JSON array of room types, one per photo' });
          return z.NEVER;
        }
      }),
  })
  .refine((f) => (f.roomType === undefined) !== (f.roomTypes === undefined), {
    message: 'Give either one roomType for all photos or roomTypes with one per photo',
  });

export const batchItemSchema = jobStatusSchema.extend({
  /** Place of the photo in the upload (0-based). */
  index: z.number().int(),
  roomType: roomTypeSchema,
  creditsCost: z.number().int(),
  originalImageUrl: z.string().nullable(),
  transformedImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});

export const batchSchema = z.object({
  id: z.string(),
  style: styleSchema,
  createdAt: z.string(),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  items: z.array(batchItemSchema),
});
export type Batch = z.infer<typeof batchSchema>;
export type BatchItem = z.infer<typeof batchItemSchema>;
