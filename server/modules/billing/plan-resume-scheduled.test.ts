import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#shared/schemas/billing.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { paySubscription } from '#tests/helpers/checkout.ts';
import { endExpiredTestSubscriptions } from './test-subscription-job.ts';
import { resumeDropsScheduledChange } from './plan-change-rules.ts';

// Resuming a cancelled plan that has a downgrade scheduled (issue 34, decision 0160): the preview names
// the scheduled change, the agent chooses to keep or drop it, and without a valid choice nothing changes.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

/** A Premium subscriber who scheduled a move to Pro, then cancelled. */
async function cancelledWithDowngrade() {
  const a = await createVerifiedAccount(t);
  const cookie = await signIn(t, a);
  await paySubscription(t, cookie, 'premium');
  expect((await change(cookie, { planId: 'pro' })).status).toBe(200);
  expect((await api(t, 'POST', '/api/cancel-subscription', { cookie })).status).toBe(200);
  expect(await userById(t, a.id)).toMatchObject({
    subscriptionPlan: 'premium',
    subscriptionStatus: 'canceling',
    subscriptionPendingPlan: 'pro',
  });
  return { ...a, cookie };
}
const change = (cookie: string, body: Record<string, unknown>) =>
  api(t, 'POST', '/api/plan-change', { cookie, body });

/** The plan and amount billed at the period end (the test checkout renews its session's plan). */
async function renewal(id: string, cookie: string) {
  const end = (await userById(t, id))!.subscriptionPeriodEnd!;
  t.setNow(new Date(end.getTime() + 60_000));
  try {
    await endExpiredTestSubscriptions(t.ctx);
  } finally {
    t.setNow(undefined);
  }
  const list = (await (await api(t, 'GET', '/api/payments', { cookie })).json()) as {
    planId: string;
    amount: number;
  }[];
  return { planId: list[0]?.planId, amount: list[0]?.amount };
}

describe('resuming a cancelled plan with a downgrade scheduled', () => {
  it('is only asked when the plan is cancelled and a different plan is scheduled', () => {
    const s = { planId: 'premium', status: 'canceling', pendingPlanId: 'pro', cycle: 'monthly' as const };
    expect(resumeDropsScheduledChange(s, 'resume')).toBe(true);
    expect(resumeDropsScheduledChange({ ...s, status: 'active' }, 'resume')).toBe(false);
    expect(resumeDropsScheduledChange({ ...s, pendingPlanId: null }, 'resume')).toBe(false);
    expect(resumeDropsScheduledChange(s, 'upgrade')).toBe(false);
  });

  it('the preview names the scheduled change and what keeping it bills', async () => {
    const a = await cancelledWithDowngrade();
    const p = await api(t, 'GET', '/api/plan-change?planId=premium', { cookie: a.cookie });
    expect(await p.json()).toMatchObject({
      kind: 'resume',
      nextPayment: { amount: 79 },
      scheduledChange: { planId: 'pro', planName: 'Pro', amount: 29 },
    });
    // Any other choice drops nothing: no scheduled change to name.
    const other = await api(t, 'GET', '/api/plan-change?planId=pro', { cookie: a.cookie });
    expect(await other.json()).toMatchObject({ kind: 'downgrade', scheduledChange: null });
  });

  it('no choice or a bad one: 400 with a message and nothing changed', async () => {
    const a = await cancelledWithDowngrade();
    const before = await userById(t, a.id);
    const missing = await change(a.cookie, { planId: 'premium' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      BILLING_MESSAGES.scheduledChangeChoice,
    );
    const bad = await change(a.cookie, { planId: 'premium', scheduledChange: 'both' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'Choose to keep or drop the scheduled plan change',
    );
    expect(await userById(t, a.id)).toEqual(before);
    // Still cancelled: the period end moves the agent to Free instead of renewing.
    await renewal(a.id, a.cookie);
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'free' });
  });

  it('keep: the plan renews into the scheduled downgrade', async () => {
    const a = await cancelledWithDowngrade();
    const kept = await change(a.cookie, { planId: 'premium', scheduledChange: 'keep' });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { message: string }).message).toMatch(
      /^Your Premium plan is resumed until .+\. Then your plan changes to Pro at \$29\.00 per month\.$/,
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      subscriptionPendingPlan: 'pro',
    });
    expect(await renewal(a.id, a.cookie)).toEqual({ planId: 'pro', amount: 29 });
  });

  it('drop: the current plan renews and the downgrade is gone', async () => {
    const a = await cancelledWithDowngrade();
    const dropped = await change(a.cookie, { planId: 'premium', scheduledChange: 'drop' });
    expect(dropped.status).toBe(200);
    expect(((await dropped.json()) as { message: string }).message).toMatch(
      /^Your Premium plan will renew on .+ at \$79\.00 per month\.$/,
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      subscriptionPendingPlan: null,
    });
    expect(await renewal(a.id, a.cookie)).toEqual({ planId: 'premium', amount: 79 });
  });
});
