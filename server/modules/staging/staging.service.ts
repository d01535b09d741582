import { FURNISH_AREA_MESSAGES } from '#shared/constants/furnish-area.ts';
import { reviewReasons } from '#shared/constants/review.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import { FURNISHED_MESSAGE, SAME_PHOTO_MAX_DISTANCE } from '#shared/constants/staging.ts';
import type {
  AutomaticArea,
  EngineInfo,
  FurnishArea,
  ExistingTransformations,
  IdentifyResponse,
  PlacementCheck,
  TransformFields,
  TransformResult,
} from '#shared/schemas/staging.ts';
import type { AppContext } from '../../context.ts';
import type { Identification } from '../../engines/types.ts';
import { AppError, badRequest, ERROR_STATUS, isErrorCode, unavailable } from '../../lib/errors.ts';
import { engineCapabilities } from '../../engines/registry.ts';
import { BUSY_MESSAGE } from '../../engines/worker/pool.ts';
import { assertEngineHealthy } from '../engine-health/index.ts';
import { enqueueStaging } from '../jobs/index.ts';
import { waitForSettled } from '../jobs/index.ts';
import { CRASH_FAILURE, DEADLINE_GRACE_MS, settleOverdue, TIMEOUT_RETRY_AFTER } from '../jobs/index.ts';
import { findById, findSamePhoto, type TransformationRow } from '../transformations/index.ts';
import { imageUrl } from '../transformations/index.ts';

export function engineInfo(ctx: AppContext): EngineInfo {
  return { engine: ctx.engine.id, ...engineCapabilities(ctx.engine) };
}

export const DECLUTTER_UNSUPPORTED =
  'Removing existing furniture is not available with the current staging engine.';

export async function identify(ctx: AppContext, upload: Uint8Array): Promise<IdentifyResponse> {
  return identifyResponse(await ctx.pool.run({ op: 'identify', bytes: upload, engine: ctx.engine }));
}

/**
 * The check before payment (decision 0110): would the room type's main piece stand in this photo? Runs
 * on the worker pool (the analysis is ~250 ms of CPU); engines that plan no layout answer unchecked
 * without touching the photo.
 */
export async function placementCheck(
  ctx: AppContext,
  upload: Uint8Array,
  fields: { style: Style; roomType: RoomType },
): Promise<PlacementCheck> {
  if (!engineCapabilities(ctx.engine).plansLayout)
    return { checked: false, mainPiece: null, mainPieceKind: null, pieces: 0 };
  const p = await ctx.pool.run({ op: 'plan', bytes: upload, engine: ctx.engine, ...fields });
  if (!p) return { checked: false, mainPiece: null, mainPieceKind: null, pieces: 0 };
  return { checked: true, mainPiece: p.mainPiece, mainPieceKind: p.mainPieceKind, pieces: p.core.placed };
}

/**
 * The automatic furniture area (decision 0213): what a masked engine sends when the agent paints
 * none, for the editor to show before painting. Refused for other engines, as a painted area is.
 */
export async function automaticFurnishArea(
  ctx: AppContext,
  upload: Uint8Array,
  fields: { declutter: boolean },
): Promise<AutomaticArea> {
  if (!engineCapabilities(ctx.engine).masked) throw badRequest(FURNISH_AREA_MESSAGES.unsupported);
  return ctx.pool.run({ op: 'furnish-area', bytes: upload, declutter: fields.declutter });
}

/** The engine's judgement as the API answers it: one message, the furnished flag only for stageable photos. */
export function identifyResponse(r: Identification): IdentifyResponse {
  // Furniture already in the room matters more to the agent than a soft-result note: it is shown first.
  const note = r.isValid
    ? r.furnished
      ? FURNISHED_MESSAGE
      : r.issues[0]
    : (r.reason ?? 'This image cannot be staged.');
  return {
    isValid: r.isValid,
    roomType: r.roomType,
    confidence: r.confidence,
    furnished: r.isValid ? (r.furnished ?? null) : null,
    ...(note ? { message: note } : {}),
    ...(!r.isValid && r.refusal ? { refusal: r.refusal } : {}),
  };
}

