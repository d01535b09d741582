import type { AppContext } from '../../context.ts';
import { purgeDeletedAccounts, type UserImageKeys } from './account-lifecycle.service.ts';
import { startPeriodic } from '../../lib/periodic.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Runs the account purge once now and then daily. Every server copy runs it; the purge itself is safe
 * to run concurrently. The timer is unref'd so it never keeps the process alive. Returns a stop function.
 */
export function startAccountPurgeJob(
  ctx: AppContext,
  imageKeysOf: UserImageKeys,
  intervalMs = DAY,
): () => void {
  return startPeriodic(ctx.logger, {
    name: 'account purge',
    everyMs: intervalMs,
    run: async () => {
      const report = await purgeDeletedAccounts(ctx, imageKeysOf);
      if (report.usersDeleted > 0) ctx.logger.info(report, 'purged deactivated accounts');
    },
  });
}
