import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { batches } from '../../db/schema/index.ts';

export type BatchRow = typeof batches.$inferSelect;

export async function insertBatch(tx: Tx, values: typeof batches.$inferInsert): Promise<BatchRow> {
  const [batch] = await tx.insert(batches).values(values).returning();
  if (!batch) throw new Error('batch insert returned nothing');
  return batch;
}

/** The batch if `userId` owns it; another user's batch is not found. */
export async function findOwnedBatch(db: DbOrTx, id: string, userId: string): Promise<BatchRow | null> {
  const [batch] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), eq(batches.userId, userId)));
  return batch ?? null;
}
