import { describe, expect, it } from 'vitest';
import { paymentHistory, paymentStatusLabel } from './payment-history.ts';

describe('payment history', () => {
  it('lists subscription payments and credit purchases, newest first, without the pack payment copy', () => {
    const rows = paymentHistory(
      [
        {
          id: 'p1',
          planId: 'pro',
          description: null,
          invoiceUrl: null,
          amount: 29,
          currency: 'usd',
          status: 'succeeded',
          createdAt: '2025-01-02T00:00:00Z',
        },
        {
          id: 'p2',
          planId: null,
          description: null,
          invoiceUrl: 'https://invoice.stripe.com/i/x',
          amount: 15,
          currency: 'usd',
          status: 'succeeded',
          createdAt: '2025-01-01T00:00:00Z',
        },
      ],
      [
        {
          id: 'c1',
          paymentId: 'p2',
          packageId: 'starter',
          creditsReceived: 10,
          amount: 15,
          currency: 'usd',
          status: 'succeeded',
          createdAt: '2025-01-01T00:00:00Z',
        },
      ],
    );
    expect(rows.map((r) => [r.id, r.kind, r.description, r.receiptId, r.invoiceUrl])).toEqual([
      ['p1', 'subscription', 'Pro Plan subscription', 'p1', null],
      ['c1', 'credits', '10 credits', 'p2', 'https://invoice.stripe.com/i/x'],
    ]);
    expect(paymentStatusLabel('succeeded')).toBe('Paid');
    expect(paymentStatusLabel('requires_payment')).toBe('Requires Payment');
  });
});
