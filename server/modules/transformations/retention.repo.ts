// The queries of image retention (retention.ts decides what expires and deletes the files).
import { and, eq, inArray, isNotNull, lt, not, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transformations } from '../../db/schema/index.ts';
import { shownByLiveLink } from './public-links.repo.ts';
import type { TransformationRow } from './transformations.repo.ts';

/**
 * Settled rows created before `cutoff` that still name an image and that no public page live at `now`
 * shows (decision 0188); one page of at most `limit`.
 */
export const listExpired = (
  db: DbOrTx,
  cutoff: Date,
  now: Date,
  limit: number,
): Promise<TransformationRow[]> =>
  db
    .select()
    .from(transformations)
    .where(
      and(
        lt(transformations.createdAt, cutoff),
        inArray(transformations.status, ['completed', 'failed']),
        not(shownByLiveLink(now)),
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
