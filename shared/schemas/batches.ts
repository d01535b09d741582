import { z } from 'zod';
import { chooseRoomTypeFor } from '../constants/staging.ts';
import { jobStatusSchema } from './jobs.ts';
import { formFlag, roomTypeSchema, styleSchema } from './staging.ts';

/** Photos in one batch (a whole listing). */
export const MAX_BATCH_PHOTOS = 30;

/** A photo's file name as its title: without the extension, spaces tidied, at most 200 characters. */
export function titleFromFileName(name: string): string | null {
  const title = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .trim();
  return title || null;
}

const jsonArray = <T extends z.ZodType>(item: T, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx): z.infer<T>[] | undefined => {
      if (v === undefined) return undefined;
      try {
        return z.array(item).parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });

/** A photo whose room type was not detected and not chosen: sent as null or "", never guessed. */
const unsetRoomType = z.union([z.null(), z.literal('')]);

/**
 * The non-file fields of POST /api/batches: one style, and either one `roomType` for every photo or
 * `roomTypes`, a JSON array with one room type per photo in upload order. An unset entry (null or "")
 * refuses the batch with a message naming the photos: never a silent default (decision 0111). `names` (optional, a JSON
 * array in upload order) are the photos' file names: each becomes its photo's title, so the history and
 * the ZIP of results name the photos as the agent did. `sameFurniture` (default true): every photo is
 * staged with the batch's one furniture set, so the rooms show the same sofa, bed and chairs (decision 0256).
 */
export const batchFieldsSchema = z
  .object({
    style: styleSchema,
    roomType: roomTypeSchema.optional(),
    roomTypes: jsonArray(
      z.union([roomTypeSchema, unsetRoomType]),
      'roomTypes must be a JSON array of room types, one per photo',
    ),
    names: jsonArray(z.string().max(1000), 'names must be a JSON array of file names, one per photo'),
    sameFurniture: formFlag('sameFurniture', true),
  })
  .refine((f) => (f.roomType === undefined) !== (f.roomTypes === undefined), {
    message: 'Give either one roomType for all photos or roomTypes with one per photo',
  })
  .superRefine((f, ctx) => {
    const unset = (f.roomTypes ?? []).flatMap((r, i) => (r ? [] : [i + 1]));
    if (unset.length) ctx.addIssue({ code: 'custom', message: chooseRoomTypeFor(unset) });
  })
  .transform((f) => ({ ...f, roomTypes: f.roomTypes?.filter((r) => r !== null && r !== '') }));

export const batchItemSchema = jobStatusSchema.extend({
  /** Place of the photo in the upload (0-based). */
  index: z.number().int(),
  /** The photo's title (its file name unless the agent renamed it). */
  title: z.string().nullable(),
  roomType: roomTypeSchema,
  creditsCost: z.number().int(),
  originalImageUrl: z.string().nullable(),
  transformedImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});

export const batchSchema = z.object({
  id: z.string(),
  style: styleSchema,
  /** Every photo shows the same furniture designs (decision 0256); false for batches made before it. */
  sameFurniture: z.boolean(),
  createdAt: z.string(),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  items: z.array(batchItemSchema),
});
export type Batch = z.infer<typeof batchSchema>;
export type BatchItem = z.infer<typeof batchItemSchema>;
