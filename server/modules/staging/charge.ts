import { and, eq } from 'drizzle-orm';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { SAME_PHOTO_MAX_DISTANCE, USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import { transformations } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
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
  engine: string;
}

/**
 * One transaction under the user's row lock: apply a due monthly reset, price the run by the
 * regeneration rule, take the cost from the allowance or a credit (or refuse with 403), and create the
 * transformation row as `processing`. Concurrent requests of one user queue on the lock, so a balance
 * of 3 pays for exactly 3 runs.
 */
export async function chargeForTransformation(ctx: AppContext, r: ChargeRequest): Promise<TransformationRow> {
  return ctx.db.transaction(async (tx) => {
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
        status: 'processing',
        originalImageHash: r.hash,
        isRegeneration: cost.isRegeneration,
        creditsCost: cost.creditsCost,
        regenerationCount: previous,
        chargedFrom: source,
        engine: r.engine,
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
    return row;
  });
}

/** Marks a processing row failed and gives back exactly what it took. Safe to call twice. */
export async function refundTransformation(ctx: AppContext, id: string, errorMessage: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(transformations)
      .set({ status: 'failed', errorMessage: errorMessage.slice(0, 1000) })
      .where(and(eq(transformations.id, id), eq(transformations.status, 'processing')))
      .returning();
    if (!row) return;
    if (row.chargedFrom === 'allowance' || row.chargedFrom === 'unlimited') await addUsage(tx, row.userId, -1);
    if (row.chargedFrom === 'credit') {
      await applyCreditChange(tx, {
        userId: row.userId,
        delta: 1,
        reason: 'Refund: transformation failed',
        source: 'transformation_refund',
        sourceId: row.id,
      });
    }
  });
}

export interface Completion {
  originalKey: string;
  resultKey: string;
  thumbnailKey: string;
  processingSeconds: number;
  structureScore: number;
  needsReview: boolean;
}

export async function completeTransformation(ctx: AppContext, id: string, c: Completion): Promise<TransformationRow> {
  const [row] = await ctx.db
    .update(transformations)
    .set({
      status: 'completed',
      originalImageUrl: c.originalKey,
      transformedImageUrl: c.resultKey,
      thumbnailUrl: c.thumbnailKey,
      // numeric(5,2): at most 999.99 seconds.
      processingTime: Math.min(c.processingSeconds, 999.99).toFixed(2),
      confidence: (c.structureScore * 100).toFixed(2),
      structureScore: c.structureScore.toFixed(2),
      needsReview: c.needsReview,
      completedAt: ctx.clock(),
    })
    .where(and(eq(transformations.id, id), eq(transformations.status, 'processing')))
    .returning();
  if (!row) throw new Error(`transformation ${id} is no longer processing`);
  return row;
}
