import { and, eq, sql } from 'drizzle-orm';
import type { PlanId } from '#shared/constants/plans.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { SAME_PHOTO_MAX_DISTANCE, USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import { forbidden, unauthorized, type ErrorCode } from '../../lib/errors.ts';
import { findSamePhoto, type TransformationRow } from '../transformations/transformations.repo.ts';
import { chargeSource, transformationCost } from '../usage/credit-rules.ts';
import { applyCreditChange } from '../usage/ledger.ts';
import { addUsage, readAccount } from '../usage/usage.repo.ts';
import { resetIfDue } from '../usage/usage.service.ts';

export interface ChargeRequest {
  userId: string;
  hash: string;
  style: Style;
  roomType: RoomType;
  /** Remove existing furniture first (only sent for engines that can). */
  declutter?: boolean;
  engine: string;
  /** Where the worker finds the upload; the key is on the row from the start so a failure removes it. */
  originalKey: string;
  /** The latest moment the row may still be processing (queue wait included). */
  deadlineAt: Date;
  batchId?: string;
  batchIndex?: number;
}

/**
 * One transaction under the user's row lock: apply a due monthly reset, price the run by the
 * regeneration rule, take the cost from the allowance or a credit (or refuse with 403), and create the
 * transformation row as `processing`. Concurrent requests of one user queue on the lock, so a balance
 * of 3 pays for exactly 3 runs.
 */
export async function chargeForTransformation(ctx: AppContext, r: ChargeRequest): Promise<{ row: TransformationRow; plan: PlanId }> {
  return ctx.db.transaction((tx) => chargeInTransaction(ctx, tx, r));
}

/** The charge on a caller's transaction: a batch charges all its photos in one, all or nothing. */
export async function chargeInTransaction(ctx: AppContext, tx: Tx, r: ChargeRequest): Promise<{ row: TransformationRow; plan: PlanId }> {
  const locked = await readAccount(tx, r.userId, true);
  if (!locked) throw unauthorized();
  const account = await resetIfDue(tx, locked, ctx.clock());
  const previous = (await findSamePhoto(tx, r.userId, r.hash, SAME_PHOTO_MAX_DISTANCE)).length;
  const cost = transformationCost(previous);
  const source = chargeSource(cost, account);
  if (!source) throw forbidden(USAGE_LIMIT_MESSAGE);
  const [row] = await tx
    .insert(transformations)
    .values({
      userId: r.userId,
      style: r.style,
      roomType: r.roomType,
      declutter: r.declutter === true,
      status: 'processing',
      originalImageHash: r.hash,
      isRegeneration: cost.isRegeneration,
      creditsCost: cost.creditsCost,
      regenerationCount: previous,
      chargedFrom: source,
      engine: r.engine,
      originalImageUrl: r.originalKey,
      deadlineAt: r.deadlineAt,
      batchId: r.batchId ?? null,
      batchIndex: r.batchIndex ?? null,
      createdAt: ctx.clock(),
    })
    .returning();
  if (!row) throw new Error('transformation insert returned nothing');
  if (source === 'allowance' || source === 'unlimited') await addUsage(tx, r.userId, 1);
  if (source === 'credit') {
    const paid = await applyCreditChange(tx, {
      userId: r.userId,
      delta: -1,
      reason: 'Room transformation',
      source: 'transformation',
      sourceId: row.id,
    });
    if (!paid?.applied) throw forbidden(USAGE_LIMIT_MESSAGE);
  }
  return { row, plan: account.subscriptionPlan as PlanId };
}

export interface Failure {
  code: ErrorCode;
  /** What the user is told (it ends by saying they were not charged). */
  message: string;
  /** Seconds the provider asked us to wait (a busy answer); the waiting request passes it on. */
  retryAfter?: number;
}

/**
 * Marks a processing row failed, gives back exactly what it took and removes every image stored for
 * it (the upload and whatever the last run wrote). Safe to call twice and from any process: only the
 * call that moves the row out of `processing` refunds.
 */
export async function failAndRefund(
  ctx: AppContext,
  id: string,
  failure: Failure,
  /** Only if this run still holds the row (a run that lost it must not settle it). */
  attemptId?: string,
): Promise<TransformationRow | null> {
  const row = await ctx.db.transaction(async (tx) => {
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
        completedAt: ctx.clock(),
      })
      .where(eq(transformations.id, id));
    if (before.chargedFrom === 'allowance' || before.chargedFrom === 'unlimited') await addUsage(tx, before.userId, -1);
    if (before.chargedFrom === 'credit') {
      await applyCreditChange(tx, {
        userId: before.userId,
        delta: 1,
        reason: 'Refund: transformation failed',
        source: 'transformation_refund',
        sourceId: before.id,
      });
    }
    return before;
  });
  if (row) await removeImages(ctx, row);
  return row;
}

/** Every key a row may have written: its upload and the result and thumbnail of its last run. */
export function storedKeys(row: Pick<TransformationRow, 'originalImageUrl' | 'attemptId' | 'createdAt'>): string[] {
  const keys = row.originalImageUrl ? [row.originalImageUrl] : [];
  if (row.attemptId) keys.push(...Object.values(runKeys(row.createdAt, row.attemptId)));
  return keys;
}

/**
 * Where a run stores its result: named by the run's fencing token, so whoever settles the row can find
 * (and delete) what a crashed run left behind without it ever having been written to the row.
 */
export function runKeys(createdAt: Date, attemptId: string) {
  const y = createdAt.getUTCFullYear();
  const m = String(createdAt.getUTCMonth() + 1).padStart(2, '0');
  return { resultKey: `results/${y}/${m}/${attemptId}.jpg`, thumbnailKey: `thumbnails/${y}/${m}/${attemptId}.jpg` };
}

export async function removeImages(ctx: AppContext, row: Pick<TransformationRow, 'originalImageUrl' | 'attemptId' | 'createdAt'>) {
  for (const key of storedKeys(row)) await ctx.storage.delete(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not delete image'));
}

/**
 * Starts a run: a fresh fencing token, one more attempt, and a first heartbeat. Returns the row as it
 * was before (its previous token tells which files an earlier, dead run may have left), or null when
 * the row is no longer processing.
 */
export async function claimRun(ctx: AppContext, id: string, attemptId: string): Promise<{ previous: TransformationRow; row: TransformationRow } | null> {
  return ctx.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(transformations).where(eq(transformations.id, id)).for('update');
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
    .where(and(eq(transformations.id, id), eq(transformations.attemptId, attemptId), eq(transformations.status, 'processing')))
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
}

/** Completes the row if this run (attemptId) still holds it; null otherwise (the caller removes its files). */
export async function completeTransformation(ctx: AppContext, id: string, attemptId: string, c: Completion): Promise<TransformationRow | null> {
  const [row] = await ctx.db
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
      completedAt: ctx.clock(),
    })
    .where(and(eq(transformations.id, id), eq(transformations.status, 'processing'), eq(transformations.attemptId, attemptId)))
    .returning();
  return row ?? null;
}
