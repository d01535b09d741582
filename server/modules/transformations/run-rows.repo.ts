// The rows of staging runs: insert as `processing`, claim with a fencing token, beat, complete or
// fail (the storage keys a run writes: run-keys.ts). Money is not here: the credits module charges
// and refunds.
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import type { TransformationRow } from './transformations.repo.ts';

export type NewProcessingRow = Omit<typeof transformations.$inferInsert, 'status'> & { id: string };

/** The row of a charged run, `processing` until its job settles it. */
export async function insertProcessing(tx: Tx, values: NewProcessingRow): Promise<TransformationRow> {
  const [row] = await tx
    .insert(transformations)
    .values({ ...values, status: 'processing' })
    .returning();
  if (!row) throw new Error('transformation insert returned nothing');
  return row;
}

export interface RowFailure {
  code: string;
  message: string;
  retryAfter?: number | undefined;
}

/**
 * Moves a processing row to `failed` (only if this run still holds it, when `attemptId` is given) and
 * clears its image keys. Returns the row as it was before, or null when it was not processing.
 */
export async function failProcessing(
  tx: Tx,
  id: string,
  failure: RowFailure,
  now: Date,
  attemptId?: string,
): Promise<TransformationRow | null> {
  const [before] = await tx.select().from(transformations).where(eq(transformations.id, id)).for('update');
  if (before?.status !== 'processing') return null;
  if (attemptId !== undefined && before.attemptId !== attemptId) return null;
  await tx
    .update(transformations)
    .set({
      status: 'failed',
      errorCode: failure.code,
      errorMessage: failure.message.slice(0, 1000),
      errorRetryAfter: failure.retryAfter ?? null,
      originalImageUrl: null,
      transformedImageUrl: null,
      thumbnailUrl: null,
      completedAt: now,
    })
    .where(eq(transformations.id, id));
  return before;
}

/**
 * Starts a run: a fresh fencing token, one more attempt, and a first heartbeat. Returns the row as it
 * was before (its previous token tells which files an earlier, dead run may have left), or null when
 * the row is no longer processing.
 */
export async function claimRun(
  ctx: AppContext,
  id: string,
  attemptId: string,
): Promise<{ previous: TransformationRow; row: TransformationRow } | null> {
  return ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(transformations)
      .where(eq(transformations.id, id))
      .for('update');
    if (previous?.status !== 'processing') return null;
    const now = ctx.clock();
    const [row] = await tx
      .update(transformations)
      .set({ attemptId, attempts: sql`${transformations.attempts} + 1`, startedAt: now, heartbeatAt: now })
      .where(eq(transformations.id, id))
      .returning();
    return row ? { previous, row } : null;
  });
}

/** The run's liveness beat; false when the run has lost the row (settled, or handed to another run). */
export async function beat(ctx: AppContext, id: string, attemptId: string): Promise<boolean> {
  const rows = await ctx.db
    .update(transformations)
    .set({ heartbeatAt: ctx.clock() })
    .where(
      and(
        eq(transformations.id, id),
        eq(transformations.attemptId, attemptId),
        eq(transformations.status, 'processing'),
      ),
    )
    .returning({ id: transformations.id });
  return rows.length > 0;
}

export interface Completion {
  resultKey: string;
  thumbnailKey: string;
  processingSeconds: number;
  structureScore: number;
  needsReview: boolean;
  /** The structure guard's reasons for the review; empty when none. */
  reviewReasons: readonly string[];
  /** Fewer pieces than the room type needs, not accepted: the run is refunded and costs nothing. */
  refundedFewerPieces: boolean;
}

/** Completes the row if this run (attemptId) still holds it; null otherwise (the caller removes its files). */
export async function completeTransformation(
  tx: Tx,
  now: Date,
  id: string,
  attemptId: string,
  c: Completion,
): Promise<TransformationRow | null> {
  const [row] = await tx
    .update(transformations)
    .set({
      status: 'completed',
      transformedImageUrl: c.resultKey,
      thumbnailUrl: c.thumbnailKey,
      // numeric(5,2): at most 999.99 seconds.
      processingTime: Math.min(c.processingSeconds, 999.99).toFixed(2),
      confidence: (c.structureScore * 100).toFixed(2),
      structureScore: c.structureScore.toFixed(2),
      needsReview: c.needsReview,
      reviewReasons: [...c.reviewReasons],
      ...(c.refundedFewerPieces ? { refundedFewerPieces: true, creditsCost: 0 } : {}),
      completedAt: now,
    })
    .where(
      and(
        eq(transformations.id, id),
        eq(transformations.status, 'processing'),
        eq(transformations.attemptId, attemptId),
      ),
    )
    .returning();
  return row ?? null;
}
