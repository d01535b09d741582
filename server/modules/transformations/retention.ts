import type { AppContext } from '../../context.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { clearSavedImageKeys, savedImageKeys } from './layouts.repo.ts';
import { listExpired, markImagesDeleted } from './retention.repo.ts';
import { sendLinkNotices } from './retention-links.ts';
import { storedKeys } from './run-keys.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a row's images are (or were) deleted: IMAGE_RETENTION_DAYS after it was created. */
export const imagesExpireAt = (createdAt: Date, retentionDays: number) =>
  new Date(createdAt.getTime() + retentionDays * DAY_MS);

/**
 * Deletes the originals, results and thumbnails of settled rows created more than IMAGE_RETENTION_DAYS
 * ago and marks the rows (`images_deleted_at`); the rows, with their style, room, cost and notes, stay
 * in the history. Runs in pages; each row is claimed by a guarded update first, so copies can race.
 * A key whose delete fails stays on the row and is tried again on the next run. Images a live public
 * page shows are kept while it is live (retention-links.ts, decision 0188).
 */
export async function deleteExpiredImages(ctx: AppContext, pageSize = 200): Promise<number> {
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - ctx.env.IMAGE_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const rows = await listExpired(ctx.db, cutoff, now, pageSize);
    if (rows.length === 0) return deleted;
    let progressed = false;
    for (const row of rows) {
      const keys = [row.originalImageUrl, row.transformedImageUrl, row.thumbnailUrl].filter(
        (k): k is string => !!k,
      );
      const failed: string[] = [];
      for (const key of keys) await ctx.storage.delete(key).catch(() => failed.push(key));
      // Saved arrangements (issue 31): their images, and the run's own result they replaced.
      const saved = await savedImageKeys(ctx.db, row.id);
      if (saved.length) {
        const extra = [...saved, ...storedKeys(row)].filter((k) => !keys.includes(k));
        for (const key of new Set(extra)) await ctx.storage.delete(key).catch(() => failed.push(key));
        if (!failed.some((k) => extra.includes(k))) await clearSavedImageKeys(ctx.db, row.id);
      }
      const keep = (k: string | null) => (k && failed.includes(k) ? k : null);
      const updated = await markImagesDeleted(ctx.db, row.id, now, {
        originalImageUrl: keep(row.originalImageUrl),
        transformedImageUrl: keep(row.transformedImageUrl),
        thumbnailUrl: keep(row.thumbnailUrl),
      });
      if (failed.length === 0 && updated) {
        deleted++;
        progressed = true;
      } else
        ctx.logger.warn(
          { transformationId: row.id, keys: failed.length },
          'retention: some images could not be deleted',
        );
    }
    if (!progressed) return deleted;
  }
}

/** Daily (and at start), like the account purge. */
export function startRetentionJob(ctx: AppContext, everyMs = DAY_MS): () => void {
  return startPeriodic(ctx.logger, {
    name: 'retention job',
    everyMs,
    run: async () => {
      const notices = await sendLinkNotices(ctx);
      if (notices > 0) ctx.logger.info({ count: notices }, 'retention: public link notices sent');
      const n = await deleteExpiredImages(ctx);
      if (n > 0)
        ctx.logger.info({ count: n, days: ctx.env.IMAGE_RETENTION_DAYS }, 'retention: images deleted');
    },
  });
}
