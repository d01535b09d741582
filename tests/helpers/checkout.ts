// Starting a subscription as the billing tests do: the checkout the API opens for a signed-in agent,
// and, with the embedded test checkout, paying it.
import { expect } from 'vitest';
import { api } from './auth.ts';
import type { TestContext } from './context.ts';

/** Opens a subscription checkout for the agent signed in with `cookie`; answers the checkout's session id. */
export async function startSubscription(
  t: TestContext,
  cookie: string,
  planId: string,
  billingCycle = 'monthly',
): Promise<string> {
  const res = await api(t, 'POST', '/api/create-subscription', { cookie, body: { planId, billingCycle } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url.split('/').pop()!;
}

/** The same, paid through the embedded test checkout (no Stripe configured); answers the session id. */
export async function paySubscription(
  t: TestContext,
  cookie: string,
  planId: string,
  billingCycle = 'monthly',
): Promise<string> {
  const id = await startSubscription(t, cookie, planId, billingCycle);
  expect((await api(t, 'POST', `/api/checkout/test/${id}/pay`, { cookie })).status).toBe(200);
  return id;
}
