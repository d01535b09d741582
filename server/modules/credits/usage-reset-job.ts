import type { AppContext } from '../../context.ts';
import { resetAllDue } from './usage.service.ts';
import { startPeriodic } from '../../lib/periodic.ts';

/**
 * Resets monthly usage for every account whose date has passed. Reads and writes reset lazily too, so
 * this job only keeps stored numbers honest for admin stats; each reset runs under the user's row lock,
 * so many server copies can run it at once.
 */
export function startUsageResetJob(ctx: AppContext, everyMs = 60 * 60 * 1000): () => void {
  return startPeriodic(ctx.logger, {
    name: 'usage reset job',
    everyMs,
    run: async () => {
      const n = await resetAllDue(ctx);
      if (n > 0) ctx.logger.info({ count: n }, 'monthly usage reset');
    },
  });
}
