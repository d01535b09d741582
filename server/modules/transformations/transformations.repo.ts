import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';

export type TransformationRow = typeof transformations.$inferSelect;

const ownedBy = (id: string, userId: string) =>
  and(eq(transformations.id, id), eq(transformations.userId, userId));

export const listForUser = (db: DbOrTx, userId: string, favoritesOnly = false) =>
  db
    .select()
    .from(transformations)
    .where(
      favoritesOnly
        ? and(eq(transformations.userId, userId), eq(transformations.isFavorite, true))
        : eq(transformations.userId, userId),
    )
    .orderBy(desc(transformations.createdAt), desc(transformations.id));

export async function findById(db: DbOrTx, id: string): Promise<TransformationRow | null> {
  return (await db.select().from(transformations).where(eq(transformations.id, id)).limit(1))[0] ?? null;
}

export async function findOwned(db: DbOrTx, id: string, userId: string): Promise<TransformationRow | null> {
  return (await db.select().from(transformations).where(ownedBy(id, userId)).limit(1))[0] ?? null;
}

export async function updateOwned(
  db: DbOrTx,
  id: string,
  userId: string,
  set: Partial<Pick<TransformationRow, 'isFavorite' | 'userTitle' | 'userNotes'>>,
): Promise<TransformationRow | null> {
  return (await db.update(transformations).set(set).where(ownedBy(id, userId)).returning())[0] ?? null;
}

export async function deleteOwned(db: DbOrTx, id: string, userId: string): Promise<TransformationRow | null> {
  return (await db.delete(transformations).where(ownedBy(id, userId)).returning())[0] ?? null;
}

/** The user's runs that count against a photo: not failed, with a hash to group them by. */
const hashedRunsOf = (userId: string) =>
  and(
    eq(transformations.userId, userId),
    ne(transformations.status, 'failed'),
    sql`${transformations.originalImageHash} is not null`,
  );

/** Hamming distance between two 16-hex-digit perceptual hashes, computed in SQL. */
const distanceTo = (hash: string) =>
  sql<number>`bit_count(('x' || ${transformations.originalImageHash})::bit(64) # ('x' || ${hash})::bit(64))`;

/** The user's earlier, not failed, transformations of the same photo (perceptual match), oldest first. */
export const findSamePhoto = (db: DbOrTx, userId: string, hash: string, maxDistance: number) =>
  db
    .select({
      id: transformations.id,
      style: transformations.style,
      roomType: transformations.roomType,
      furnitureSet: transformations.furnitureSet,
      createdAt: transformations.createdAt,
    })
    .from(transformations)
    .where(and(hashedRunsOf(userId), sql`${distanceTo(hash)} <= ${maxDistance}`))
    .orderBy(transformations.createdAt);

/**
 * Whether any photo of the user has been run at most `maxRuns` times (failed runs aside). Photos are
 * grouped by exact hash, which only splits what a perceptual match would merge.
 */
export async function hasPhotoRunAtMost(db: DbOrTx, userId: string, maxRuns: number): Promise<boolean> {
  const rows = await db
    .select({ hash: transformations.originalImageHash })
    .from(transformations)
    .where(hashedRunsOf(userId))
    .groupBy(transformations.originalImageHash)
    .having(sql`count(*) <= ${maxRuns}`)
    .limit(1);
  return rows.length > 0;
}
