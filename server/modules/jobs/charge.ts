// A staging run's money and row together: charge and create the `processing` row in one transaction,
// or fail the row and refund in one. The credits module moves the money; transformations owns the row.
import crypto from 'node:crypto';
import type { PlanId } from '#shared/constants/plans.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { SAME_PHOTO_MAX_DISTANCE } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { ErrorCode } from '../../lib/errors.ts';
import { chargeTransformation, refundTransformation } from '../credits/index.ts';
import { refundsFewerPieces, type PlacementOutcome } from '#shared/rules/placement.ts';
import type { Layout } from '#shared/schemas/layout.ts';
import type { FurnishArea } from '#shared/schemas/staging.ts';
import {
  completeTransformation,
  failProcessing,
  findSamePhoto,
  insertFirstLayout,
  insertProcessing,
  removeImages,
  type Completion,
  type TransformationRow,
} from '../transformations/index.ts';

export interface ChargeRequest {
  userId: string;
  hash: string;
  style: Style;
  roomType: RoomType;
  /** Remove existing furniture first (only sent for engines that can). */
  declutter?: boolean;
  /** Masked engines: the area the agent painted for furniture (decision 0181); the run reads it from the row. */
  furnishArea?: FurnishArea | undefined;
  /** Told before paying that the main piece does not fit, the agent went on: such a result is charged. */
  acceptFewerPieces?: boolean;
  engine: string;
  /** Where the worker finds the upload; the key is on the row from the start so a failure removes it. */
  originalKey: string;
  /** The latest moment the row may still be processing (queue wait included). */
  deadlineAt: Date;
  batchId?: string;
  batchIndex?: number;
  /**
   * A batch with the same furniture in every photo: its set (decision 0256); the run reads it from the
   * row. A single staging sends none and takes its photo's latest set, if any.
   */
  furnitureSet?: number | undefined;
}

/** Charges and creates the transformation row as `processing`, in one transaction. */
export async function chargeForTransformation(
  ctx: AppContext,
  r: ChargeRequest,
): Promise<{ row: TransformationRow; plan: PlanId }> {
  return ctx.db.transaction((tx) => chargeInTransaction(ctx, tx, r));
}

/** The charge on a caller's transaction: a batch charges all its photos in one, all or nothing. */
export async function chargeInTransaction(
  ctx: AppContext,
  tx: Tx,
  r: ChargeRequest,
): Promise<{ row: TransformationRow; plan: PlanId }> {
  const id = crypto.randomUUID();
  let furnitureSet = r.furnitureSet ?? null;
  const charge = await chargeTransformation(tx, ctx.clock(), {
    userId: r.userId,
    transformationId: id,
    countPrevious: async () => {
      const earlier = await findSamePhoto(tx, r.userId, r.hash, SAME_PHOTO_MAX_DISTANCE);
      // A photo of a listing staged again on its own keeps the listing's furniture (decision 0256):
      // the set of its latest staging, if that had one. A batch decides for its photos itself.
      if (r.batchId === undefined) furnitureSet = earlier.at(-1)?.furnitureSet ?? null;
      return earlier.length;
    },
  });
  const row = await insertProcessing(tx, {
    id,
    userId: r.userId,
    style: r.style,
    roomType: r.roomType,
    declutter: r.declutter === true,
    furnishArea: r.furnishArea ?? null,
    acceptFewerPieces: r.acceptFewerPieces === true,
    originalImageHash: r.hash,
    isRegeneration: charge.cost.isRegeneration,
    creditsCost: charge.cost.creditsCost,
    regenerationCount: charge.previous,
    chargedFrom: charge.source,
    engine: r.engine,
    originalImageUrl: r.originalKey,
    deadlineAt: r.deadlineAt,
    batchId: r.batchId ?? null,
    batchIndex: r.batchIndex ?? null,
    furnitureSet,
    createdAt: ctx.clock(),
  });
  return { row, plan: charge.plan };
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
    const before = await failProcessing(tx, id, failure, ctx.clock(), attemptId);
    if (before) await refundTransformation(tx, before);
    return before;
  });
  if (row) await removeImages(ctx, row);
  return row;
}

const FEWER_PIECES_REFUND = 'Refund: fewer pieces than the room type needs';

/**
 * Completes a run's row (only if this run still holds it) and, in the same transaction, refunds it when
 * it placed fewer pieces than the room type needs and the agent had not accepted that before paying
 * (shared/rules/placement.ts). Completing happens once per row, so the refund does too. A run that
 * planned a layout stores it in the same transaction (issue 31): a completed row has its layout or none.
 */
export async function completeRun(
  ctx: AppContext,
  row: Pick<TransformationRow, 'id' | 'userId' | 'acceptFewerPieces'>,
  attemptId: string,
  completion: Omit<Completion, 'refundedFewerPieces'>,
  placement: PlacementOutcome | undefined,
  layout?: Layout,
): Promise<TransformationRow | null> {
  const refund = refundsFewerPieces(placement, row.acceptFewerPieces);
  return ctx.db.transaction(async (tx) => {
    const done = await completeTransformation(tx, ctx.clock(), row.id, attemptId, {
      ...completion,
      refundedFewerPieces: refund,
    });
    if (done && refund) await refundTransformation(tx, done, FEWER_PIECES_REFUND);
    if (done && layout)
      await insertFirstLayout(tx, { transformationId: row.id, userId: row.userId, ...layout });
    return done;
  });
}
