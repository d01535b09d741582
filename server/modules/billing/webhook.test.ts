import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#shared/schemas/billing.ts';
import { creditLedger, creditPurchases, payments, stripeEvents } from '#server/db/schema/index.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { api, createVerifiedAccount, signIn, userById, type Account } from '#tests/helpers/auth.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { deliver, stripeEvent, useFakeStripe } from '#tests/helpers/stripe.ts';
import type { FakeStripe } from '#tests/fakes/stripe-server.ts';

// Signed events through POST /api/stripe/webhook: verification, replays, and each effect.

let fake: FakeStripe;
let t: TestContext;
const touched: string[] = [];
useFakeStripe((s) => ({ t, fake } = s));
// The house rule, checked after every case: the ledger sums to the balance.
afterEach(async () => {
  for (const id of touched.splice(0))
    expect(await t.ctx.db.transaction((tx) => ledgerSum(tx, id))).toBe(
      (await userById(t, id))?.creditsBalance,
    );
});

async function account(): Promise<Account & { cookie: string }> {
  const a = await createVerifiedAccount(t);
  touched.push(a.id);
  return { ...a, cookie: await signIn(t, a) };
}

async function checkout(cookie: string, path: string, body: Record<string, unknown>) {
  const { url } = (await (await api(t, 'POST', path, { cookie, body })).json()) as { url: string };
  return url.split('/').pop()!;
}

const credits = async (id: string) => (await userById(t, id))?.creditsBalance;
const eventCount = async () => (await t.ctx.db.select().from(stripeEvents)).length;

