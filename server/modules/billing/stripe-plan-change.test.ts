import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '#shared/schemas/billing.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import { startSubscription } from '#tests/helpers/checkout.ts';
import { deliver, stripeEvent, useFakeStripe } from '#tests/helpers/stripe.ts';
import type { FakeStripe } from '#tests/fakes/stripe-server.ts';

// Plan changes and the webhook's edge cases through the real `stripe` SDK against the fake Stripe server:
// subscription updates with proration, invoice previews, renewals, duplicates, refunds.

let fake: FakeStripe;
let t: TestContext;
useFakeStripe((s) => ({ t, fake } = s));

async function account() {
  const a = await createVerifiedAccount(t);
  return { ...a, cookie: await signIn(t, a) };
}
const checkout = (cookie: string, planId: string) => startSubscription(t, cookie, planId);
/** A paid subscriber: checkout completed, first invoice paid (both webhooks delivered). */
async function subscriber(planId = 'pro') {
  const a = await account();
  const done = fake.completeSubscriptionCheckout(await checkout(a.cookie, planId));
  await deliver(t, stripeEvent('checkout.session.completed', done.session));
  await deliver(t, stripeEvent('invoice.paid', done.invoice));
  return { ...a, subId: done.subscription.id as string, done };
}
const payments = async (cookie: string) =>
  (await (await api(t, 'GET', '/api/payments', { cookie })).json()) as Record<string, unknown>[];

describe('plan changes on Stripe', () => {
  it("upgrade: the preview is Stripe's prorated invoice; confirming updates the item with always_invoice at the previewed time", async () => {
    const a = await subscriber('pro');
    const p = (await (
      await api(t, 'GET', '/api/plan-change?planId=premium', { cookie: a.cookie })
    ).json()) as { amountDueNow: number; prorationDate: number; kind: string };
    expect(p.kind).toBe('upgrade');
    expect(p.amountDueNow).toBeGreaterThan(49.9);
    const res = await api(t, 'POST', '/api/plan-change', {
      cookie: a.cookie,
      body: { planId: 'premium', prorationDate: p.prorationDate },
    });
    expect(res.status).toBe(200);
    const update = fake.subscriptionUpdates.at(-1)!;
    expect(update).toMatchObject({
      id: a.subId,
      params: {
        proration_behavior: 'always_invoice',
        proration_date: String(p.prorationDate),
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: 'false',
        metadata: { planId: 'premium', userId: a.id },
      },
    });
    const price = fake.prices.get(String((update.params.items as { price: string }[])[0]!.price))!;
    expect(price).toMatchObject({ unit_amount: 7900, recurring: { interval: 'month' } });
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
    });
    const [upgrade] = await payments(a.cookie);
    expect(upgrade).toMatchObject({ planId: 'premium', amount: p.amountDueNow });
    expect(upgrade!.invoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);

    // Stripe's invoice.paid for that proration invoice (billing_reason subscription_update) adds nothing.
    const invoice = fake.invoices.get(String(fake.subscriptions.get(a.subId)!.latest_invoice))!;
    expect(invoice.billing_reason).toBe('subscription_update');
    await t.ctx.db.execute(`update users set monthly_usage = 4 where id = '${a.id}'`);
    await deliver(t, stripeEvent('invoice.paid', invoice));
    expect(await payments(a.cookie)).toHaveLength(2);
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'premium', monthlyUsage: 4 });
  });

  it('a declined card leaves the plan as it was', async () => {
    const a = await subscriber('pro');
    fake.declineNextCharge = true;
    const res = await api(t, 'POST', '/api/plan-change', { cookie: a.cookie, body: { planId: 'premium' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: BILLING_MESSAGES.paymentDeclined });
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'pro' });
    expect(fake.subscriptions.get(a.subId)!.metadata).toMatchObject({ planId: 'pro' });
  });

  it('downgrade: proration none, the plan stays until the renewal, whose invoice provisions Pro', async () => {
    const a = await subscriber('premium');
    const res = await api(t, 'POST', '/api/plan-change', { cookie: a.cookie, body: { planId: 'pro' } });
    expect(res.status).toBe(200);
    expect(fake.subscriptionUpdates.at(-1)!.params).toMatchObject({
      proration_behavior: 'none',
      metadata: { planId: 'pro' },
    });
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionPendingPlan: 'pro',
    });
    // A late copy of the FIRST invoice (made while on Premium) must not apply the downgrade early.
    await deliver(t, stripeEvent('invoice.paid', a.done.invoice));
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'premium' });
    const renewal = fake.renewSubscription(a.subId);
    await deliver(t, stripeEvent('invoice.paid', renewal.invoice));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionPendingPlan: null,
      subscriptionStatus: 'active',
    });
    expect((await payments(a.cookie))[0]).toMatchObject({ planId: 'pro', amount: 29 });
  });

  it('resume: cancel_at_period_end goes back to false', async () => {
    const a = await subscriber('pro');
    await api(t, 'POST', '/api/cancel-subscription', { cookie: a.cookie });
    expect(fake.subscriptions.get(a.subId)!.cancel_at_period_end).toBe(true);
    const res = await api(t, 'POST', '/api/plan-change', { cookie: a.cookie, body: { planId: 'pro' } });
    expect(((await res.json()) as { kind: string }).kind).toBe('resume');
    expect(fake.subscriptions.get(a.subId)!.cancel_at_period_end).toBe(false);
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
  });
});

