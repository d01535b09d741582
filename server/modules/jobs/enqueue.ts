import type { RoomType, Style } from '#shared/constants/staging.ts';
import type { FurnishArea } from '#shared/schemas/staging.ts';
import type { AppContext } from '../../context.ts';
import type { Prepared } from '../../engines/worker/tasks.ts';
import { AppError } from '../../lib/errors.ts';
import { newImageKey } from '../../lib/storage/index.ts';
import type { TransformationRow } from '../transformations/index.ts';
import { chargeForTransformation, failAndRefund } from './charge.ts';
import { jobPriority } from './priority.ts';
import { CRASH_FAILURE, DEADLINE_GRACE_MS } from './staging-run.ts';

export interface StagingRequest {
  userId: string;
  /** The validated, re-encoded upload (decoded and hashed by the engine pool). */
  prepared: Prepared;
  style: Style;
  roomType: RoomType;
  declutter?: boolean;
  /** Masked engines: where furniture may go (decision 0181). */
  furnishArea?: FurnishArea | undefined;
  /** Told before paying that the main piece does not fit; the agent went on (decision 0110). */
  acceptFewerPieces?: boolean;
}

/**
 * Request → job: charge (one transaction, row `processing` with its deadline), store the upload where
 * any worker can read it, enqueue with the plan's priority. A failure after the charge refunds at
 * once; a crash in between is refunded by recovery (the row has no job).
 */
export async function enqueueStaging(ctx: AppContext, r: StagingRequest): Promise<TransformationRow> {
  const now = ctx.clock();
  const png = r.prepared.format === 'png';
  const originalKey = newImageKey('originals', png ? 'png' : 'jpg', now);
  const { row, plan } = await chargeForTransformation(ctx, {
    userId: r.userId,
    hash: r.prepared.hash,
    style: r.style,
    roomType: r.roomType,
    declutter: r.declutter === true,
    furnishArea: r.furnishArea,
    acceptFewerPieces: r.acceptFewerPieces === true,
    engine: ctx.engine.id,
    originalKey,
    deadlineAt: new Date(now.getTime() + ctx.env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS),
  });
  try {
    const bytes = r.prepared.bytes;
    await ctx.storage.put(
      originalKey,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      png ? 'image/png' : 'image/jpeg',
    );
    await ctx.jobs.send(row.id, jobPriority(plan, now));
  } catch (err) {
    ctx.logger.error({ err, transformationId: row.id }, 'could not enqueue staging; refunding');
    await failAndRefund(ctx, row.id, CRASH_FAILURE);
    throw new AppError(CRASH_FAILURE.code, CRASH_FAILURE.message);
  }
  return row;
}
