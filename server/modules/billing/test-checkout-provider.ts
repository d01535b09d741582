import crypto from 'node:crypto';
import type { Clock } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { addMonths } from '../credits/index.ts';
import * as repo from './billing.repo.ts';
import { proratedUpgradeCents } from './plan-change-rules.ts';
import { WebhookSignatureError, type PaymentProvider, type SubscriptionInfo } from './payment-provider.ts';

// The embedded default when STRIPE_SECRET_KEY is unset: checkout sessions are rows in
// test_checkout_sessions (any server copy can serve them), paid on our own /checkout/test/:id page.
// A paid subscription session stands in for the subscription: its plan, price, cycle, period end and
// cancel flag. It renews at its period end unless set to cancel (test-subscription-job.ts), at the price
// it holds then, so a downgrade scheduled for the period end takes effect there, as on Stripe.

export const TEST_SUBSCRIPTION_PREFIX = 'test_sub_';
export const testSubscriptionId = (sessionId: string) => `${TEST_SUBSCRIPTION_PREFIX}${sessionId}`;
export const testCheckoutPath = (sessionId: string) => `/checkout/test/${sessionId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSessionId = (id: string) => UUID.test(id);

const cycleMonths = (row: repo.TestSessionRow) => (row.billingCycle === 'yearly' ? 12 : 1);
/** The running period's start: one cycle before its end. */
export const testPeriodStart = (row: repo.TestSessionRow) =>
  row.periodEnd ? addMonths(row.periodEnd, -cycleMonths(row)) : null;

function subscriptionInfo(row: repo.TestSessionRow, now: Date): SubscriptionInfo {
  const running = row.status === 'paid' && row.periodEnd !== null && row.periodEnd.getTime() > now.getTime();
  return {
    id: testSubscriptionId(row.id),
    status: running ? 'active' : 'canceled',
    customerId: null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: testPeriodStart(row),
    currentPeriodEnd: row.periodEnd,
    billingCycle: row.billingCycle === 'yearly' || row.billingCycle === 'monthly' ? row.billingCycle : null,
    userId: row.userId,
    planId: row.planId,
  };
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

export function createTestCheckoutProvider(db: DbOrTx, clock: Clock): PaymentProvider {
  async function sessionOf(subscriptionId: string) {
    const sessionId = subscriptionId.startsWith(TEST_SUBSCRIPTION_PREFIX)
      ? subscriptionId.slice(TEST_SUBSCRIPTION_PREFIX.length)
      : '';
    const row = isSessionId(sessionId) ? await repo.findTestSession(db, sessionId) : null;
    if (!row || row.kind !== 'subscription')
      throw new Error(`test checkout: no subscription ${subscriptionId}`);
    return row;
  }
  return {
    kind: 'test',
    usesCustomers: false,
    createCustomer() {
      return Promise.reject(new Error('the test checkout has no customers'));
    },
    async createCheckoutSession(req) {
      const { item } = req;
      const id = await repo.insertTestSession(db, {
        userId: req.userId,
        kind: item.kind,
        planId: item.kind === 'subscription' ? item.planId : null,
        packageId: item.kind === 'credits' ? item.packageId : null,
        billingCycle: item.kind === 'subscription' ? item.billingCycle : null,
        amount: (item.amountCents / 100).toFixed(2),
      });
      // Relative: the page is on this origin whatever APP_URL says.
      return { id, url: testCheckoutPath(id) };
    },
    async retrieveSubscription(id) {
      return subscriptionInfo(await sessionOf(id), clock());
    },
    async cancelAtPeriodEnd(id) {
      const row = await sessionOf(id);
      await repo.updateTestSession(db, row.id, { cancelAtPeriodEnd: true });
      return subscriptionInfo({ ...row, cancelAtPeriodEnd: true }, clock());
    },
    async resume(id) {
      const row = await sessionOf(id);
      await repo.updateTestSession(db, row.id, { cancelAtPeriodEnd: false });
      return subscriptionInfo({ ...row, cancelAtPeriodEnd: false }, clock());
    },
    async previewUpgrade(id, to, at) {
      const row = await sessionOf(id);
      const start = testPeriodStart(row);
      if (!start || !row.periodEnd) return 0;
      return proratedUpgradeCents(cents(row.amount), to.amountCents, { start, end: row.periodEnd }, at);
    },
    // The "card on file" of the test checkout: an upgrade's difference is taken at once (no card is charged).
    async changePlan(id, to, when, at) {
      const row = await sessionOf(id);
      const start = testPeriodStart(row);
      const due =
        when === 'now' && start && row.periodEnd
          ? proratedUpgradeCents(cents(row.amount), to.amountCents, { start, end: row.periodEnd }, at)
          : 0;
      const changed = {
        planId: to.planId,
        amount: (to.amountCents / 100).toFixed(2),
        cancelAtPeriodEnd: false,
      };
      await repo.updateTestSession(db, row.id, changed);
      const invoice =
        due > 0
          ? {
              id: `test_change_${crypto.randomUUID()}`,
              amountPaidCents: due,
              currency: 'usd',
              hostedUrl: null,
            }
          : null;
      return { subscription: subscriptionInfo({ ...row, ...changed }, clock()), invoice };
    },
    async cancelDuplicate(id) {
      const row = await sessionOf(id);
      await repo.updateTestSession(db, row.id, { cancelAtPeriodEnd: true, periodEnd: clock() });
      return 0;
    },
    invoiceUrl() {
      return Promise.resolve(null);
    },
    verifyWebhook() {
      throw new WebhookSignatureError(
        'webhooks are not used by the test checkout (STRIPE_SECRET_KEY is unset)',
      );
    },
  };
}
