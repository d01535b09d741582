import type { AppContext } from '../../context.ts';
import { render } from '../../lib/mail/templates.ts';
import * as repo from './billing.repo.ts';
import { formatCents } from './plan-change-rules.ts';

// Two plan checkouts opened before either was paid can both complete. The first subscription linked to
// the user stays; any second one is cancelled at once and what it charged is refunded, and the user is
// told by e-mail (decision 0061). Runs after the webhook's transaction, like every provider call.

export async function cancelDuplicates(
  ctx: AppContext,
  list: readonly { subscriptionId: string; userId: string }[],
) {
  for (const { subscriptionId, userId } of list) {
    let refunded: number;
    try {
      refunded = await ctx.billing.cancelDuplicate(subscriptionId);
    } catch (err) {
      // The event is recorded, so Stripe will not retry it: this needs a person.
      ctx.logger.error(
        { err, subscription: subscriptionId, userId },
        'duplicate subscription could NOT be cancelled: cancel and refund it by hand',
      );
      continue;
    }
    ctx.logger.warn(
      { subscription: subscriptionId, userId, refundedCents: refunded },
      'duplicate subscription cancelled and refunded',
    );
    const user = await repo.findBillingUser(ctx.db, userId);
    if (!user) continue;
    const mail = render({
      subject: 'We cancelled a duplicate Roomstage subscription',
      firstName: user.firstName,
      paragraphs: [
        'You completed a second subscription checkout while you already had a subscription. We never bill two subscriptions at once, so we cancelled the second one right away.',
        refunded > 0
          ? `${formatCents(refunded)} has been refunded to your payment method; it can take 5-10 days to appear.`
          : 'Nothing was charged for it.',
        'To change your plan, choose it on the pricing page: upgrades apply at once, downgrades at the end of the billing period.',
      ],
      action: { label: 'View plans', url: `${ctx.env.APP_URL}/pricing` },
      footer: 'Questions? Reply to this e-mail or contact support.',
    });
    await ctx.mailer
      .send({ to: user.email, ...mail })
      .catch((err: unknown) => ctx.logger.error({ err }, 'duplicate notice e-mail failed'));
  }
}
