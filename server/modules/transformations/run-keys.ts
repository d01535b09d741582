// The storage keys of a run's files, and removing them. The rows themselves: run-rows.repo.ts.
import type { AppContext } from '../../context.ts';
import type { TransformationRow } from './transformations.repo.ts';

/** Every key a row may have written: its upload and the result and thumbnail of its last run. */
export function storedKeys(
  row: Pick<TransformationRow, 'originalImageUrl' | 'attemptId' | 'createdAt'>,
): string[] {
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
  return {
    resultKey: `results/${y}/${m}/${attemptId}.jpg`,
    thumbnailKey: `thumbnails/${y}/${m}/${attemptId}.jpg`,
  };
}

export async function removeImages(
  ctx: AppContext,
  row: Pick<TransformationRow, 'originalImageUrl' | 'attemptId' | 'createdAt'>,
) {
  for (const key of storedKeys(row))
    await ctx.storage
      .delete(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not delete image'));
}
