import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { batches, transformations } from './transformations.ts';
import { ts, users } from './users.ts';

/**
 * Public original pages (issue 32, decision 0185): an unguessable token that shows a staged photo's
 * original (one transformation) or every pair of a listing (one batch) to anyone, without a session.
 * A link is live while it is not revoked and `keepUntil` has not passed; a live link keeps the images
 * it shows past IMAGE_RETENTION_DAYS.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 130 random bits in lower-case base32 (decision 0185): printed in the image's capital-only font
    // and still the same link when typed back.
    token: varchar('token', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set null when the photo or batch is deleted: the link then says "withdrawn" instead of "not found",
    // as a deleted photo's printed link should.
    transformationId: uuid('transformation_id').references(() => transformations.id, {
      onDelete: 'set null',
    }),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    // The listing's title or address, shown on the page when the agent gave one.
    listingTitle: varchar('listing_title', { length: 200 }),
    indexable: boolean('indexable').notNull().default(false),
    // The images are kept at least until then; 14 days before, the owner is e-mailed (noticeSentAt).
    keepUntil: ts('keep_until').notNull(),
    noticeSentAt: ts('notice_sent_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('public_links_token_idx').on(t.token),
    // One live link per photo and per listing: turning it on twice gives the same link.
    uniqueIndex('public_links_live_transformation_idx')
      .on(t.transformationId)
      .where(sql`${t.revokedAt} is null`),
    uniqueIndex('public_links_live_batch_idx')
      .on(t.batchId)
      .where(sql`${t.revokedAt} is null`),
    index('public_links_user_idx').on(t.userId),
    index('public_links_keep_until_idx').on(t.keepUntil),
    check('public_links_one_target', sql`${t.transformationId} is null or ${t.batchId} is null`),
  ],
);
