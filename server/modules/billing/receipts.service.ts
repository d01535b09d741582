import type { CheckoutResult, Receipt } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M } from '#shared/schemas/billing.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { findPackage } from '../catalog/index.ts';
import { creditsBalance, findLedgerEntry } from '../credits/index.ts';
import * as repo from './billing.repo.ts';
import { receiptEmail, receiptNumber } from './receipt-text.ts';
import { isSessionId } from './test-checkout-provider.ts';

// Receipts: one e-mail per successful payment, sent after the fulfilment's transaction commits (a mail
// failure never undoes a payment), and the in-app receipt page's data.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const receiptPath = (paymentId: string) => `/receipts/${paymentId}`;

/** Sends the receipt of each new payment; failures are logged, never thrown (the payment stands). */
export async function sendReceipts(ctx: AppContext, paymentIds: readonly (string | null)[]): Promise<void> {
  for (const id of paymentIds) {
    if (!id) continue;
    try {
      const row = await repo.findPaymentForReceipt(ctx.db, id);
      if (!row) continue;
      const p = row.payment;
      const mail = receiptEmail({
        firstName: row.firstName,
        paymentId: p.id,
        number: receiptNumber(p.id),
        amountCents: Math.round(Number(p.amount) * 100),
        currency: p.currency,
        paidAt: p.createdAt,
        description: p.description ?? 'Roomstage payment',
        receiptUrl: `${ctx.env.APP_URL}${receiptPath(p.id)}`,
        invoiceUrl: p.invoiceUrl,
      });
      await ctx.mailer.send({ to: row.email, ...mail });
    } catch (err) {
      ctx.logger.error({ err, payment: id }, 'receipt e-mail failed');
    }
  }
}

export async function getReceipt(ctx: AppContext, userId: string, paymentId: string): Promise<Receipt> {
  const row = UUID.test(paymentId) ? await repo.findPaymentForReceipt(ctx.db, paymentId) : null;
  if (!row || row.payment.userId !== userId) throw notFound(M.receiptNotFound);
  const p = row.payment;
  return {
    id: p.id,
    number: receiptNumber(p.id),
    createdAt: p.createdAt.toISOString(),
    amount: Math.round(Number(p.amount) * 100) / 100,
    currency: p.currency,
    status: p.status,
    kind: p.planId ? 'subscription' : 'credits',
    description: p.description ?? (p.planId ? 'Subscription payment' : 'Credit purchase'),
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    invoiceUrl: p.invoiceUrl,
  };
}

/**
 * What a credit checkout the browser came back from gave: 'completed' once the payment has been
 * fulfilled (ledger row for the session), 'canceled' for a cancelled test session, else 'pending'
 * (Stripe's webhook can arrive a moment after the redirect; the page asks again).
 */
export async function checkoutResult(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<CheckoutResult> {
  const test = ctx.billing.kind === 'test';
  if (test ? !isSessionId(sessionId) : !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId))
    throw notFound(M.checkoutNotFound);
  const balance = await creditsBalance(ctx.db, userId);
  let canceled = false;
  let packageId: string | null = null;
  if (test) {
    const row = await repo.findTestSession(ctx.db, sessionId);
    if (!row || row.userId !== userId || row.kind !== 'credits') throw notFound(M.checkoutNotFound);
    canceled = row.status === 'canceled';
    packageId = row.packageId;
  }
  const grant = await findLedgerEntry(ctx.db, userId, test ? 'test_checkout' : 'stripe_checkout', sessionId);
  const pkg = packageId ? await findPackage(ctx.db, packageId) : null;
  return {
    status: grant ? 'completed' : canceled ? 'canceled' : 'pending',
    // The test session names its package; a Stripe session is known here only by its ledger row.
    itemName: pkg?.name ?? null,
    credits: grant?.delta ?? pkg?.credits ?? null,
    creditsBalance: balance,
  };
}
