// A fake Stripe API: a real HTTP server speaking Stripe's v1 wire format (form-encoded requests with
// bracketed keys, JSON objects back, Idempotency-Key replays, Stripe-shaped errors), so tests drive the
// real `stripe` SDK through its host/port/protocol options. It records every Checkout Session request
// and keeps customers, sessions and subscriptions in memory; tests then build the webhook events.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;
type Params = { [k: string]: string | Params | Params[] | string[] };

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const nowSec = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][0][c]=v` form bodies into nested objects and arrays (what the SDK sends). */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter((k) => k !== '');
    let node: Params = root;
    keys.forEach((k, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = /^\d+$/.test(keys[i + 1] ?? '');
      if (last) (node as Record<string, unknown>)[k] = value;
      else (node as Record<string, unknown>)[k] ??= nextIsIndex ? [] : {};
      if (!last) node = (node as Record<string, Params>)[k]!;
    });
  }
  return root;
}

export interface FakeStripe {
  /** http://127.0.0.1:port, for STRIPE_API_URL. */
  url: string;
  /** Every POST /v1/checkout/sessions body, parsed, in order. */
  sessionRequests: Params[];
  /** Idempotency keys seen on creates, in order. */
  idempotencyKeys: string[];
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** What Stripe does when the customer pays a subscription Checkout Session. */
  completeSubscriptionCheckout(sessionId: string): { session: Obj; subscription: Obj; invoice: Obj };
  /** What Stripe does when a payment-mode session completes (paid now, or unpaid for async methods). */
  completePaymentCheckout(sessionId: string, paymentStatus: 'paid' | 'unpaid'): Obj;
  setSubscriptionStatus(id: string, status: string): Obj;
  close(): Promise<void>;
}

/**
 * The Price Stripe makes from a subscription line item's inline `price_data` (its wire shape, trimmed):
 * `recurring.interval` is what the app reads the billing cycle from.
 */
function priceFor(lineItem: Params | undefined): Obj {
  const data = (lineItem?.price_data ?? {}) as Params;
  const recurring = (data.recurring ?? {}) as Params;
  return {
    id: rid('price'),
    object: 'price',
    active: false,
    currency: data.currency ?? 'usd',
    unit_amount: Number(data.unit_amount ?? 0),
    product: rid('prod'),
    type: 'recurring',
    billing_scheme: 'per_unit',
    recurring: {
      interval: recurring.interval ?? 'month',
      interval_count: Number(recurring.interval_count ?? 1),
      usage_type: 'licensed',
      meter: null,
      trial_period_days: null,
    },
    livemode: false,
  };
}

function subscriptionFor(session: Obj, lineItem: Params | undefined): Obj {
  const id = rid('sub');
  const start = nowSec();
  const meta = (session.subscription_data as Obj | undefined)?.metadata ?? {};
  const price = priceFor(lineItem);
  const yearly = (price.recurring as Obj).interval === 'year';
  const end = start + (yearly ? 365 : 30) * 86_400;
  return {
    id,
    object: 'subscription',
    status: 'active',
    customer: session.customer,
    cancel_at_period_end: false,
    canceled_at: null,
    created: start,
    start_date: start,
    livemode: false,
    metadata: meta,
    items: {
      object: 'list',
      data: [
        { id: rid('si'), object: 'subscription_item', price, current_period_start: start, current_period_end: end, quantity: 1 },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
}

function invoiceFor(sub: Obj, amount: number): Obj {
  return {
    id: rid('in'),
    object: 'invoice',
    customer: sub.customer,
    amount_due: amount,
    amount_paid: amount,
    currency: 'usd',
    status: 'paid',
    billing_reason: 'subscription_create',
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake = {
    sessionRequests: [] as Params[],
    idempotencyKeys: [] as string[],
    customers: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
  };
  const replays = new Map<string, { status: number; body: Obj }>();
  // A session's line items are not part of the session object (Stripe lists them separately).
  const lineItems = new Map<string, Params[]>();

  function route(method: string, path: string, params: Params): { status: number; body: Obj } {
    const missing = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: rid('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, created: nowSec(), livemode: false };
      fake.customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      fake.sessionRequests.push(params);
      const items = (params.line_items as Params[] | undefined) ?? [];
      const amount = items.reduce((n, li) => n + Number((li.price_data as Params).unit_amount) * Number(li.quantity ?? 1), 0);
      const id = rid('cs_test');
      const s: Obj = {
        ...params,
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: 'usd',
        customer: params.customer ?? null,
        subscription: null,
        payment_intent: null,
        livemode: false,
        created: nowSec(),
      };
      delete s.line_items;
      fake.sessions.set(id, s);
      lineItems.set(id, items);
      return { status: 200, body: s };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub?.[1]) {
      const found = fake.subscriptions.get(sub[1]);
      if (!found) return missing(`subscription: '${sub[1]}'`);
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        found.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      return { status: 200, body: found };
    }
    return missing(`route: ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const key = req.headers['idempotency-key'];
      const method = req.method ?? 'GET';
      let answer: { status: number; body: Obj };
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      } else if (typeof key === 'string' && replays.has(`${url.pathname}|${key}`)) {
        answer = replays.get(`${url.pathname}|${key}`)!;
      } else {
        answer = route(method, url.pathname, parseStripeForm(Buffer.concat(chunks).toString('utf8')));
        if (typeof key === 'string' && method === 'POST') {
          fake.idempotencyKeys.push(key);
          replays.set(`${url.pathname}|${key}`, answer);
        }
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': rid('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const session = (id: string) => {
    const s = fake.sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    completeSubscriptionCheckout(id) {
      const s = session(id);
      const subscription = subscriptionFor(s, lineItems.get(id)?.[0]);
      fake.subscriptions.set(subscription.id as string, subscription);
      Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session: { ...s }, subscription, invoice: invoiceFor(subscription, s.amount_total as number) };
    },
    completePaymentCheckout(id, paymentStatus) {
      const s = session(id);
      Object.assign(s, { status: 'complete', payment_status: paymentStatus, payment_intent: s.payment_intent ?? rid('pi') });
      return { ...s };
    },
    setSubscriptionStatus(id, status) {
      const s = fake.subscriptions.get(id);
      if (!s) throw new Error(`fake stripe: no subscription ${id}`);
      s.status = status;
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
