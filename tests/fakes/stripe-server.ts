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
  invoices: Map<string, Obj>;
  prices: Map<string, Obj>;
  /** Every POST /v1/subscriptions/:id body, parsed, in order. */
  subscriptionUpdates: { id: string; params: Params }[];
  /** Every refund made, in order. */
  refunds: Obj[];
  /** The next charge (an upgrade's prorated invoice) is declined with a card_error. */
  declineNextCharge: boolean;
  /** What Stripe does when the customer pays a subscription Checkout Session. */
  completeSubscriptionCheckout(sessionId: string): { session: Obj; subscription: Obj; invoice: Obj };
  /** What Stripe does when a payment-mode session completes (paid now, or unpaid for async methods). */
  completePaymentCheckout(sessionId: string, paymentStatus: 'paid' | 'unpaid'): Obj;
  setSubscriptionStatus(id: string, status: string): Obj;
  /** What Stripe does at the period end: a new period at the item's current price, invoiced and paid. */
  renewSubscription(id: string): { subscription: Obj; invoice: Obj };
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
        {
          id: rid('si'),
          object: 'subscription_item',
          price,
          current_period_start: start,
          current_period_end: end,
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
}

/** A paid invoice with its payment (a PaymentIntent) listed, as `expand[]=payments` shows it. */
function invoiceFor(
  sub: Obj | null,
  amount: number,
  billingReason: string,
  customer: unknown = sub?.customer,
): Obj {
  const id = rid('in');
  return {
    id,
    object: 'invoice',
    customer,
    amount_due: amount,
    amount_paid: amount,
    currency: 'usd',
    status: 'paid',
    billing_reason: billingReason,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${id}`,
    livemode: false,
    payments: {
      object: 'list',
      data:
        amount > 0
          ? [
              {
                id: rid('inpay'),
                object: 'invoice_payment',
                status: 'paid',
                amount_paid: amount,
                payment: { type: 'payment_intent', payment_intent: rid('pi') },
              },
            ]
          : [],
      has_more: false,
    },
    parent: sub
      ? {
          type: 'subscription_details',
          quote_details: null,
          // A snapshot of the subscription's metadata when the invoice was made (as Stripe does).
          subscription_details: { subscription: sub.id, metadata: { ...(sub.metadata as Obj) } },
        }
      : null,
  };
}

const missing = (what: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  } as Obj,
});

const itemOf = (sub: Obj): Obj => (sub.items as { data: Obj[] }).data[0] ?? {};
/** A form field as a string (the SDK sends every scalar as text). */
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake = {
    sessionRequests: [] as Params[],
    idempotencyKeys: [] as string[],
    customers: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    subscriptionUpdates: [] as { id: string; params: Params }[],
    refunds: [] as Obj[],
    declineNextCharge: false,
  };
  const replays = new Map<string, { status: number; body: Obj }>();
  // A session's line items are not part of the session object (Stripe lists them separately).
  const lineItems = new Map<string, Params[]>();

  function route(method: string, path: string, params: Params): { status: number; body: Obj } {
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: rid('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: nowSec(),
        livemode: false,
      };
      fake.customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      fake.sessionRequests.push(params);
      const items = (params.line_items as Params[] | undefined) ?? [];
      const amount = items.reduce(
        (n, li) => n + Number((li.price_data as Params).unit_amount) * Number(li.quantity ?? 1),
        0,
      );
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
    if (method === 'POST' && path === '/v1/prices') {
      const product = (params.product_data as Params | undefined) ?? {};
      const price = priceFor({ price_data: { ...params, product_data: product } });
      Object.assign(price, { active: true, metadata: params.metadata ?? {}, nickname: product.name ?? null });
      fake.prices.set(price.id as string, price);
      return { status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const found = fake.subscriptions.get(text(params.subscription));
      if (!found) return missing(`subscription: '${text(params.subscription)}'`);
      const details = (params.subscription_details ?? {}) as Params;
      const wanted = ((details.items as Params[] | undefined) ?? [])[0] ?? {};
      const price = fake.prices.get(text(wanted.price));
      if (!price) return missing(`price: '${text(wanted.price)}'`);
      const amount = proration(found, price, Number(details.proration_date ?? nowSec()));
      return {
        status: 200,
        body: {
          ...invoiceFor(found, amount, 'subscription_update'),
          id: null,
          status: 'draft',
          amount_paid: 0,
        },
      };
    }
    const inv = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && inv?.[1]) {
      const found = fake.invoices.get(inv[1]);
      return found ? { status: 200, body: found } : missing(`invoice: '${inv[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const r = {
        id: rid('re'),
        object: 'refund',
        payment_intent: params.payment_intent,
        amount: refundable(text(params.payment_intent)),
        reason: params.reason ?? null,
        status: 'succeeded',
      };
      fake.refunds.push(r);
      return { status: 200, body: r };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub?.[1]) {
      const found = fake.subscriptions.get(sub[1]);
      if (!found) return missing(`subscription: '${sub[1]}'`);
      if (method === 'DELETE') {
        Object.assign(found, { status: 'canceled', canceled_at: nowSec(), ended_at: nowSec() });
        return { status: 200, body: found };
      }
      if (method === 'POST') {
        fake.subscriptionUpdates.push({ id: sub[1], params });
        const declined = updateSubscription(found, params);
        if (declined) return declined;
      }
      return { status: 200, body: expand(found, params) };
    }
    return missing(`route: ${method} ${path}`);
  }

  /** Stripe prorates by the second: the new price minus the old for the part of the period left. */
  function proration(sub: Obj, price: Obj, at: number): number {
    const item = itemOf(sub);
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const old = Number((item.price as Obj).unit_amount);
    const left = Math.min(Math.max(end - at, 0), end - start);
    return Math.max(0, Math.round(((Number(price.unit_amount) - old) * left) / (end - start)));
  }

  const refundable = (paymentIntent: string) => {
    for (const i of fake.invoices.values()) {
      const paid = ((i.payments as { data: Obj[] }).data ?? []).find(
        (p) => (p.payment as Obj).payment_intent === paymentIntent,
      );
      if (paid) return Number(paid.amount_paid);
    }
    return 0;
  };

  /** `expand[]=latest_invoice` (and `latest_invoice.payments`, always included here) as Stripe expands it. */
  function expand(sub: Obj, params: Params): Obj {
    const wanted = Object.values((params.expand ?? {}) as Record<string, string>).concat(
      Array.isArray(params.expand) ? (params.expand as string[]) : [],
    );
    if (!wanted.some((e) => e.startsWith('latest_invoice'))) return sub;
    return { ...sub, latest_invoice: fake.invoices.get(String(sub.latest_invoice)) ?? null };
  }

  /** cancel_at_period_end, metadata, and an item's price with proration_behavior; a 402 when declined. */
  function updateSubscription(sub: Obj, params: Params) {
    const items = (params.items as Params[] | undefined) ?? [];
    const newPrice = items[0]?.price ? fake.prices.get(text(items[0].price)) : undefined;
    if (items[0] && !newPrice) return missing(`price: '${text(items[0].price)}'`);
    let charge = 0;
    if (newPrice && params.proration_behavior === 'always_invoice') {
      charge = proration(sub, newPrice, Number(params.proration_date ?? nowSec()));
      if (charge > 0 && fake.declineNextCharge) {
        fake.declineNextCharge = false;
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        };
      }
    }
    if (params.cancel_at_period_end !== undefined)
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
    if (params.metadata) sub.metadata = { ...(sub.metadata as Obj), ...(params.metadata as Obj) };
    if (newPrice) itemOf(sub).price = newPrice;
    if (charge > 0) {
      const invoice = invoiceFor(sub, charge, 'subscription_update');
      fake.invoices.set(invoice.id as string, invoice);
      sub.latest_invoice = invoice.id;
    }
    return null;
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
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (typeof key === 'string' && replays.has(`${url.pathname}|${key}`)) {
        answer = replays.get(`${url.pathname}|${key}`)!;
      } else {
        // GET and DELETE carry their parameters (expand[]) in the query string, POST in the body.
        const body = method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
        answer = route(method, url.pathname, parseStripeForm(body));
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
    // An accessor, not a copy: the routes read the flag on the inner object.
    get declineNextCharge() {
      return fake.declineNextCharge;
    },
    set declineNextCharge(v: boolean) {
      fake.declineNextCharge = v;
    },
    completeSubscriptionCheckout(id) {
      const s = session(id);
      const subscription = subscriptionFor(s, lineItems.get(id)?.[0]);
      const invoice = invoiceFor(subscription, s.amount_total as number, 'subscription_create');
      fake.invoices.set(invoice.id as string, invoice);
      subscription.latest_invoice = invoice.id;
      fake.subscriptions.set(subscription.id as string, subscription);
      Object.assign(s, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return { session: { ...s }, subscription, invoice };
    },
    completePaymentCheckout(id, paymentStatus) {
      const s = session(id);
      // invoice_creation.enabled: Stripe makes (and, once paid, finalises) an invoice for the payment.
      const wantsInvoice = (s.invoice_creation as Params | undefined)?.enabled === 'true';
      if (wantsInvoice && paymentStatus === 'paid' && !s.invoice) {
        const invoice = invoiceFor(null, s.amount_total as number, 'manual', s.customer);
        fake.invoices.set(invoice.id as string, invoice);
        s.invoice = invoice.id;
      }
      Object.assign(s, {
        status: 'complete',
        payment_status: paymentStatus,
        payment_intent: s.payment_intent ?? rid('pi'),
      });
      return { ...s };
    },
    renewSubscription(id) {
      const sub = fake.subscriptions.get(id);
      if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
      const item = itemOf(sub);
      const price = item.price as Obj;
      const span = (price.recurring as Obj).interval === 'year' ? 365 * 86_400 : 30 * 86_400;
      item.current_period_start = item.current_period_end;
      item.current_period_end = Number(item.current_period_end) + span;
      const invoice = invoiceFor(sub, Number(price.unit_amount), 'subscription_cycle');
      fake.invoices.set(invoice.id as string, invoice);
      sub.latest_invoice = invoice.id;
      return { subscription: sub, invoice };
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
