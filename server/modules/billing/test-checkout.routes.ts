import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import { requireUser } from '../auth/index.ts';
import { cancelTestSession, getTestSession, payTestSession } from './test-checkout.service.ts';

/** The embedded test checkout's API (owner only; 404 in production unless ALLOW_TEST_CHECKOUT=true). */
export function testCheckoutRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .get('/checkout/test/:sessionId', async (c) =>
      c.json(await getTestSession(ctx, requireUser(c).id, c.req.param('sessionId'))),
    )
    .post('/checkout/test/:sessionId/pay', async (c) =>
      c.json(await payTestSession(ctx, requireUser(c).id, c.req.param('sessionId'))),
    )
    .post('/checkout/test/:sessionId/cancel', async (c) =>
      c.json(await cancelTestSession(ctx, requireUser(c).id, c.req.param('sessionId'))),
    );
}
