import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

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

export async function deleteUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
