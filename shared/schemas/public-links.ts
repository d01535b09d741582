import { z } from 'zod';

/** POST /api/transformations/:id/public-link and /api/batches/:id/public-link: turn the page on. */
export const enablePublicLinkSchema = z.object({
  /** The listing's title or address, shown on the page; never account details. */
  listingTitle: z
    .string()
    .trim()
    .max(200, { error: 'The listing title can be at most 200 characters' })
    .nullish()
    .transform((v) => v || null),
  /** Search engines may index the page only when the agent opts in. */
  indexable: z.boolean().optional().default(false),
});
export type EnablePublicLink = z.input<typeof enablePublicLinkSchema>;

/** PATCH /api/public-links/:id */
export const updatePublicLinkSchema = z.object({
  indexable: z.boolean({ error: 'indexable must be true or false' }),
});

export const publicLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(['photo', 'listing']),
  transformationId: z.string().nullable(),
  batchId: z.string().nullable(),
  /** The page's full address. */
  url: z.string(),
  /** The same address without the scheme, as printed on the image. */
  shortLink: z.string(),
  listingTitle: z.string().nullable(),
  indexable: z.boolean(),
  live: z.boolean(),
  /** Images are kept at least until then. */
  keepUntil: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** What turning the page on means for retention (shown when it is turned on). */
  notice: z.string(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** GET /api/transformations/:id/public-link and the batch equivalent: the live link, if any. */
export const publicLinkStateSchema = z.object({ link: publicLinkSchema.nullable() });
export type PublicLinkState = z.infer<typeof publicLinkStateSchema>;
