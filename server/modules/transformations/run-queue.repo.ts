// Queries on the transformation rows that the jobs module decides on (recovery, job status, admin
// retries). They live here because this module owns the table (issue 33, decision 0196); the rules
// stay in jobs/.
import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import type { TransformationRow } from './transformations.repo.ts';

/** Mean run time in seconds of the last 50 completed runs (any user); null before any run completed. */
export async function meanRecentRunSeconds(db: DbOrTx): Promise<number | null> {
  const result = await db.execute(sql`
    select avg(extract(epoch from (r.completed_at - r.started_at)))::float8 as seconds
      from (select ${transformations.completedAt} as completed_at, ${transformations.startedAt} as started_at
              from ${transformations}
             where ${transformations.status} = 'completed' and ${transformations.startedAt} is not null
             order by ${transformations.completedAt} desc limit 50) r`);
  const raw = (result as { rows: { seconds: number | string | null }[] }).rows[0]?.seconds;
  const seconds = Number(raw);
  return raw === null || raw === undefined || !Number.isFinite(seconds) ? null : seconds;
}

/** The user's newest single (not batch) transformation still processing, if any. */
export async function newestProcessingSingle(db: DbOrTx, userId: string): Promise<TransformationRow | null> {
  const [row] = await db
    .select()
    .from(transformations)
    .where(
      and(
        eq(transformations.userId, userId),
        eq(transformations.status, 'processing'),
        isNull(transformations.batchId),
      ),
    )
    .orderBy(desc(transformations.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Processing rows recovery must look at: past their deadline, started with a heartbeat older than
 * `staleBefore`, or never started and created before `unstartedBefore`. At most 500 per call.
 */
export function listStuck(
  db: DbOrTx,
  now: Date,
  staleBefore: Date,
  unstartedBefore: Date,
): Promise<TransformationRow[]> {
  return db
    .select()
    .from(transformations)
    .where(
      and(
        eq(transformations.status, 'processing'),
        or(
          lt(transformations.deadlineAt, now),
          and(isNotNull(transformations.startedAt), lt(transformations.heartbeatAt, staleBefore)),
          and(isNull(transformations.startedAt), lt(transformations.createdAt, unstartedBefore)),
        ),
      ),
    )
    .limit(500);
}

/**
 * Clears the run token of a processing row still held by `attemptId` (or by no run, when null), so a
 * dead run can no longer complete it. False when someone else settled or released the row first.
 */
export async function releaseRunToken(db: DbOrTx, id: string, attemptId: string | null): Promise<boolean> {
  const released = await db
    .update(transformations)
    .set({ startedAt: null, heartbeatAt: null, attemptId: null })
    .where(
      and(
        eq(transformations.id, id),
        eq(transformations.status, 'processing'),
        attemptId ? eq(transformations.attemptId, attemptId) : isNull(transformations.attemptId),
      ),
    )
    .returning({ id: transformations.id });
  return released.length > 0;
}

/** The row, locked for the rest of the transaction. */
export async function lockById(tx: Tx, id: string): Promise<TransformationRow | null> {
  const [row] = await tx.select().from(transformations).where(eq(transformations.id, id)).for('update');
  return row ?? null;
}

/** A processing row starts over: no run holds it, no attempt counted, a new deadline. */
export async function resetRun(tx: Tx, id: string, deadlineAt: Date): Promise<void> {
  await tx
    .update(transformations)
    .set({ attemptId: null, attempts: 0, startedAt: null, heartbeatAt: null, deadlineAt })
    .where(and(eq(transformations.id, id), eq(transformations.status, 'processing')));
}

/** Rows of a batch in upload order. */
export const listBatchRows = (db: DbOrTx, batchId: string): Promise<TransformationRow[]> =>
  db
    .select()
    .from(transformations)
    .where(eq(transformations.batchId, batchId))
    .orderBy(asc(transformations.batchIndex));

/** The title a batch photo was uploaded under (its file name), set right after its charge. */
export async function setUserTitle(tx: Tx, id: string, title: string): Promise<void> {
  await tx.update(transformations).set({ userTitle: title }).where(eq(transformations.id, id));
}
