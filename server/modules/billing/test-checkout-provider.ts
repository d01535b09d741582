import type { Clock } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './billing.repo.ts';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type SubscriptionInfo,
} from './payment-provider.ts';

// The embedded default when STRIPE_SECRET_KEY is unset: checkout sessions are rows in
// test_checkout_sessions (any server copy can serve them), paid on our own /checkout/test/:id page.
// A paid subscription session stands in for the subscription: it covers one period and never renews.

export const TEST_SUBSCRIPTION_PREFIX = 'test_sub_';
export const testSubscriptionId = (sessionId: string) => `${TEST_SUBSCRIPTION_PREFIX}${sessionId}`;
export const testCheckoutPath = (sessionId: string) => `/checkout/test/${sessionId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isSessionId = (id: string) => UUID.test(id);

function subscriptionInfo(row: repo.TestSessionRow, now: Date): SubscriptionInfo {
  const running = row.status === 'paid' && row.periodEnd !== null && row.periodEnd.getTime() > now.getTime();
  return {
    id: testSubscriptionId(row.id),
    status: running ? 'active' : 'canceled',
    customerId: null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.periodEnd,
    billingCycle: row.billingCycle === 'yearly' || row.billingCycle === 'monthly' ? row.billingCycle : null,
    userId: row.userId,
    planId: row.planId,
  };
}

export function createTestCheckoutProvider(db: DbOrTx, clock: Clock): PaymentProvider {
  async function sessionOf(subscriptionId: string) {
    const sessionId = subscriptionId.startsWith(TEST_SUBSCRIPTION_PREFIX)
      ? subscriptionId.slice(TEST_SUBSCRIPTION_PREFIX.length)
      : '';
    const row = isSessionId(sessionId) ? await repo.findTestSession(db, sessionId) : null;
    if (!row || row.kind !== 'subscription') throw new Error(`test checkout: no subscription ${subscriptionId}`);
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
    verifyWebhook() {
      throw new WebhookSignatureError('webhooks are not used by the test checkout (STRIPE_SECRET_KEY is unset)');
    },
  };
}
