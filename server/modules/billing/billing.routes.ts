import { Hono } from 'hono';
import { errorBody } from '../../lib/errors.ts';
import {
  BILLING_MESSAGES,
  createSubscriptionSchema,
  planChangeSchema,
  purchaseCreditsSchema,
} from '#shared/schemas/billing.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { parseWith, readJson } from '../../lib/http.ts';
import { requireUser } from '../auth/index.ts';
import * as billing from './billing.service.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { applyPlanChange, previewPlanChange } from './plan-change.service.ts';
import { checkoutResult, getReceipt } from './receipts.service.ts';
import { processWebhookEvent } from './webhook.service.ts';

export function billingRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .post('/create-subscription', async (c) => {
      const user = requireUser(c);
      return c.json(
        await billing.createSubscription(ctx, user.id, await readJson(c, createSubscriptionSchema)),
      );
    })
    .post('/purchase-credits', async (c) => {
      const user = requireUser(c);
      const { packageId } = await readJson(c, purchaseCreditsSchema);
      return c.json(await billing.purchaseCredits(ctx, user.id, packageId));
    })
    .post('/cancel-subscription', async (c) =>
      c.json(await billing.cancelSubscription(ctx, requireUser(c).id)),
    )
    .get('/plan-change', async (c) => {
      const user = requireUser(c);
      return c.json(await previewPlanChange(ctx, user.id, parseWith(planChangeSchema, c.req.query())));
    })
    .post('/plan-change', async (c) => {
      const user = requireUser(c);
      return c.json(await applyPlanChange(ctx, user.id, await readJson(c, planChangeSchema)));
    })
    .get('/payments', async (c) => c.json(await billing.listPayments(ctx, requireUser(c).id)))
    .get('/payments/:id/receipt', async (c) =>
      c.json(await getReceipt(ctx, requireUser(c).id, c.req.param('id'))),
    )
    .get('/checkout-result/:sessionId', async (c) =>
      c.json(await checkoutResult(ctx, requireUser(c).id, c.req.param('sessionId'))),
    )
    .get('/credit-purchases', async (c) => c.json(await billing.listCreditPurchases(ctx, requireUser(c).id)))
    .post('/stripe/webhook', async (c) => {
      // The signature covers the exact bytes Stripe sent: read the raw text, never re-serialised JSON.
      const raw = await c.req.text();
      let event;
      try {
        event = ctx.billing.verifyWebhook(raw, c.req.header('stripe-signature'));
      } catch (err) {
        if (!(err instanceof WebhookSignatureError)) throw err;
        ctx.logger.warn({ reason: err.message }, 'stripe webhook refused');
        return c.json(errorBody('bad_request', BILLING_MESSAGES.badSignature), 400);
      }
      const applied = await processWebhookEvent(ctx, event);
      return c.json({ received: true, duplicate: !applied });
    });
}
