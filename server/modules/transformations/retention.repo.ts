// The queries of image retention (retention.ts decides what expires and deletes the files).
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import type { TransformationRow } from './transformations.repo.ts';

/** Settled rows created before `cutoff` that still name an image; one page of at most `limit`. */
export const listExpired = (db: DbOrTx, cutoff: Date, limit: number): Promise<TransformationRow[]> =>
  db
    .select()
    .from(transformations)
    .where(
      and(
        lt(transformations.createdAt, cutoff),
        inArray(transformations.status, ['completed', 'failed']),
        or(
          isNotNull(transformations.originalImageUrl),
          isNotNull(transformations.transformedImageUrl),
          isNotNull(transformations.thumbnailUrl),
        ),
      ),
    )
    .limit(limit);

type ImageKeys = Pick<TransformationRow, 'originalImageUrl' | 'transformedImageUrl' | 'thumbnailUrl'>;

/** Marks the row's images deleted, keeping the keys whose delete failed; false when the row is gone. */
export async function markImagesDeleted(
  db: DbOrTx,
  id: string,
  now: Date,
  kept: ImageKeys,
): Promise<boolean> {
  const updated = await db
    .update(transformations)
    .set({ ...kept, imagesDeletedAt: now })
    .where(eq(transformations.id, id))
    .returning({ id: transformations.id });
  return updated.length > 0;
}
