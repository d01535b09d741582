// The Billing tab's payment history: subscription payments and credit purchases in one list.
import type { CreditPurchase, Payment } from '#shared/schemas/billing.ts';
import { titleCase } from '#client/lib/format.ts';

export interface PaymentRow {
  id: string;
  kind: 'subscription' | 'credits';
  description: string;
  /** Dollars. */
  amount: number;
  status: string;
  createdAt: string;
  /** The payment whose receipt page this row links (/receipts/:id); null for a row without one. */
  receiptId: string | null;
  /** Stripe's hosted invoice, when Stripe is configured. */
  invoiceUrl: string | null;
}

/**
 * A credit pack is stored twice (a credit purchase and a payment with no plan), so the payment copy is
 * skipped: the purchase row says how many credits it bought. Newest first.
 */
export function paymentHistory(
  payments: readonly Payment[],
  purchases: readonly CreditPurchase[],
): PaymentRow[] {
  const subs: PaymentRow[] = payments
    .filter((p) => p.planId !== null)
    .map((p) => ({
      id: p.id,
      kind: 'subscription',
      description: `${titleCase(p.planId ?? '')} Plan subscription`,
      amount: p.amount,
      status: p.status,
      createdAt: p.createdAt,
      receiptId: p.id,
      invoiceUrl: p.invoiceUrl,
    }));
  const invoiceOf = new Map(payments.map((p) => [p.id, p.invoiceUrl]));
  const packs: PaymentRow[] = purchases.map((c) => ({
    id: c.id,
    kind: 'credits',
    description: `${c.creditsReceived} credits`,
    amount: c.amount,
    status: c.status,
    createdAt: c.createdAt,
    receiptId: c.paymentId,
    invoiceUrl: (c.paymentId && invoiceOf.get(c.paymentId)) ?? null,
  }));
  return [...subs, ...packs].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.id.localeCompare(b.id),
  );
}

/** 'succeeded' reads 'Paid'; other provider statuses are shown title-cased. */
export const paymentStatusLabel = (status: string) => (status === 'succeeded' ? 'Paid' : titleCase(status));
