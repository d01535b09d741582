import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#shared/schemas/billing.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { addMonths } from '#server/modules/credits/index.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import { paySubscription } from '#tests/helpers/checkout.ts';
import { endExpiredTestSubscriptions } from './test-subscription-job.ts';
import { decidePlanChange, proratedUpgradeCents } from './plan-change-rules.ts';

// Plan changes, resume, receipts and the credit checkout's result on the embedded test checkout (the
// default provider). The same endpoints on Stripe: stripe-plan-change.test.ts.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

async function subscriber(planId = 'pro', billingCycle = 'monthly') {
  const a = await createVerifiedAccount(t);
  const cookie = await signIn(t, a);
  return { ...a, cookie, sessionId: await paySubscription(t, cookie, planId, billingCycle) };
}
const preview = (cookie: string, planId: string) =>
  api(t, 'GET', `/api/plan-change?planId=${planId}`, { cookie });
const change = (cookie: string, body: Record<string, unknown>) =>
  api(t, 'POST', '/api/plan-change', { cookie, body });
const payments = async (cookie: string) =>
  (await (await api(t, 'GET', '/api/payments', { cookie })).json()) as {
    id: string;
    planId: string;
    amount: number;
    description: string;
  }[];

describe('plan change rules', () => {
  const pro = { planId: 'pro', status: 'active', pendingPlanId: null, cycle: 'monthly' as const };
  it('up now, down at the period end, free is a cancellation, the same plan resumes', () => {
    expect(decidePlanChange(pro, { planId: 'premium', isFree: false }, 2900, 7900)).toEqual({
      kind: 'upgrade',
    });
    expect(
      decidePlanChange({ ...pro, planId: 'premium' }, { planId: 'pro', isFree: false }, 7900, 2900),
    ).toEqual({ kind: 'downgrade' });
    expect(decidePlanChange(pro, { planId: 'free', isFree: true }, 2900, 0)).toEqual({ kind: 'cancel' });
    expect(
      decidePlanChange({ ...pro, status: 'canceling' }, { planId: 'pro', isFree: false }, 2900, 2900),
    ).toEqual({ kind: 'resume' });
    expect(
      decidePlanChange(
        { ...pro, pendingPlanId: 'pro', planId: 'premium' },
        { planId: 'premium', isFree: false },
        7900,
        7900,
      ),
    ).toEqual({ kind: 'resume' });
    expect(
      decidePlanChange({ ...pro, status: 'canceling' }, { planId: 'free', isFree: true }, 2900, 0),
    ).toMatchObject({ refused: BILLING_MESSAGES.alreadyEnding });
    expect(decidePlanChange(pro, { planId: 'pro', isFree: false }, 2900, 2900)).toMatchObject({
      refused: BILLING_MESSAGES.alreadyOnPlan,
    });
    expect(
      decidePlanChange({ ...pro, status: 'past_due' }, { planId: 'premium', isFree: false }, 2900, 7900),
    ).toMatchObject({ refused: BILLING_MESSAGES.paymentIssue });
  });

  it('prorates by the share of the period left, never below zero', () => {
    const period = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-31T00:00:00Z') };
    expect(proratedUpgradeCents(2900, 7900, period, new Date('2026-01-16T00:00:00Z'))).toBe(2500);
    expect(proratedUpgradeCents(2900, 7900, period, period.start)).toBe(5000);
    expect(proratedUpgradeCents(2900, 7900, period, new Date('2026-02-05T00:00:00Z'))).toBe(0);
    expect(proratedUpgradeCents(7900, 2900, period, period.start)).toBe(0);
  });
});

