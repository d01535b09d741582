import type { AppContext } from '../../context.ts';
import { endExpiredTestSubscriptions } from './billing.service.ts';

/**
 * Embedded test checkout only: nothing like Stripe's customer.subscription.deleted arrives when a test
 * subscription's period ends, so this job moves those users back to free. Each change runs under the
 * user's row lock, so many server copies can run it at once.
 */
export function startTestSubscriptionJob(ctx: AppContext, everyMs = 15 * 60 * 1000): () => void {
  if (ctx.billing.kind !== 'test') return () => {};
  const run = () =>
    void endExpiredTestSubscriptions(ctx)
      .then((n) => n > 0 && ctx.logger.info({ count: n }, 'test subscriptions ended'))
      .catch((err: unknown) => ctx.logger.error({ err }, 'test subscription job failed'));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
