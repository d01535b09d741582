import { and, asc, eq, gt, isNotNull, isNull, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { publicLinks, transformations } from '../../db/schema/index.ts';

export type PublicLinkRow = typeof publicLinks.$inferSelect;
export type PairRow = Pick<
  typeof transformations.$inferSelect,
  | 'id'
  | 'userTitle'
  | 'roomType'
  | 'originalImageUrl'
  | 'transformedImageUrl'
  | 'createdAt'
  | 'engine'
  | 'structureScore'
  | 'needsReview'
  | 'reviewReasons'
>;

/** Live: not revoked and still inside the time its images are kept. */
const live = (now: Date) => and(isNull(publicLinks.revokedAt), gt(publicLinks.keepUntil, now));

export async function ownedTransformation(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select({
      id: transformations.id,
      status: transformations.status,
      createdAt: transformations.createdAt,
      originalImageUrl: transformations.originalImageUrl,
      transformedImageUrl: transformations.transformedImageUrl,
    })
    .from(transformations)
    .where(and(eq(transformations.id, id), eq(transformations.userId, userId)));
  return row ?? null;
}

/**
 * A listing the user owns, read from its photos' rows (batches owns its table, and transformations must
 * not import batches): every row of a batch carries the batch's owner, and the first photo's time is the
 * one retention counts from. A batch whose photos were all deleted has nothing to show and is not found.
 */
export async function ownedBatch(db: DbOrTx, id: string, userId: string) {
  const [row] = await db
    .select({ createdAt: min(transformations.createdAt) })
    .from(transformations)
    .where(and(eq(transformations.batchId, id), eq(transformations.userId, userId)));
  return row?.createdAt ? { id, createdAt: row.createdAt } : null;
}

/**
 * What a public page shows of a photo, for a batch's pairs and a single one alike, with what the staged
 * image's Content Credentials say of it (so serving that image reads the row once).
 */
const PAIR_COLUMNS = {
  id: transformations.id,
  userTitle: transformations.userTitle,
  roomType: transformations.roomType,
  originalImageUrl: transformations.originalImageUrl,
  transformedImageUrl: transformations.transformedImageUrl,
  createdAt: transformations.createdAt,
  engine: transformations.engine,
  structureScore: transformations.structureScore,
  needsReview: transformations.needsReview,
  reviewReasons: transformations.reviewReasons,
};

/** The completed photos of a batch whose images are still stored, in upload order. */
export const batchPairs = (db: DbOrTx, batchId: string): Promise<PairRow[]> =>
  db
    .select(PAIR_COLUMNS)
    .from(transformations)
    .where(and(eq(transformations.batchId, batchId), eq(transformations.status, 'completed')))
    .orderBy(asc(transformations.batchIndex));

export async function pairById(db: DbOrTx, id: string): Promise<PairRow | null> {
  const [row] = await db
    .select(PAIR_COLUMNS)
    .from(transformations)
    .where(and(eq(transformations.id, id), eq(transformations.status, 'completed')));
  return row ?? null;
}

/** The batch a transformation was staged in, if any. */
export async function batchOf(db: DbOrTx, transformationId: string): Promise<string | null> {
  const [row] = await db
    .select({ batchId: transformations.batchId })
    .from(transformations)
    .where(eq(transformations.id, transformationId));
  return row?.batchId ?? null;
}

/** The one unrevoked link of a photo or listing (live or past its keep date). */
export async function unrevokedFor(
  db: DbOrTx,
  target: { transformationId: string } | { batchId: string },
): Promise<PublicLinkRow | null> {
  const where =
    'transformationId' in target
      ? eq(publicLinks.transformationId, target.transformationId)
      : eq(publicLinks.batchId, target.batchId);
  const [row] = await db
    .select()
    .from(publicLinks)
    .where(and(where, isNull(publicLinks.revokedAt)));
  return row ?? null;
}

/** The live link that shows this photo: its own, else its listing's. */
export async function liveLinkShowing(
  db: DbOrTx,
  transformationId: string,
  batchId: string | null,
  now: Date,
): Promise<PublicLinkRow | null> {
  const target = batchId
    ? or(eq(publicLinks.transformationId, transformationId), eq(publicLinks.batchId, batchId))
    : eq(publicLinks.transformationId, transformationId);
  const rows = await db
    .select()
    .from(publicLinks)
    .where(and(target, live(now)));
  return rows.find((r) => r.transformationId === transformationId) ?? rows[0] ?? null;
}

export async function insertLink(
  db: DbOrTx,
  values: typeof publicLinks.$inferInsert,
): Promise<PublicLinkRow> {
  const [row] = await db.insert(publicLinks).values(values).returning();
  if (!row) throw new Error('public link insert returned nothing');
  return row;
}

export async function findByToken(db: DbOrTx, token: string): Promise<PublicLinkRow | null> {
  const [row] = await db.select().from(publicLinks).where(eq(publicLinks.token, token));
  return row ?? null;
}

export async function updateOwnedLink(
  db: DbOrTx,
  id: string,
  userId: string,
  set: Partial<
    Pick<PublicLinkRow, 'indexable' | 'revokedAt' | 'keepUntil' | 'noticeSentAt' | 'listingTitle'>
  >,
): Promise<PublicLinkRow | null> {
  const [row] = await db
    .update(publicLinks)
    .set(set)
    .where(and(eq(publicLinks.id, id), eq(publicLinks.userId, userId)))
    .returning();
  return row ?? null;
}

export async function findOwnedLink(db: DbOrTx, id: string, userId: string): Promise<PublicLinkRow | null> {
  const [row] = await db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.id, id), eq(publicLinks.userId, userId)));
  return row ?? null;
}

/** SQL: the transformation row has a live public page (its own or its listing's) at `now`. */
export const shownByLiveLink = (now: Date): SQL =>
  sql`exists (select 1 from ${publicLinks} where ${publicLinks.revokedAt} is null and ${publicLinks.keepUntil} > ${now.toISOString()}::timestamptz and (${publicLinks.transformationId} = ${transformations.id} or ${publicLinks.batchId} = ${transformations.batchId}))`;

/** Live links whose keep date falls in (now, until] and whose owner has not been told yet. */
export const dueNotices = (db: DbOrTx, now: Date, until: Date) =>
  db
    .select({
      id: publicLinks.id,
      userId: publicLinks.userId,
      token: publicLinks.token,
      keepUntil: publicLinks.keepUntil,
      transformationId: publicLinks.transformationId,
      batchId: publicLinks.batchId,
    })
    .from(publicLinks)
    .where(
      and(
        isNull(publicLinks.revokedAt),
        isNull(publicLinks.noticeSentAt),
        // A link whose photo or batch was deleted keeps nothing.
        or(isNotNull(publicLinks.transformationId), isNotNull(publicLinks.batchId)),
        gt(publicLinks.keepUntil, now),
        lte(publicLinks.keepUntil, until),
      ),
    );

/** Claims the notice with a guarded update, so two copies send one mail; false when another copy did. */
export async function claimNotice(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(publicLinks)
    .set({ noticeSentAt: now })
    .where(and(eq(publicLinks.id, id), isNull(publicLinks.noticeSentAt)))
    .returning({ id: publicLinks.id });
  return claimed.length > 0;
}

/** A mail that failed is tried again on the next run. */
export async function releaseNotice(db: DbOrTx, id: string): Promise<void> {
  await db.update(publicLinks).set({ noticeSentAt: null }).where(eq(publicLinks.id, id));
}