describe('webhook edge cases', () => {
  it('two plan checkouts opened before either was paid: the second subscription is cancelled and refunded, the first kept', async () => {
    const a = await account();
    const first = fake.completeSubscriptionCheckout(await checkout(a.cookie, 'pro'));
    // Opened before the first was paid (the idempotency minute differs by plan).
    const second = fake.completeSubscriptionCheckout(await checkout(a.cookie, 'premium'));
    await deliver(t, stripeEvent('checkout.session.completed', first.session));
    await deliver(t, stripeEvent('invoice.paid', first.invoice));
    // The second's invoice.paid arrives before its checkout.session.completed (order is not trusted).
    await deliver(t, stripeEvent('invoice.paid', second.invoice));
    await deliver(t, stripeEvent('checkout.session.completed', second.session));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      stripeSubscriptionId: first.subscription.id,
    });
    expect(fake.subscriptions.get(second.subscription.id as string)!.status).toBe('canceled');
    expect(fake.subscriptions.get(first.subscription.id as string)!.status).toBe('active');
    expect(fake.refunds.filter((r) => r.amount === 7900)).toHaveLength(1);
    expect(await payments(a.cookie)).toHaveLength(1);
    const notice = mailTo(t.outboxDir, a.email).find(
      (m) => m.subject === 'We cancelled a duplicate Roomstage subscription',
    );
    expect(notice?.text).toContain('$79.00 has been refunded');
  });

  it('a malformed client_reference_id is answered 200 with a warning (no retries); a paid event for an unknown user is logged', async () => {
    const warn = vi.spyOn(t.ctx.logger, 'warn');
    const error = vi.spyOn(t.ctx.logger, 'error');
    try {
      const a = await account();
      const sessionId = (
        (await (
          await api(t, 'POST', '/api/purchase-credits', { cookie: a.cookie, body: { packageId: 'starter' } })
        ).json()) as { url: string }
      ).url
        .split('/')
        .pop()!;
      const paid = fake.completePaymentCheckout(sessionId, 'paid');
      const bad = await deliver(
        t,
        stripeEvent('checkout.session.completed', {
          ...paid,
          client_reference_id: "1' or 1=1",
          metadata: { ...(paid.metadata as object), userId: 'nope' },
        }),
      );
      expect(bad.status).toBe(200);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reference: "1' or 1=1" }),
        'checkout session without a valid user reference',
      );

      const ghost = '00000000-0000-4000-8000-000000000000';
      const lost = await deliver(
        t,
        stripeEvent('checkout.session.completed', {
          ...paid,
          id: 'cs_test_ghost',
          client_reference_id: ghost,
          metadata: { ...(paid.metadata as object), userId: ghost },
        }),
      );
      expect(lost.status).toBe(200);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ userId: ghost, amount: 1500 }),
        'checkout session for an unknown user: fulfilment dropped',
      );
      expect((await userById(t, a.id))?.creditsBalance).toBe(0);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('out of order: a payment_failed after a later success leaves the plan active; a completed session for an ended subscription is not linked', async () => {
    const a = await subscriber('pro');
    // The failure of an earlier attempt arrives after the retry succeeded: Stripe says active.
    await deliver(
      t,
      stripeEvent('invoice.payment_failed', { ...a.done.invoice, id: 'in_failed_late', status: 'open' }),
    );
    expect(await userById(t, a.id)).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });

    const b = await account();
    const done = fake.completeSubscriptionCheckout(await checkout(b.cookie, 'pro'));
    const ended = fake.setSubscriptionStatus(done.subscription.id as string, 'incomplete_expired');
    await deliver(t, stripeEvent('customer.subscription.deleted', ended));
    await deliver(t, stripeEvent('checkout.session.completed', done.session));
    expect(await userById(t, b.id)).toMatchObject({ subscriptionPlan: 'free', stripeSubscriptionId: null });
    // So a new checkout is not blocked by a dead link.
    expect(
      (
        await api(t, 'POST', '/api/create-subscription', {
          cookie: b.cookie,
          body: { planId: 'pro', billingCycle: 'monthly' },
        })
      ).status,
    ).toBe(200);
  });

  it("a credit pack receipt links Stripe's hosted invoice", async () => {
    const a = await account();
    const sessionId = (
      (await (
        await api(t, 'POST', '/api/purchase-credits', { cookie: a.cookie, body: { packageId: 'popular' } })
      ).json()) as { url: string }
    ).url
      .split('/')
      .pop()!;
    await deliver(
      t,
      stripeEvent('checkout.session.completed', fake.completePaymentCheckout(sessionId, 'paid')),
    );
    const [p] = await payments(a.cookie);
    const receipt = (await (
      await api(t, 'GET', `/api/payments/${String(p!.id)}/receipt`, { cookie: a.cookie })
    ).json()) as Record<string, unknown>;
    expect(receipt.invoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    expect(mailTo(t.outboxDir, a.email).at(-1)?.text).toContain(
      `Stripe invoice: ${String(receipt.invoiceUrl)}`,
    );
    expect(
      await (await api(t, 'GET', `/api/checkout-result/${sessionId}`, { cookie: a.cookie })).json(),
    ).toMatchObject({ status: 'completed', credits: 50, creditsBalance: 50 });
  });
});
