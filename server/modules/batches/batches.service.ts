import type { RoomType, Style } from '#shared/constants/staging.ts';
import { batchFieldsSchema, titleFromFileName, type Batch } from '#shared/schemas/batches.ts';
import type { AppContext } from '../../context.ts';
import { BUSY_MESSAGE } from '../../engines/worker/pool.ts';
import type { Prepared } from '../../engines/worker/tasks.ts';
import { AppError, badRequest, notFound, unavailable } from '../../lib/errors.ts';
import { parseWith } from '../../lib/http.ts';
import { newImageKey } from '../../lib/storage/index.ts';
import { assertEngineHealthy } from '../engine-health/index.ts';
import { describeJob, recentRunSeconds } from '../jobs/index.ts';
import { jobPriority } from '../jobs/index.ts';
import { CRASH_FAILURE, DEADLINE_GRACE_MS } from '../jobs/index.ts';
import { chargeInTransaction, failAndRefund } from '../jobs/index.ts';
import { checkImageHeader } from '../staging/index.ts';
import { imageUrl, listBatchRows, setUserTitle } from '../transformations/index.ts';
import { findOwnedBatch, insertBatch } from './batches.repo.ts';
import type { BatchPhoto } from './batch-upload.ts';
import { furnitureSetOf } from './furniture-set.ts';

/**
 * A whole listing: every photo is validated first (decoded and hashed; one bad photo refuses the batch
 * and nothing is charged), then all are charged in ONE transaction by the same rules as single photos
 * (so a batch the balance cannot pay for entirely is refused with the same 403), then each photo is
 * stored and enqueued as its own job.
 */
export async function createBatch(
  ctx: AppContext,
  userId: string,
  photos: BatchPhoto[],
  fields: Record<string, string>,
): Promise<Batch> {
  const f = parseWith(batchFieldsSchema, fields);
  // An engine an operator has to fix (decision 0153): the plain 503, before anything is charged.
  await assertEngineHealthy(ctx);
  const roomTypes: RoomType[] = f.roomTypes ?? photos.map(() => f.roomType!);
  if (roomTypes.length !== photos.length)
    throw badRequest(`roomTypes has ${roomTypes.length} entries for ${photos.length} photos.`);
  if (f.names && f.names.length !== photos.length)
    throw badRequest(`names has ${f.names.length} entries for ${photos.length} photos.`);
  const titles = photos.map((_, i) => (f.names ? titleFromFileName(f.names[i]!) : null));
  if (ctx.pool.isSaturated()) throw unavailable(BUSY_MESSAGE, 10);

  const photoError = (i: number) => (err: unknown) => {
    throw err instanceof AppError
      ? new AppError(err.code, `Photo ${i + 1}: ${err.message}`, err.headers)
      : err;
  };
  // Cheap first: every photo's header (type, pixel count, memory budget) before any photo is decoded.
  for (const [i, photo] of photos.entries())
    await checkImageHeader(ctx, await photo.read(), 'stage').catch(photoError(i));
  // Then decoded and hashed one at a time; the re-encoded copy goes back to the photo's temporary file,
  // so a 30-photo batch holds one photo in memory, not 30.
  const prepared: Omit<Prepared, 'bytes'>[] = [];
  for (const [i, photo] of photos.entries()) {
    const { bytes, ...p } = await ctx.pool
      .run({ op: 'prepare', bytes: await photo.read() })
      .catch(photoError(i));
    await photo.replace(bytes);
    prepared.push(p);
  }

  const now = ctx.clock();
  // A batch's photos queue behind one another: photo i waits at most for the i photos before it, each
  // bounded by the staging timeout, so its deadline is the single-photo deadline plus i timeouts. Every
  // row is still bounded; a run itself never gets more than STAGING_TIMEOUT_MS.
  const deadlineAt = (i: number) =>
    new Date(now.getTime() + (i + 1) * ctx.env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS);
  const keys = prepared.map((p) => newImageKey('originals', p.format === 'png' ? 'png' : 'jpg', now));
  const { batchId, rows, plan } = await ctx.db.transaction(async (tx) => {
    const batch = await insertBatch(tx, {
      userId,
      style: f.style,
      photoCount: photos.length,
      sameFurniture: f.sameFurniture,
      createdAt: now,
    });
    // Stored on each photo's row, so a run retried after a crash stages with the same set.
    const furnitureSet = batch.sameFurniture ? furnitureSetOf(batch.id) : undefined;
    const charged = [];
    for (const [i, p] of prepared.entries()) {
      const charge = await chargeInTransaction(ctx, tx, {
        userId,
        hash: p.hash,
        style: f.style,
        roomType: roomTypes[i]!,
        engine: ctx.engine.id,
        originalKey: keys[i]!,
        deadlineAt: deadlineAt(i),
        batchId: batch.id,
        batchIndex: i,
        furnitureSet,
      });
      const title = titles[i];
      if (title) await setUserTitle(tx, charge.row.id, title);
      charged.push(charge);
    }
    return { batchId: batch.id, rows: charged.map((c) => c.row), plan: charged[0]!.plan };
  });

  for (const [i, row] of rows.entries()) {
    try {
      const bytes = await photos[i]!.read();
      await ctx.storage.put(
        keys[i]!,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        prepared[i]!.format === 'png' ? 'image/png' : 'image/jpeg',
      );
      // The photos of one batch keep their upload order among themselves (same priority, enqueue order).
      await ctx.jobs.send(row.id, jobPriority(plan, now));
    } catch (err) {
      ctx.logger.error({ err, transformationId: row.id }, 'could not enqueue a batch photo; refunding');
      await failAndRefund(ctx, row.id, CRASH_FAILURE);
    }
  }
  return getBatch(ctx, userId, batchId);
}

/** The batch with every photo's state; polled by the dashboard for progress. */
export async function getBatch(ctx: AppContext, userId: string, id: string): Promise<Batch> {
  const batch = await findOwnedBatch(ctx.db, id, userId);
  if (!batch) throw notFound('Batch not found');
  const rows = await listBatchRows(ctx.db, id);
  let run: Promise<number> | undefined;
  const runSeconds = () => (run ??= recentRunSeconds(ctx));
  const items = await Promise.all(
    rows.map(async (row) => ({
      ...(await describeJob(ctx, row, runSeconds)),
      index: row.batchIndex ?? 0,
      title: row.userTitle,
      roomType: row.roomType as RoomType,
      creditsCost: row.creditsCost,
      originalImageUrl: imageUrl(row, 'original'),
      transformedImageUrl: imageUrl(row, 'transformed'),
      thumbnailUrl: imageUrl(row, 'thumbnail'),
    })),
  );
  return {
    id: batch.id,
    style: batch.style as Style,
    sameFurniture: batch.sameFurniture,
    createdAt: batch.createdAt.toISOString(),
    total: items.length,
    completed: items.filter((i) => i.status === 'completed').length,
    failed: items.filter((i) => i.status === 'failed').length,
    items,
  };
}
