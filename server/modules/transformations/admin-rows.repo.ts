// The transformation rows as the admin console sees them: statistics, the newest-first list and the
// status an operator sets. Here because this module owns the table (decision 0196); admin calls them
// through the index and adds the owners' e-mails from auth.
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import { afterCursor, cursorTs } from '../../lib/cursor.repo.ts';
import { toPage, type PageQuery } from '../../lib/cursor.ts';

export interface TransformationCounts {
  totalTransformations: number;
  pendingTransformations: number;
  failedTransformations: number;
  processingTransformations: number;
  stuckTransformations: number;
}

/**
 * One aggregate scan. Stuck: processing past its deadline, or started with a heartbeat silent since
 * `staleBefore` (recovery settles these within seconds; a count that stays up means recovery is not
 * running anywhere).
 */
export async function transformationCounts(
  db: DbOrTx,
  now: Date,
  staleBefore: Date,
): Promise<TransformationCounts> {
  const nowIso = now.toISOString();
  const stale = staleBefore.toISOString();
  const result = await db.execute(sql`
    select count(*)::int as "totalTransformations",
           (count(*) filter (where ${transformations.status} = 'pending'))::int as "pendingTransformations",
           (count(*) filter (where ${transformations.status} = 'failed'))::int as "failedTransformations",
           (count(*) filter (where ${transformations.status} = 'processing'))::int as "processingTransformations",
           (count(*) filter (where ${transformations.status} = 'processing' and (
             ${transformations.deadlineAt} < ${nowIso}::timestamptz
             or (${transformations.startedAt} is not null and ${transformations.heartbeatAt} < ${stale}::timestamptz))))::int as "stuckTransformations"
      from ${transformations}`);
  const row = (result as { rows: TransformationCounts[] }).rows[0];
  if (!row) throw new Error('transformation counts query returned no row');
  return row;
}

const ITEM_COLUMNS = {
  id: transformations.id,
  userId: transformations.userId,
  style: transformations.style,
  roomType: transformations.roomType,
  status: transformations.status,
  createdAt: transformations.createdAt,
  regenerationCount: transformations.regenerationCount,
  errorMessage: transformations.errorMessage,
};

/** Every user's transformations, newest first, one keyset page. */
export async function listAllPage(db: DbOrTx, q: PageQuery) {
  const rows = await db
    .select({ ...ITEM_COLUMNS, cursorTs: cursorTs(transformations.createdAt) })
    .from(transformations)
    .where(q.after ? afterCursor(transformations.createdAt, transformations.id, q.after) : undefined)
    .orderBy(desc(transformations.createdAt), desc(transformations.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit);
}

export async function lockItem(tx: DbOrTx, id: string) {
  const rows = await tx
    .select(ITEM_COLUMNS)
    .from(transformations)
    .where(eq(transformations.id, id))
    .for('update');
  return rows[0] ?? null;
}

export type TransformationItemRow = NonNullable<Awaited<ReturnType<typeof lockItem>>>;

/** An operator's fix of a row's status (audited by the caller). */
export async function setItemStatus(
  tx: DbOrTx,
  id: string,
  set: { status: string; errorMessage: string | null },
): Promise<TransformationItemRow> {
  const [row] = await tx
    .update(transformations)
    .set(set)
    .where(eq(transformations.id, id))
    .returning(ITEM_COLUMNS);
  if (!row) throw new Error(`setItemStatus: no transformation ${id}`);
  return row;
}