describe('webhook verification', () => {
  it('a bad signature or a stale timestamp is 400 and changes nothing', async () => {
    const a = await account();
    const session = fake.completePaymentCheckout(
      await checkout(a.cookie, '/api/purchase-credits', { packageId: 'popular' }),
      'paid',
    );
    const event = stripeEvent('checkout.session.completed', session);
    const before = await eventCount();
    expect((await deliver(t, event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(t, event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await deliver(t, event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const noHeader = await t.app.request('/api/stripe/webhook', {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(noHeader.status).toBe(400);
    expect(await credits(a.id)).toBe(0);
    expect(await eventCount()).toBe(before);
    // The same bytes, properly signed, go through (and need no CSRF header or session).
    expect((await deliver(t, event)).status).toBe(200);
    expect(await credits(a.id)).toBe(50);
  });
});

describe('credit packs', () => {
  it('the same event twice, or two deliveries at once, grants once', async () => {
    const a = await account();
    const session = fake.completePaymentCheckout(
      await checkout(a.cookie, '/api/purchase-credits', { packageId: 'popular' }),
      'paid',
    );
    const event = stripeEvent('checkout.session.completed', session);
    const first = await deliver(t, event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(t, event);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await credits(a.id)).toBe(50);

    const b = await account();
    const other = fake.completePaymentCheckout(
      await checkout(b.cookie, '/api/purchase-credits', { packageId: 'starter' }),
      'paid',
    );
    const concurrent = stripeEvent('checkout.session.completed', other);
    const answers = await Promise.all([
      deliver(t, concurrent),
      deliver(t, concurrent),
      deliver(t, concurrent),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await credits(b.id)).toBe(10);
    const ledger = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, b.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 10, source: 'stripe_checkout', sourceId: other.id });
    const purchases = await t.ctx.db.select().from(creditPurchases).where(eq(creditPurchases.userId, b.id));
    expect(purchases).toMatchObject([
      { packageId: 'starter', creditsReceived: 10, amount: '15.00', status: 'succeeded' },
    ]);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, b.id))).toMatchObject([
      { amount: '15.00', planId: null },
    ]);
  });

  it('payment_status unpaid grants nothing until async_payment_succeeded (once, even after a second event)', async () => {
    const a = await account();
    const id = await checkout(a.cookie, '/api/purchase-credits', { packageId: 'premium' });
    await deliver(t, stripeEvent('checkout.session.completed', fake.completePaymentCheckout(id, 'unpaid')));
    expect(await credits(a.id)).toBe(0);
    const paid = fake.completePaymentCheckout(id, 'paid');
    await deliver(t, stripeEvent('checkout.session.async_payment_succeeded', paid));
    expect(await credits(a.id)).toBe(150);
    // A different event about the same session (say, a late completed) cannot grant twice.
    await deliver(t, stripeEvent('checkout.session.completed', paid));
    expect(await credits(a.id)).toBe(150);
  });

  it("lists the user's own purchases and payments, newest first", async () => {
    const a = await account();
    for (const packageId of ['starter', 'popular']) {
      await deliver(
        t,
        stripeEvent(
          'checkout.session.completed',
          fake.completePaymentCheckout(
            await checkout(a.cookie, '/api/purchase-credits', { packageId }),
            'paid',
          ),
        ),
      );
    }
    const list = (await (
      await api(t, 'GET', '/api/credit-purchases', { cookie: a.cookie })
    ).json()) as Record<string, unknown>[];
    expect(list.map((p) => p.packageId)).toEqual(['popular', 'starter']);
    expect(list[0]).toMatchObject({
      packageId: 'popular',
      creditsReceived: 50,
      amount: 59,
      currency: 'usd',
      status: 'succeeded',
    });
    expect(Object.keys(list[0]!).sort()).toEqual([
      'amount',
      'createdAt',
      'creditsReceived',
      'currency',
      'id',
      'packageId',
      'paymentId',
      'status',
    ]);
    const pays = (await (await api(t, 'GET', '/api/payments', { cookie: a.cookie })).json()) as Record<
      string,
      unknown
    >[];
    expect(pays.map((p) => p.amount)).toEqual([59, 15]);
    expect(Object.keys(pays[0]!).sort()).toEqual([
      'amount',
      'createdAt',
      'currency',
      'description',
      'id',
      'invoiceUrl',
      'planId',
      'status',
    ]);
    expect(pays[0]!.description).toMatch(/^Popular Pack: 50 credits/);
    expect(pays[0]!.invoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    const other = await account();
    expect(await (await api(t, 'GET', '/api/payments', { cookie: other.cookie })).json()).toEqual([]);
  });
});

describe('subscriptions', () => {
  async function subscribe(a: { cookie: string }, planId = 'pro', billingCycle = 'monthly') {
    return fake.completeSubscriptionCheckout(
      await checkout(a.cookie, '/api/create-subscription', { planId, billingCycle }),
    );
  }

  it('checkout links, invoice.paid provisions the period, payment_failed marks past_due', async () => {
    const a = await account();
    const done = await subscribe(a);
    await deliver(t, stripeEvent('checkout.session.completed', done.session));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'free',
      stripeSubscriptionId: done.subscription.id,
    });
    await t.ctx.db.execute(`update users set monthly_usage = 2 where id = '${a.id}'`);
    await deliver(t, stripeEvent('invoice.paid', done.invoice));
    const user = await userById(t, a.id);
    expect(user).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'active',
      subscriptionBillingCycle: 'monthly',
      monthlyUsage: 0,
    });
    expect(user?.usageResetDate?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await (await api(t, 'GET', '/api/payments', { cookie: a.cookie })).json()).toMatchObject([
      { planId: 'pro', amount: 29, status: 'succeeded' },
    ]);
    // Stripe marks the subscription past_due when a renewal fails; the re-read says so.
    fake.setSubscriptionStatus(done.subscription.id as string, 'past_due');
    await deliver(
      t,
      stripeEvent('invoice.payment_failed', { ...done.invoice, id: 'in_failed_1', status: 'open' }),
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'past_due',
    });
  });

  it('invoice.paid before checkout.session.completed still provisions (event order is not trusted)', async () => {
    const a = await account();
    const done = await subscribe(a, 'premium');
    await deliver(t, stripeEvent('invoice.paid', done.invoice));
    await deliver(t, stripeEvent('checkout.session.completed', done.session));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      stripeSubscriptionId: done.subscription.id,
    });
  });

  it('subscription.deleted then a stale invoice.paid: stays cancelled on free, credits kept', async () => {
    const a = await account();
    await deliver(
      t,
      stripeEvent(
        'checkout.session.completed',
        fake.completePaymentCheckout(
          await checkout(a.cookie, '/api/purchase-credits', { packageId: 'starter' }),
          'paid',
        ),
      ),
    );
    const done = await subscribe(a);
    await deliver(t, stripeEvent('invoice.paid', done.invoice));
    // An update event whose payload is out of date: the re-read says active and set to cancel.
    fake.subscriptions.get(done.subscription.id as string)!.cancel_at_period_end = true;
    await deliver(
      t,
      stripeEvent('customer.subscription.updated', { ...done.subscription, cancel_at_period_end: false }),
    );
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'canceling',
    });
    const ended = fake.setSubscriptionStatus(done.subscription.id as string, 'canceled');
    await deliver(t, stripeEvent('customer.subscription.deleted', ended));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'canceled',
      stripeSubscriptionId: null,
      creditsBalance: 10,
    });
    await deliver(t, stripeEvent('invoice.paid', { ...done.invoice, id: 'in_stale_renewal' }));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'canceled',
    });
  });

  it('a yearly plan: invoice.paid stores the period end and cycle; cancel and /api/usage return them; deleted clears them', async () => {
    const a = await account();
    const done = await subscribe(a, 'pro', 'yearly');
    await deliver(t, stripeEvent('invoice.paid', done.invoice));
    // The fake's yearly period: 365 days from the subscription's start (its items[0].current_period_end);
    // the cycle comes from the item's price, recurring.interval 'year'.
    const item = (
      done.subscription.items as {
        data: { current_period_end: number; price: { recurring: { interval: string } } }[];
      }
    ).data[0]!;
    expect(item.price.recurring.interval).toBe('year');
    const periodEnd = new Date(item.current_period_end * 1000);
    const user = await userById(t, a.id);
    expect(user?.subscriptionPeriodEnd?.toISOString()).toBe(periodEnd.toISOString());
    expect(user?.subscriptionBillingCycle).toBe('yearly');
    // Usage still resets monthly, so it is no stand-in for the period end.
    expect(user!.usageResetDate!.getTime()).toBeLessThan(Date.now() + 32 * 86_400_000);

    const cancel = await api(t, 'POST', '/api/cancel-subscription', { cookie: a.cookie });
    expect(await cancel.json()).toMatchObject({
      message: BILLING_MESSAGES.canceled,
      subscriptionPeriodEnd: periodEnd.toISOString(),
    });
    expect(await (await api(t, 'GET', '/api/usage', { cookie: a.cookie })).json()).toMatchObject({
      subscriptionStatus: 'canceling',
      subscriptionPeriodEnd: periodEnd.toISOString(),
      subscriptionBillingCycle: 'yearly',
    });

    const ended = fake.setSubscriptionStatus(done.subscription.id as string, 'canceled');
    await deliver(t, stripeEvent('customer.subscription.deleted', ended));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionPeriodEnd: null,
      subscriptionBillingCycle: null,
    });
    expect(await (await api(t, 'GET', '/api/usage', { cookie: a.cookie })).json()).toMatchObject({
      subscriptionPeriodEnd: null,
      subscriptionBillingCycle: null,
    });
  });

  it('subscription.updated fills the period end and cycle of a linked subscription before its invoice', async () => {
    const a = await account();
    const done = await subscribe(a, 'premium', 'yearly');
    await deliver(t, stripeEvent('checkout.session.completed', done.session));
    expect(await userById(t, a.id)).toMatchObject({
      subscriptionPeriodEnd: null,
      subscriptionBillingCycle: null,
    });
    await deliver(t, stripeEvent('customer.subscription.updated', done.subscription));
    const user = await userById(t, a.id);
    expect(user).toMatchObject({
      stripeSubscriptionId: done.subscription.id,
      subscriptionStatus: 'active',
      subscriptionBillingCycle: 'yearly',
    });
    expect(user?.subscriptionPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it('unknown event types are recorded and answered 200', async () => {
    const res = await deliver(t, stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res.status).toBe(200);
  });
});
