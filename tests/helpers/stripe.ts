import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#tests/fakes/stripe-server.ts';
import { createTestContext, type TestContext } from './context.ts';

export const WEBHOOK_SECRET = 'whsec_test_roomstage';
/** Env for a test context whose payments go to the fake Stripe server at `url`. */
export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_roomstage',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: url,
});

/**
 * A test file's app wired to its own fake Stripe server: both start before the file's tests and close
 * after them. `ready` receives them (the file keeps its own `t` and `fake` variables).
 */
export function useFakeStripe(ready: (s: { t: TestContext; fake: FakeStripe }) => void): void {
  let t: TestContext | undefined;
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestContext(stripeEnv(fake.url));
    ready({ t, fake });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
}

// Only for signing: generateTestHeaderString never makes a request.
const signer = new Stripe('sk_test_signer').webhooks;

/** A Stripe event envelope as the API sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${crypto.randomBytes(12).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** POSTs an event to the webhook signed the way Stripe signs it (or with an explicit header). */
export async function deliver(
  t: TestContext,
  event: object,
  opts: { secret?: string; timestamp?: number; signature?: string } = {},
): Promise<Response> {
  const payload = JSON.stringify(event);
  const header =
    opts.signature ??
    signer.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
    });
  // Like Stripe: no cookie, no CSRF header, the exact bytes that were signed.
  return t.app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
}
