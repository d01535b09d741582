import type { BillingCycle } from '#shared/constants/plans.ts';
import { render, type Rendered } from '../../lib/mail/templates.ts';
import { formatCents, formatDay } from './plan-change-rules.ts';

// What each payment bought, in words. Written once onto the payment row at fulfilment, so the e-mail, the
// receipt page and payment history all say the same thing, even after the catalogue changes.

export const packDescription = (packageName: string, credits: number) =>
  `${packageName}: ${credits} credits added to your balance (credits never expire)`;

export function periodDescription(planName: string, cycle: BillingCycle | null, periodEnd: Date | null) {
  const billed = cycle ? ` (${cycle})` : '';
  return `${planName} plan${billed}${periodEnd ? `, paid until ${formatDay(periodEnd)}` : ''}`;
}

export const upgradeDescription = (fromPlan: string, toPlan: string, periodEnd: Date | null) =>
  `Upgrade ${fromPlan ? `from ${fromPlan} ` : ''}to ${toPlan}: the price difference for the rest of the current period${
    periodEnd ? ` (to ${formatDay(periodEnd)})` : ''
  }, prorated`;

export interface ReceiptMail {
  firstName: string | null;
  paymentId: string;
  number: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  description: string;
  receiptUrl: string;
  invoiceUrl: string | null;
}

/** A short reference people can quote to support. */
export const receiptNumber = (paymentId: string) => paymentId.slice(0, 8).toUpperCase();

export function receiptEmail(r: ReceiptMail): Rendered {
  const amount = formatCents(r.amountCents);
  return render({
    subject: `Your Roomstage receipt ${r.number}: ${amount}`,
    firstName: r.firstName,
    paragraphs: [
      'Thank you for your payment. This is your receipt.',
      `Receipt ${r.number}, paid ${formatDay(r.paidAt)}`,
      `What you bought: ${r.description}`,
      `Amount paid: ${amount} (${r.currency.toUpperCase()})`,
      ...(r.invoiceUrl ? [`Stripe invoice: ${r.invoiceUrl}`] : []),
    ],
    action: { label: 'View receipt', url: r.receiptUrl },
    footer:
      'Keep this e-mail for your records. Questions about a payment? Reply to this e-mail or contact support.',
  });
}
