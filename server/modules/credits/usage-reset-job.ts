import type { AppContext } from '../../context.ts';
import { resetAllDue } from './usage.service.ts';

/**
 * Resets monthly usage for every account whose date has passed. Reads and writes reset lazily too, so
 * this job only keeps stored numbers honest for admin stats; each reset runs under the user's row lock,
 * so many server copies can run it at once.
 */
export function startUsageResetJob(ctx: AppContext, everyMs = 60 * 60 * 1000): () => void {
  const run = () =>
    void resetAllDue(ctx)
      .then((n) => n > 0 && ctx.logger.info({ count: n }, 'monthly usage reset'))
      .catch((err: unknown) => ctx.logger.error({ err }, 'usage reset job failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
