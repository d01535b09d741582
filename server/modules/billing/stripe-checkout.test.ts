import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditPackages, subscriptionPlans } from '#server/db/schema/index.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { startSubscription } from '#tests/helpers/checkout.ts';
import { deliver, stripeEvent, useFakeStripe } from '#tests/helpers/stripe.ts';
import type { FakeStripe } from '#tests/fakes/stripe-server.ts';
import { cycleOf, stripeClientOptions } from './stripe-provider.ts';

// The real Stripe adapter (the `stripe` SDK) against the fake Stripe server: what we send to Checkout.

let fake: FakeStripe;
let t: TestContext;
useFakeStripe((s) => ({ t, fake } = s));

const sessionId = (url: string) => url.split('/').pop()!;

describe('checkout sessions on Stripe', () => {
  it('parses STRIPE_API_URL into the SDK host, port and protocol', () => {
    expect(stripeClientOptions('http://127.0.0.1:4010')).toMatchObject({
      host: '127.0.0.1',
      port: '4010',
      protocol: 'http',
    });
    expect(stripeClientOptions(undefined).host).toBeUndefined();
  });

  it("reads the billing cycle from the price's recurring interval; other intervals are unknown", () => {
    expect(cycleOf({ interval: 'year', interval_count: 1 })).toBe('yearly');
    expect(cycleOf({ interval: 'month', interval_count: 1 })).toBe('monthly');
    expect(cycleOf({ interval: 'month', interval_count: 3 })).toBeNull();
    expect(cycleOf({ interval: 'week', interval_count: 1 })).toBeNull();
    expect(cycleOf(null)).toBeNull();
  });

  it('a credit pack: payment mode, price from the catalogue, one customer stored, an idempotency key', async () => {
    const a = await createVerifiedAccount(t);
    const cookie = await signIn(t, a);
    const res = await api(t, 'POST', '/api/purchase-credits', {
      cookie,
      body: { packageId: 'popular', price: 1 },
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const params = fake.sessionRequests.at(-1)!;
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: a.id,
      metadata: { userId: a.id, kind: 'credits', packageId: 'popular', credits: '50' },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '5900' } }],
      success_url: `${t.ctx.env.APP_URL}/pricing?purchase=success&session={CHECKOUT_SESSION_ID}#credits`,
      cancel_url: `${t.ctx.env.APP_URL}/pricing?purchase=canceled#credits`,
      invoice_creation: { enabled: 'true' },
    });
    const user = await userById(t, a.id);
    expect(user?.stripeCustomerId).toMatch(/^cus_/);
    expect(params.customer).toBe(user?.stripeCustomerId);
    expect(fake.idempotencyKeys.length).toBeGreaterThanOrEqual(2);

    // A second checkout reuses the stored customer.
    await api(t, 'POST', '/api/create-subscription', {
      cookie,
      body: { planId: 'pro', billingCycle: 'yearly' },
    });
    const sub = fake.sessionRequests.at(-1)!;
    expect(sub).toMatchObject({
      mode: 'subscription',
      customer: user?.stripeCustomerId,
      client_reference_id: a.id,
      subscription_data: { metadata: { userId: a.id, planId: 'pro', billingCycle: 'yearly' } },
      line_items: [{ price_data: { unit_amount: '29000', recurring: { interval: 'year' } } }],
      success_url: `${t.ctx.env.APP_URL}/dashboard?tab=billing&purchase=success&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.ctx.env.APP_URL}/pricing?purchase=canceled`,
    });
    expect(
      [...fake.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === a.id),
    ).toHaveLength(1);
  });

  it('a double click within the same minute returns the same session', async () => {
    const cookie = await signIn(t, await createVerifiedAccount(t));
    const one = (await (
      await api(t, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'starter' } })
    ).json()) as { url: string };
    const two = (await (
      await api(t, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'starter' } })
    ).json()) as { url: string };
    expect(sessionId(two.url)).toBe(sessionId(one.url));
  });

  it('unknown or inactive plans and packages are 400; visitors are 401', async () => {
    const cookie = await signIn(t, await createVerifiedAccount(t));
    const before = fake.sessionRequests.length;
    const call = (path: string, body: Record<string, unknown>) => api(t, 'POST', path, { cookie, body });
    expect((await call('/api/create-subscription', { planId: 'gold', billingCycle: 'monthly' })).status).toBe(
      400,
    );
    expect((await call('/api/create-subscription', { planId: 'pro', billingCycle: 'weekly' })).status).toBe(
      400,
    );
    expect((await call('/api/purchase-credits', { packageId: 'mega' })).status).toBe(400);
    await t.ctx.db
      .update(subscriptionPlans)
      .set({ isActive: false })
      .where(eq(subscriptionPlans.id, 'premium'));
    await t.ctx.db.update(creditPackages).set({ isActive: false }).where(eq(creditPackages.id, 'premium'));
    try {
      expect(
        (await call('/api/create-subscription', { planId: 'premium', billingCycle: 'monthly' })).status,
      ).toBe(400);
      expect((await call('/api/purchase-credits', { packageId: 'premium' })).status).toBe(400);
    } finally {
      await t.ctx.db
        .update(subscriptionPlans)
        .set({ isActive: true })
        .where(eq(subscriptionPlans.id, 'premium'));
      await t.ctx.db.update(creditPackages).set({ isActive: true }).where(eq(creditPackages.id, 'premium'));
    }
    expect(fake.sessionRequests.length).toBe(before);
    expect((await api(t, 'POST', '/api/purchase-credits', { body: { packageId: 'popular' } })).status).toBe(
      401,
    );
  });

  it('cancel: cancel_at_period_end on Stripe, the plan stays; free is 400; choosing Free never ends the paid plan at once', async () => {
    const a = await createVerifiedAccount(t);
    const cookie = await signIn(t, a);
    expect((await api(t, 'POST', '/api/cancel-subscription', { cookie })).status).toBe(400);
    const done = fake.completeSubscriptionCheckout(await startSubscription(t, cookie, 'pro'));
    expect((await deliver(t, stripeEvent('checkout.session.completed', done.session))).status).toBe(200);
    expect((await deliver(t, stripeEvent('invoice.paid', done.invoice))).status).toBe(200);
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
    // A paid subscriber cannot open a second subscription for the same plan.
    expect(
      (
        await api(t, 'POST', '/api/create-subscription', {
          cookie,
          body: { planId: 'pro', billingCycle: 'monthly' },
        })
      ).status,
    ).toBe(409);

    const cancel = await api(t, 'POST', '/api/cancel-subscription', { cookie });
    expect(cancel.status).toBe(200);
    expect(fake.subscriptions.get(done.subscription.id as string)?.cancel_at_period_end).toBe(true);
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
    });

    // Issue: one click on "Get Started Free" used to drop a cancelled Pro plan to Free at once.
    const free = await api(t, 'POST', '/api/create-subscription', {
      cookie,
      body: { planId: 'free', billingCycle: 'monthly' },
    });
    expect(free.status).toBe(200);
    expect(((await free.json()) as { message: string }).message).toMatch(
      /stays active until [A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
      stripeSubscriptionId: done.subscription.id,
    });
    // Cancelled but not ended: a new checkout would be a second subscription, so it is refused.
    expect(
      (
        await api(t, 'POST', '/api/create-subscription', {
          cookie,
          body: { planId: 'premium', billingCycle: 'monthly' },
        })
      ).status,
    ).toBe(409);
    expect(fake.sessionRequests.filter((r) => r.client_reference_id === a.id)).toHaveLength(1);
  });

  it('deactivating the account stops the subscription from renewing', async () => {
    const a = await createVerifiedAccount(t);
    const cookie = await signIn(t, a);
    const done = fake.completeSubscriptionCheckout(await startSubscription(t, cookie, 'premium'));
    await deliver(t, stripeEvent('invoice.paid', done.invoice));
    const res = await api(t, 'POST', '/api/auth/deactivate', { cookie, body: { password: a.password } });
    expect(res.status).toBe(200);
    expect(fake.subscriptions.get(done.subscription.id as string)?.cancel_at_period_end).toBe(true);
  });
});
