import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#shared/schemas/billing.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { addMonths } from '#server/modules/credits/index.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { deliver, stripeEvent } from '#tests/helpers/stripe.ts';
import { endExpiredTestSubscriptions } from './test-subscription-job.ts';

// The embedded default (no STRIPE_SECRET_KEY): the same endpoints hand out /checkout/test/:id, and Pay
// runs the webhook's fulfillment functions.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

async function account() {
  const a = await createVerifiedAccount(t);
  return { ...a, cookie: await signIn(t, a) };
}
async function start(cookie: string, path: string, body: Record<string, unknown>) {
  const res = await api(t, 'POST', path, { cookie, body });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(url).toMatch(/^\/checkout\/test\/[0-9a-f-]{36}$/);
  return url.split('/').pop()!;
}
const pay = (cookie: string, id: string) => api(t, 'POST', `/api/checkout/test/${id}/pay`, { cookie });
const balanced = async (id: string) =>
  expect(await t.ctx.db.transaction((tx) => ledgerSum(tx, id))).toBe((await userById(t, id))?.creditsBalance);

describe('test checkout', () => {
  it('shows the session to its owner only and grants a credit pack exactly once', async () => {
    const a = await account();
    const id = await start(a.cookie, '/api/purchase-credits', { packageId: 'popular' });
    const details = await api(t, 'GET', `/api/checkout/test/${id}`, { cookie: a.cookie });
    expect(await details.json()).toMatchObject({
      id,
      kind: 'credits',
      status: 'open',
      itemName: 'Popular Pack',
      billingCycle: null,
      credits: 50,
      amount: 59,
      currency: 'usd',
      returnUrl: '/pricing?purchase=canceled#credits',
    });
    const intruder = await account();
    expect((await api(t, 'GET', `/api/checkout/test/${id}`, { cookie: intruder.cookie })).status).toBe(404);
    expect((await pay(intruder.cookie, id)).status).toBe(404);
    expect((await api(t, 'GET', '/api/checkout/test/not-a-uuid', { cookie: a.cookie })).status).toBe(404);
    // Without the CSRF header the POST is refused.
    expect(
      (await t.app.request(`/api/checkout/test/${id}/pay`, { method: 'POST', headers: { Cookie: a.cookie } }))
        .status,
    ).toBe(403);

    const [one, two] = await Promise.all([pay(a.cookie, id), pay(a.cookie, id)]);
    const three = await pay(a.cookie, id);
    for (const r of [one, two, three])
      expect(await r.json()).toMatchObject({
        status: 'paid',
        returnUrl: `/pricing?purchase=success&session=${id}#credits`,
      });
    expect((await userById(t, a.id))?.creditsBalance).toBe(50);
    await balanced(a.id);
    expect(await (await api(t, 'GET', '/api/credit-purchases', { cookie: a.cookie })).json()).toMatchObject([
      { packageId: 'popular', creditsReceived: 50, amount: 59 },
    ]);
    expect(intruder.id).not.toBe(a.id);
    await balanced(intruder.id);
  });

  it('a cancelled session cannot be paid', async () => {
    const a = await account();
    const id = await start(a.cookie, '/api/purchase-credits', { packageId: 'starter' });
    const cancel = await api(t, 'POST', `/api/checkout/test/${id}/cancel`, { cookie: a.cookie });
    expect(await cancel.json()).toMatchObject({
      status: 'canceled',
      returnUrl: '/pricing?purchase=canceled#credits',
    });
    expect((await pay(a.cookie, id)).status).toBe(409);
    expect((await userById(t, a.id))?.creditsBalance).toBe(0);
    await balanced(a.id);
  });

  it('a yearly plan: provisioned like invoice.paid, cancel keeps it, the period end moves the user to free', async () => {
    const a = await account();
    const id = await start(a.cookie, '/api/create-subscription', { planId: 'pro', billingCycle: 'yearly' });
    expect(
      await (await api(t, 'GET', `/api/checkout/test/${id}`, { cookie: a.cookie })).json(),
    ).toMatchObject({
      kind: 'subscription',
      itemName: 'Pro',
      billingCycle: 'yearly',
      amount: 290,
      returnUrl: '/pricing?purchase=canceled',
    });
    expect(await (await pay(a.cookie, id)).json()).toMatchObject({
      status: 'paid',
      returnUrl: `/dashboard?tab=billing&purchase=success&session=${id}`,
    });
    await pay(a.cookie, id);
    const user = await userById(t, a.id);
    expect(user).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'active',
      stripeSubscriptionId: `test_sub_${id}`,
      subscriptionBillingCycle: 'yearly',
      monthlyUsage: 0,
    });
    // Yearly billing, monthly allowance: usage resets a month from now, the paid period ends a year from now.
    expect(Math.abs(user!.usageResetDate!.getTime() - addMonths(new Date(), 1).getTime())).toBeLessThan(
      60_000,
    );
    const periodEnd = user!.subscriptionPeriodEnd!.toISOString();
    expect(Math.abs(Date.parse(periodEnd) - addMonths(new Date(), 12).getTime())).toBeLessThan(60_000);
    const pays = (await (await api(t, 'GET', '/api/payments', { cookie: a.cookie })).json()) as unknown[];
    expect(pays).toMatchObject([{ planId: 'pro', amount: 290, status: 'succeeded' }]);

    const cancel = await api(t, 'POST', '/api/cancel-subscription', { cookie: a.cookie });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      message: BILLING_MESSAGES.canceled,
      subscriptionPeriodEnd: periodEnd,
    });
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
    });
    expect(await (await api(t, 'GET', '/api/usage', { cookie: a.cookie })).json()).toMatchObject({
      subscriptionPeriodEnd: periodEnd,
      subscriptionBillingCycle: 'yearly',
    });
    expect(await endExpiredTestSubscriptions(t.ctx)).toBe(0);
    t.setNow(addMonths(new Date(), 13));
    try {
      expect(await endExpiredTestSubscriptions(t.ctx)).toBe(1);
    } finally {
      t.setNow(undefined);
    }
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: null,
      subscriptionPeriodEnd: null,
      subscriptionBillingCycle: null,
    });
    expect(await (await api(t, 'GET', '/api/usage', { cookie: a.cookie })).json()).toMatchObject({
      subscriptionPeriodEnd: null,
      subscriptionBillingCycle: null,
    });
  });

  it('choosing free keeps the paid test subscription to its period end; a second plan checkout cannot be paid', async () => {
    const a = await account();
    const second = await start(a.cookie, '/api/create-subscription', {
      planId: 'pro',
      billingCycle: 'monthly',
    });
    await pay(
      a.cookie,
      await start(a.cookie, '/api/create-subscription', { planId: 'premium', billingCycle: 'monthly' }),
    );
    // A second open plan checkout cannot stack another subscription.
    expect((await pay(a.cookie, second)).status).toBe(409);
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionBillingCycle: 'monthly',
    });
    const res = await api(t, 'POST', '/api/create-subscription', {
      cookie: a.cookie,
      body: { planId: 'free', billingCycle: 'monthly' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /Free plan when your paid period ends/,
    );
    const user = await userById(t, a.id);
    expect(user).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'canceling' });
    expect(user?.subscriptionPeriodEnd).not.toBeNull();
  });

  it('the webhook is refused without Stripe configured', async () => {
    expect((await deliver(t, stripeEvent('checkout.session.completed', {}))).status).toBe(400);
  });
});

describe('test checkout in production', () => {
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), C2PA_ENABLED: 'false' };

  it('is refused unless ALLOW_TEST_CHECKOUT=true', async () => {
    const p = await createTestContext(prod);
    try {
      const a = await createVerifiedAccount(p);
      const cookie = await signIn(p, a);
      const res = await api(p, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'popular' } });
      expect(res.status).toBe(503);
      expect(
        (await api(p, 'GET', '/api/checkout/test/00000000-0000-4000-8000-000000000000', { cookie })).status,
      ).toBe(404);
    } finally {
      await p.close();
    }
    const allowed = await createTestContext({ ...prod, ALLOW_TEST_CHECKOUT: 'true' });
    try {
      const cookie = await signIn(allowed, await createVerifiedAccount(allowed));
      expect(
        (await api(allowed, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'popular' } }))
          .status,
      ).toBe(200);
    } finally {
      await allowed.close();
    }
  });
});