describe('plan changes on the test checkout', () => {
  it('Pro -> Premium: the preview states the prorated charge and dates; confirming charges it, keeps usage, e-mails a receipt', async () => {
    const a = await subscriber('pro');
    await t.ctx.db.execute(`update users set monthly_usage = 7 where id = '${a.id}'`);
    const before = await userById(t, a.id);
    const p = (await (await preview(a.cookie, 'premium')).json()) as Record<string, unknown>;
    expect(p).toMatchObject({
      kind: 'upgrade',
      fromPlanName: 'Pro',
      toPlanName: 'Premium',
      billingCycle: 'monthly',
      periodEnd: before!.subscriptionPeriodEnd!.toISOString(),
    });
    // Nearly the whole month is left: about $79 - $29.
    expect(p.amountDueNow).toBeGreaterThan(49.9);
    expect(p.amountDueNow).toBeLessThanOrEqual(50);
    expect(p.nextPayment).toEqual({ amount: 79, date: before!.subscriptionPeriodEnd!.toISOString() });

    const res = await change(a.cookie, { planId: 'premium', prorationDate: p.prorationDate });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kind: string; message: string };
    expect(body.kind).toBe('upgrade');
    expect(body.message).toMatch(/^You are now on Premium\. \$\d+\.\d\d was charged/);
    const after = await userById(t, a.id);
    expect(after).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      monthlyUsage: 7,
      subscriptionPendingPlan: null,
    });
    expect(after?.usageResetDate?.getTime()).toBe(before?.usageResetDate?.getTime());
    const list = await payments(a.cookie);
    expect(list[0]).toMatchObject({ planId: 'premium', amount: p.amountDueNow });
    expect(list[0]!.description).toMatch(
      /^Upgrade from Pro to Premium: the price difference for the rest of the current period/,
    );
    const receipts = mailTo(t.outboxDir, a.email).filter((m) =>
      m.subject.startsWith('Your Roomstage receipt'),
    );
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text).toContain('What you bought: Upgrade from Pro to Premium');
    expect(receipts[1]!.text).toContain(`${t.ctx.env.APP_URL}/receipts/${list[0]!.id}`);
    expect(receipts[0]!.text).toMatch(
      /What you bought: Pro plan \(monthly\), paid until [A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
    // Premium now: choosing it again is refused, nothing charged twice.
    expect((await change(a.cookie, { planId: 'premium' })).status).toBe(409);
  });

  it('Premium -> Pro waits for the period end (nothing charged now), then the renewal is Pro at $29', async () => {
    const a = await subscriber('premium');
    const end = (await userById(t, a.id))!.subscriptionPeriodEnd!;
    const p = (await (await preview(a.cookie, 'pro')).json()) as Record<string, unknown>;
    expect(p).toMatchObject({
      kind: 'downgrade',
      amountDueNow: 0,
      effectiveDate: end.toISOString(),
      nextPayment: { amount: 29, date: end.toISOString() },
    });
    const res = await change(a.cookie, { planId: 'pro' });
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^You keep Premium until .+\. Then your plan changes to Pro at \$29\.00 per month\.$/,
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionPendingPlan: 'pro',
      subscriptionStatus: 'active',
    });
    expect(await payments(a.cookie)).toHaveLength(1);
    expect((await change(a.cookie, { planId: 'pro' })).status).toBe(409);

    t.setNow(new Date(end.getTime() + 60_000));
    try {
      expect(await endExpiredTestSubscriptions(t.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      t.setNow(undefined);
    }
    const user = await userById(t, a.id);
    expect(user).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionPendingPlan: null,
      subscriptionStatus: 'active',
    });
    expect(user?.subscriptionPeriodEnd?.toISOString()).toBe(addMonths(end, 1).toISOString());
    expect((await payments(a.cookie))[0]).toMatchObject({ planId: 'pro', amount: 29 });
  });

  it('cancel, then "Get Started Free" keeps the plan; resume before the end renews it; a scheduled downgrade can be undone', async () => {
    const a = await subscriber('pro');
    expect((await api(t, 'POST', '/api/cancel-subscription', { cookie: a.cookie })).status).toBe(200);
    const free = await api(t, 'POST', '/api/create-subscription', {
      cookie: a.cookie,
      body: { planId: 'free', billingCycle: 'monthly' },
    });
    expect(free.status).toBe(200);
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
    });
    expect((await preview(a.cookie, 'free')).status).toBe(409);
    expect(await (await preview(a.cookie, 'pro')).json()).toMatchObject({
      kind: 'resume',
      amountDueNow: 0,
      nextPayment: { amount: 29 },
    });
    const resumed = await change(a.cookie, { planId: 'pro' });
    expect(((await resumed.json()) as { message: string }).message).toMatch(
      /^Your Pro plan will renew on .+ at \$29\.00 per month\.$/,
    );
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });

    const b = await subscriber('premium');
    await change(b.cookie, { planId: 'pro' });
    expect(await (await preview(b.cookie, 'premium')).json()).toMatchObject({
      kind: 'resume',
      nextPayment: { amount: 79 },
    });
    await change(b.cookie, { planId: 'premium' });
    expect(await userById(t, b.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionPendingPlan: null,
    });
    // The renewal is Premium again.
    const end = (await userById(t, b.id))!.subscriptionPeriodEnd!;
    t.setNow(new Date(end.getTime() + 60_000));
    try {
      await endExpiredTestSubscriptions(t.ctx);
    } finally {
      t.setNow(undefined);
    }
    expect((await payments(b.cookie))[0]).toMatchObject({ planId: 'premium', amount: 79 });
  });

  it('choosing Free through plan-change is a cancellation at the period end', async () => {
    const a = await subscriber('pro', 'yearly');
    const p = (await (await preview(a.cookie, 'free')).json()) as Record<string, unknown>;
    expect(p).toMatchObject({ kind: 'cancel', amountDueNow: 0, nextPayment: null, billingCycle: 'yearly' });
    const res = await change(a.cookie, { planId: 'free' });
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Your Pro plan stays active until the end of the billing period \(.+\)\. Then you move to the Free plan\.$/,
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
    });
  });

  it('refuses what is not a change: free users, unknown plans, a failed payment', async () => {
    const a = await createVerifiedAccount(t);
    const cookie = await signIn(t, a);
    expect(await (await preview(cookie, 'premium')).json()).toMatchObject({
      message: BILLING_MESSAGES.noPlanToChange,
    });
    expect((await preview(cookie, 'gold')).status).toBe(400);
    expect((await change(cookie, {})).status).toBe(400);
    expect((await api(t, 'GET', '/api/plan-change?planId=pro')).status).toBe(401);
    const b = await subscriber('pro');
    await t.ctx.db.execute(`update users set subscription_status = 'past_due' where id = '${b.id}'`);
    const res = await change(b.cookie, { planId: 'premium' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: BILLING_MESSAGES.paymentIssue });
    expect(await userById(t, b.id)).toMatchObject({ subscriptionPlan: 'pro' });
  });
});