export async function checkExisting(
  ctx: AppContext,
  userId: string,
  upload: Uint8Array,
): Promise<ExistingTransformations> {
  const { hash } = await ctx.pool.run({ op: 'prepare', bytes: upload });
  const rows = await findSamePhoto(ctx.db, userId, hash, SAME_PHOTO_MAX_DISTANCE);
  return {
    existingTransformations: rows.map((r) => ({
      id: r.id,
      style: r.style as Style,
      roomType: r.roomType as RoomType,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

// Requests of this copy waiting for their job: beyond ENGINE_QUEUE_MAX more the copy answers 503.
let waiting = 0;

/** upload -> validate and hash -> charge and enqueue -> wait for the job -> the spec's answer. */
export async function transform(
  ctx: AppContext,
  userId: string,
  upload: Uint8Array,
  fields: Pick<TransformFields, 'style' | 'roomType'> & {
    declutter?: boolean;
    acceptFewerPieces?: boolean;
    furnishArea?: FurnishArea | undefined;
  },
): Promise<TransformResult & { timings: { engineMs: number; totalMs: number } }> {
  // An engine an operator has to fix (decision 0153): the plain 503, before anything is charged.
  await assertEngineHealthy(ctx);
  // Refused before anything is charged; decluttering then costs what any transformation costs.
  if (fields.declutter && !engineCapabilities(ctx.engine).declutter) throw badRequest(DECLUTTER_UNSUPPORTED);
  // Refused rather than ignored (decision 0181): the agent would otherwise pay for a run that does not
  // respect the area it painted.
  if (fields.furnishArea && !engineCapabilities(ctx.engine).masked)
    throw badRequest(FURNISH_AREA_MESSAGES.unsupported);
  const req = {
    style: fields.style,
    roomType: fields.roomType,
    declutter: fields.declutter === true,
    acceptFewerPieces: fields.acceptFewerPieces === true,
    ...(fields.furnishArea ? { furnishArea: fields.furnishArea } : {}),
  };
  // Refuse before charging when this copy cannot take more work.
  if (ctx.pool.isSaturated() || waiting >= ctx.env.ENGINE_QUEUE_MAX) throw unavailable(BUSY_MESSAGE, 10);
  waiting++;
  try {
    const started = performance.now();
    const prepared = await ctx.pool.run({ op: 'prepare', bytes: upload });
    const prepareMs = performance.now() - started;
    const queued = await enqueueStaging(ctx, { userId, prepared, ...req });
    const done = await settled(ctx, queued.id);
    const runMs =
      done.startedAt && done.completedAt ? done.completedAt.getTime() - done.startedAt.getTime() : 0;
    return {
      id: done.id,
      originalImage: imageUrl(done, 'original')!,
      transformedImage: imageUrl(done, 'transformed')!,
      processingTime: Number(done.processingTime),
      style: req.style,
      roomType: req.roomType,
      confidence: Number(done.confidence),
      isRegeneration: done.isRegeneration,
      creditsCost: done.creditsCost,
      structureScore: Number(done.structureScore),
      engine: done.engine ?? ctx.engine.id,
      needsReview: done.needsReview,
      reviewReasons: reviewReasons(done.reviewReasons),
      width: prepared.width,
      height: prepared.height,
      refundedFewerPieces: done.refundedFewerPieces,
      // Decode and hash here plus the run in a worker: the rest is queue hand-off and server overhead.
      timings: { engineMs: prepareMs + runMs, totalMs: performance.now() - started },
    };
  } finally {
    waiting--;
  }
}

/** The completed row, or the failure its run recorded as the same error the request used to throw. */
async function settled(ctx: AppContext, id: string): Promise<TransformationRow> {
  const wait = ctx.env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS + 5000;
  let row = await waitForSettled(ctx, id, Date.now() + wait);
  if (row?.status === 'processing') {
    // Past the deadline and recovery has not got to it yet: settle it here.
    await settleOverdue(ctx, ctx.jobs, id);
    row = await findById(ctx.db, id);
  }
  if (row?.status === 'completed') return row;
  if (!row || row.status !== 'failed') throw new AppError(CRASH_FAILURE.code, CRASH_FAILURE.message);
  const code = isErrorCode(row.errorCode) ? row.errorCode : 'internal';
  return Promise.reject(
    new AppError(
      code,
      row.errorMessage ?? CRASH_FAILURE.message,
      ERROR_STATUS[code] === 503 ? { 'Retry-After': String(row.errorRetryAfter ?? TIMEOUT_RETRY_AFTER) } : {},
    ),
  );
}
