import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { runKeys, savedImageKeysOfUser } from '../transformations/index.ts';
import { transformations, users } from '../../db/schema/index.ts';
import { isValidKey } from '../../lib/storage/index.ts';

const due = (now: Date) => and(isNotNull(users.deactivatedAt), lte(users.scheduledDeletionDate, now));

export async function listDueForDeletion(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(due(now)).limit(limit);
  return rows.map((r) => r.id);
}

/** Locks the user row unless another copy holds it, and re-checks it is still due (not reactivated). */
export async function lockIfStillDue(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), due(now)))
    .for('update', { skipLocked: true });
  return rows.length > 0;
}

/** Storage keys of the user's images; anything not shaped like one of our keys cannot be in our store. */
export async function imageKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({
      a: transformations.originalImageUrl,
      b: transformations.transformedImageUrl,
      c: transformations.thumbnailUrl,
      attemptId: transformations.attemptId,
      createdAt: transformations.createdAt,
    })
    .from(transformations)
    .where(eq(transformations.userId, userId));
  const keys = new Set<string>();
  for (const r of rows) {
    // A run still going (or one that died) has its result under keys not yet on the row.
    const run = r.attemptId ? Object.values(runKeys(r.createdAt, r.attemptId)) : [];
    for (const k of [r.a, r.b, r.c, ...run]) if (k && isValidKey(k)) keys.add(k);
  }
  // Arrangements the user saved (issue 31).
  for (const k of await savedImageKeysOfUser(db, userId)) if (isValidKey(k)) keys.add(k);
  return [...keys];
}

export async function deleteUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