describe('receipts and the credit checkout result', () => {
  it('every payment has a receipt page for its owner only; the checkout result shows the new balance', async () => {
    const a = await createVerifiedAccount(t);
    const cookie = await signIn(t, a);
    const { url } = (await (
      await api(t, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'starter' } })
    ).json()) as { url: string };
    const id = url.split('/').pop()!;
    expect(await (await api(t, 'GET', `/api/checkout-result/${id}`, { cookie })).json()).toMatchObject({
      status: 'pending',
      itemName: 'Starter Pack',
      credits: 10,
      creditsBalance: 0,
    });
    await api(t, 'POST', `/api/checkout/test/${id}/pay`, { cookie });
    expect(await (await api(t, 'GET', `/api/checkout-result/${id}`, { cookie })).json()).toMatchObject({
      status: 'completed',
      itemName: 'Starter Pack',
      credits: 10,
      creditsBalance: 10,
    });

    const [payment] = await payments(cookie);
    const receipt = await api(t, 'GET', `/api/payments/${payment!.id}/receipt`, { cookie });
    expect(await receipt.json()).toMatchObject({
      id: payment!.id,
      number: payment!.id.slice(0, 8).toUpperCase(),
      amount: 15,
      currency: 'usd',
      kind: 'credits',
      status: 'succeeded',
      description: 'Starter Pack: 10 credits added to your balance (credits never expire)',
      email: a.email,
      invoiceUrl: null,
    });
    const mail = mailTo(t.outboxDir, a.email).find((m) => m.subject.startsWith('Your Roomstage receipt'));
    expect(mail?.subject).toBe(`Your Roomstage receipt ${payment!.id.slice(0, 8).toUpperCase()}: $15.00`);
    expect(mail?.text).toContain('Amount paid: $15.00 (USD)');

    const other = await signIn(t, await createVerifiedAccount(t));
    expect((await api(t, 'GET', `/api/payments/${payment!.id}/receipt`, { cookie: other })).status).toBe(404);
    expect((await api(t, 'GET', '/api/payments/not-a-uuid/receipt', { cookie })).status).toBe(404);
    expect((await api(t, 'GET', `/api/checkout-result/${id}`, { cookie: other })).status).toBe(404);

    const cancelled = (await (
      await api(t, 'POST', '/api/purchase-credits', { cookie, body: { packageId: 'popular' } })
    ).json()) as { url: string };
    const cid = cancelled.url.split('/').pop()!;
    await api(t, 'POST', `/api/checkout/test/${cid}/cancel`, { cookie });
    expect(await (await api(t, 'GET', `/api/checkout-result/${cid}`, { cookie })).json()).toMatchObject({
      status: 'canceled',
      creditsBalance: 10,
    });
    expect(await t.ctx.db.transaction((tx) => ledgerSum(tx, a.id))).toBe(10);
  });
});
