import { reviewReasons } from '#shared/constants/review.ts';
import type { Transformation, UpdateTransformation } from '#shared/schemas/staging.ts';
import type { HistoryPage, HistoryQuery } from '#shared/schemas/history.ts';
import { searchHistory } from './history.repo.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { StoredObject } from '../../lib/storage/index.ts';
import * as repo from './transformations.repo.ts';
import { savedImageKeys, versionsOf } from './layouts.repo.ts';
import { storedKeys } from './run-keys.ts';
import { imagesExpireAt } from './retention.ts';
import type { TransformationRow } from './transformations.repo.ts';

export const IMAGE_KINDS = ['original', 'transformed', 'thumbnail'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const keyOf = (row: TransformationRow, kind: ImageKind) =>
  kind === 'original'
    ? row.originalImageUrl
    : kind === 'transformed'
      ? row.transformedImageUrl
      : row.thumbnailUrl;

/** The URL the browser loads an image from: our authorised route, never a storage key. */
export const imageUrl = (row: TransformationRow, kind: ImageKind) =>
  keyOf(row, kind) ? `/api/transformations/${row.id}/images/${kind}` : null;

const num = (v: string | null) => (v === null ? null : Number(v));

export function toTransformation(row: TransformationRow, retentionDays: number): Transformation {
  return {
    id: row.id,
    style: row.style as Transformation['style'],
    roomType: row.roomType as Transformation['roomType'],
    userTitle: row.userTitle,
    userNotes: row.userNotes,
    isFavorite: row.isFavorite,
    createdAt: row.createdAt.toISOString(),
    status: row.status as Transformation['status'],
    errorMessage: row.errorMessage,
    originalImageUrl: imageUrl(row, 'original'),
    transformedImageUrl: imageUrl(row, 'transformed'),
    thumbnailUrl: imageUrl(row, 'thumbnail'),
    processingTime: num(row.processingTime),
    confidence: num(row.confidence),
    isRegeneration: row.isRegeneration,
    creditsCost: row.creditsCost,
    regenerationCount: row.regenerationCount,
    needsReview: row.needsReview,
    reviewReasons: reviewReasons(row.reviewReasons),
    imagesExpireAt: imagesExpireAt(row.createdAt, retentionDays).toISOString(),
    imagesDeleted: row.imagesDeletedAt !== null,
    retentionDays,
  };
}

export async function list(
  ctx: AppContext,
  userId: string,
  favoritesOnly = false,
): Promise<Transformation[]> {
  return (await repo.listForUser(ctx.db, userId, favoritesOnly)).map((r) =>
    toTransformation(r, ctx.env.IMAGE_RETENTION_DAYS),
  );
}

const withVersions = (
  t: Transformation,
  versions: Map<string, { version: number; createdAt: Date }[]>,
): Transformation => {
  const mine = versions.get(t.id);
  return mine
    ? {
        ...t,
        layoutVersions: mine.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString() })),
      }
    : t;
};

/** The History tab: search (title, notes, style, room type), filters, sort and one page, counted in SQL. */
export async function search(ctx: AppContext, userId: string, q: HistoryQuery): Promise<HistoryPage> {
  const r = await searchHistory(ctx.db, userId, q);
  // An arranged staging lists its versions (decision 0180); one query for the whole page.
  const versions = await versionsOf(
    ctx.db,
    r.rows.map((row) => row.id),
  );
  return {
    // Not .map(toTransformation): map's index would arrive as the retention days.
    items: r.rows.map((row) => withVersions(toTransformation(row, ctx.env.IMAGE_RETENTION_DAYS), versions)),
    total: r.total,
    totalAll: r.totalAll,
    page: q.page,
    pageSize: q.pageSize,
    styles: r.styles,
    rooms: r.rooms,
  };
}

const NOT_FOUND = 'Transformation not found';

export async function setFavorite(ctx: AppContext, userId: string, id: string, isFavorite: boolean) {
  const row = await repo.updateOwned(ctx.db, id, userId, { isFavorite });
  if (!row) throw notFound(NOT_FOUND);
  return toTransformation(row, ctx.env.IMAGE_RETENTION_DAYS);
}

/** Blank text clears the field (the display title then falls back to style and room). */
export async function updateText(ctx: AppContext, userId: string, id: string, input: UpdateTransformation) {
  const set: Partial<Pick<TransformationRow, 'userTitle' | 'userNotes'>> = {};
  if (input.userTitle !== undefined) set.userTitle = input.userTitle || null;
  if (input.userNotes !== undefined) set.userNotes = input.userNotes || null;
  const row = Object.keys(set).length
    ? await repo.updateOwned(ctx.db, id, userId, set)
    : await repo.findOwned(ctx.db, id, userId);
  if (!row) throw notFound(NOT_FOUND);
  return toTransformation(row, ctx.env.IMAGE_RETENTION_DAYS);
}

/** Deletes the row first, then its images: a failed file delete leaves an orphan file, never a dangling row. */
export async function remove(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Read before the row goes (its layout versions go with it): saved arrangements' images and, once
  // an arrangement replaced the result, the run's own result (issue 31).
  const saved = await savedImageKeys(ctx.db, id);
  const row = await repo.deleteOwned(ctx.db, id, userId);
  if (!row) throw notFound(NOT_FOUND);
  await deleteImages(ctx, row);
  const extra = saved.length ? [...saved, ...storedKeys(row)] : [];
  for (const key of new Set(extra))
    await ctx.storage
      .delete(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'image delete failed'));
}

export async function deleteImages(ctx: AppContext, row: TransformationRow): Promise<void> {
  for (const kind of IMAGE_KINDS) {
    const key = keyOf(row, kind);
    if (key)
      await ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.logger.warn({ err, key }, 'image delete failed'));
  }
}

/** An image of a transformation, for its owner or an admin; anyone else gets the same 404. */
export async function image(
  ctx: AppContext,
  viewer: { id: string; role: string },
  id: string,
  kind: ImageKind,
): Promise<{ obj: StoredObject; fileName: string }> {
  const row =
    viewer.role === 'admin' ? await repo.findById(ctx.db, id) : await repo.findOwned(ctx.db, id, viewer.id);
  const key = row && keyOf(row, kind);
  const obj = key ? await ctx.storage.get(key) : null;
  if (!row || !obj) throw notFound('Image not found');
  const ext = obj.contentType === 'image/png' ? 'png' : obj.contentType === 'image/webp' ? 'webp' : 'jpg';
  const date = row.createdAt.toISOString().slice(0, 10);
  return {
    obj,
    fileName: `${row.style}-${row.roomType}-${row.id}-${date}${kind === 'transformed' ? '' : `-${kind}`}.${ext}`,
  };
}
