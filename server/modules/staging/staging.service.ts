import type { RoomType, Style } from '#shared/constants/staging.ts';
import { FURNISHED_MESSAGE, SAME_PHOTO_MAX_DISTANCE } from '#shared/constants/staging.ts';
import type { EngineInfo, ExistingTransformations, IdentifyResponse, TransformFields, TransformResult } from '#shared/schemas/staging.ts';
import type { AppContext } from '../../context.ts';
import type { Identification } from '../../engines/types.ts';
import { AppError, badRequest, unavailable } from '../../lib/errors.ts';
import { newImageKey } from '../../lib/storage/index.ts';
import { engineCapabilities } from '../../engines/registry.ts';
import { BUSY_MESSAGE } from '../../engines/worker/pool.ts';
import { findSamePhoto } from '../transformations/transformations.repo.ts';
import { imageUrl } from '../transformations/transformations.service.ts';
import { chargeForTransformation, completeTransformation, refundTransformation } from './charge.ts';

export function engineInfo(ctx: AppContext): EngineInfo {
  return { engine: ctx.engine.id, ...engineCapabilities(ctx.engine) };
}

export const DECLUTTER_UNSUPPORTED = 'Removing existing furniture is not available with the current staging engine.';

export async function identify(ctx: AppContext, upload: Uint8Array): Promise<IdentifyResponse> {
  return identifyResponse(await ctx.pool.run({ op: 'identify', bytes: upload, engine: ctx.engine }));
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

const NOT_CHARGED = 'You have not been charged.';

/** upload -> validate and hash -> charge -> stage (with timeout) -> store -> complete; refund on failure. */
export async function transform(
  ctx: AppContext,
  userId: string,
  upload: Uint8Array,
  fields: Pick<TransformFields, 'style' | 'roomType'> & { declutter?: boolean },
): Promise<TransformResult & { timings: { engineMs: number; totalMs: number } }> {
  // Refused before anything is charged; decluttering then costs what any transformation costs.
  if (fields.declutter && !engineCapabilities(ctx.engine).declutter) throw badRequest(DECLUTTER_UNSUPPORTED);
  const req = { style: fields.style, roomType: fields.roomType };
  const declutter = fields.declutter === true;
  // Refuse before charging when this copy cannot take more work.
  if (ctx.pool.isSaturated()) throw unavailable(BUSY_MESSAGE, 10);
  const started = performance.now();
  const prepared = await ctx.pool.run({ op: 'prepare', bytes: upload });
  const prepareMs = performance.now() - started;
  const row = await chargeForTransformation(ctx, {
    userId,
    hash: prepared.hash,
    ...req,
    engine: ctx.engine.id,
  });

  const keys: string[] = [];
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), ctx.env.STAGING_TIMEOUT_MS);
  try {
    const engineStart = performance.now();
    const staged = await ctx.pool.run(
      {
        op: 'stage',
        bytes: prepared.bytes,
        ...req,
        variant: row.regenerationCount,
        declutter,
        engine: ctx.engine,
        watermark: ctx.env.WATERMARK,
      },
      timeout.signal,
    );
    // Time in the worker pool (decode and hash, then stage): the rest is the server's own overhead.
    const engineMs = prepareMs + performance.now() - engineStart;
    const now = ctx.clock();
    const originalKey = newImageKey('originals', prepared.format === 'png' ? 'png' : 'jpg', now);
    const resultKey = newImageKey('results', 'jpg', now);
    const thumbnailKey = newImageKey('thumbnails', 'jpg', now);
    for (const [key, body, type] of [
      [originalKey, prepared.bytes, prepared.format === 'png' ? 'image/png' : 'image/jpeg'],
      [resultKey, staged.image, 'image/jpeg'],
      [thumbnailKey, staged.thumbnail, 'image/jpeg'],
    ] as const) {
      keys.push(key);
      await ctx.storage.put(key, Buffer.from(body.buffer, body.byteOffset, body.byteLength), type);
    }
    const done = await completeTransformation(ctx, row.id, {
      originalKey,
      resultKey,
      thumbnailKey,
      processingSeconds: (performance.now() - started) / 1000,
      structureScore: staged.structureScore,
      needsReview: staged.needsReview,
    });
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
      structureScore: staged.structureScore,
      engine: ctx.engine.id,
      needsReview: staged.needsReview,
      width: prepared.width,
      height: prepared.height,
      timings: { engineMs, totalMs: performance.now() - started },
    };
  } catch (err) {
    const userError = toUserError(err, timeout.signal.aborted);
    ctx.logger.error({ err, transformationId: row.id }, 'staging failed; refunding');
    await refundTransformation(ctx, row.id, userError.message);
    for (const key of keys) await ctx.storage.delete(key).catch(() => undefined);
    throw userError;
  } finally {
    clearTimeout(timer);
  }
}

function toUserError(err: unknown, timedOut: boolean): AppError {
  if (timedOut)
    return unavailable(`Staging took too long and was stopped. ${NOT_CHARGED} Please try again.`, 30);
  if (err instanceof AppError) return new AppError(err.code, `${err.message} ${NOT_CHARGED}`, err.headers);
  return new AppError('internal', `Staging failed. ${NOT_CHARGED} Please try again.`);
}
