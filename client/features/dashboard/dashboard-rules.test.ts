import { describe, expect, it } from 'vitest';
import { displayTitle, titleCase } from './display-title.ts';
import { formatDate, formatDateTime, formatFileDate, formatMoney } from './formats.ts';
import { applyHistoryView, DEFAULT_VIEW, filterOptions } from './history-sort.ts';
import { previousStyles, regenerationNotice, transformButtonLabel } from './regeneration.ts';
import { usagePercent, usageText } from './usage-rules.ts';
import { paymentHistory, paymentStatusLabel } from './payment-history.ts';

describe('display title', () => {
  it('uses the custom title when it is not blank', () => {
    expect(displayTitle({ userTitle: '  Sunny den ', style: 'modern', roomType: 'office' })).toBe('Sunny den');
  });
  it('falls back to the title-cased style and room type', () => {
    expect(displayTitle({ userTitle: null, style: 'modern', roomType: 'living-room' })).toBe('Modern Living Room');
    expect(displayTitle({ userTitle: '   ', style: 'scandinavian', roomType: 'dining-room' })).toBe('Scandinavian Dining Room');
    expect(titleCase('bedroom')).toBe('Bedroom');
  });
});

describe('regeneration wording', () => {
  it('count 0: a new photo, no notice', () => {
    expect(regenerationNotice(0)).toBeNull();
    expect(transformButtonLabel(0)).toBe('Transform Room');
  });
  it('count 1: 2 free left', () => {
    expect(regenerationNotice(1)).toBe('This image has been transformed 1 time before. You have 2 free regenerations left.');
    expect(transformButtonLabel(1)).toBe('Regenerate for FREE (2 left)');
  });
  it('count 2: the final free one', () => {
    expect(regenerationNotice(2)).toBe('This image has been transformed 2 times before. This is your final free regeneration.');
    expect(transformButtonLabel(2)).toBe('Regenerate for FREE (1 left)');
  });
  it('count 3 and more: 1 credit each', () => {
    expect(regenerationNotice(3)).toBe('This image has been transformed 3 times before. Further regenerations cost 1 credit each.');
    expect(regenerationNotice(7)).toContain('1 credit each');
    expect(transformButtonLabel(3)).toBe('Regenerate (1 credit)');
  });
  it('shows up to 3 previous styles, then +n more', () => {
    expect(previousStyles(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(previousStyles(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('formats', () => {
  const d = new Date(2025, 2, 5, 14, 7);
  it('dates', () => {
    expect(formatDate(d)).toBe('Mar 05, 2025');
    expect(formatDateTime(d)).toBe('Mar 05, 2025 • 2:07 PM');
    expect(formatFileDate(d)).toBe('2025-03-05');
    expect(formatDate(d.toISOString())).toBe('Mar 05, 2025');
  });
  it('money in dollars with 2 decimals', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoney(290)).toBe('$290.00');
    expect(formatMoney(1.5)).toBe('$1.50');
  });
});

describe('usage', () => {
  it('shows used / limit or infinity', () => {
    expect(usageText({ usage: 2, limit: 3 })).toBe('2 / 3');
    expect(usageText({ usage: 9, limit: -1 })).toBe('9 / ∞');
    expect(usagePercent({ usage: 3, limit: 50 })).toBe(6);
    expect(usagePercent({ usage: 9, limit: 3 })).toBe(100);
  });
});

describe('history sort and filters', () => {
  const items = [
    { id: '1', style: 'modern', roomType: 'bedroom', userTitle: null, createdAt: '2025-01-01T10:00:00Z' },
    { id: '2', style: 'bohemian', roomType: 'kitchen', userTitle: 'Zen kitchen', createdAt: '2025-01-03T10:00:00Z' },
    { id: '3', style: 'industrial', roomType: 'bedroom', userTitle: '', createdAt: '2025-01-02T10:00:00Z' },
  ] as const;
  const ids = (v: Partial<typeof DEFAULT_VIEW>) => applyHistoryView(items, { ...DEFAULT_VIEW, ...v }).map((t) => t.id);
  it('sorts by date, style or title in both directions', () => {
    expect(ids({})).toEqual(['2', '3', '1']);
    expect(ids({ dir: 'asc' })).toEqual(['1', '3', '2']);
    expect(ids({ sort: 'style', dir: 'asc' })).toEqual(['2', '3', '1']);
    expect(ids({ sort: 'title', dir: 'asc' })).toEqual(['3', '1', '2']);
    expect(ids({ sort: 'title', dir: 'desc' })).toEqual(['2', '1', '3']);
  });
  it('filters by style and room, with options built from the values present', () => {
    expect(ids({ room: 'bedroom' })).toEqual(['3', '1']);
    expect(ids({ style: 'modern', room: 'kitchen' })).toEqual([]);
    expect(filterOptions(items)).toEqual({ styles: ['modern', 'bohemian', 'industrial'], rooms: ['bedroom', 'kitchen'] });
  });
});

describe('payment history', () => {
  it('lists subscription payments and credit purchases, newest first, without the pack payment copy', () => {
    const rows = paymentHistory(
      [
        { id: 'p1', planId: 'pro', description: null, invoiceUrl: null, amount: 29, currency: 'usd', status: 'succeeded', createdAt: '2025-01-02T00:00:00Z' },
        { id: 'p2', planId: null, description: null, invoiceUrl: 'https://invoice.stripe.com/i/x', amount: 15, currency: 'usd', status: 'succeeded', createdAt: '2025-01-01T00:00:00Z' },
      ],
      [{ id: 'c1', paymentId: 'p2', packageId: 'starter', creditsReceived: 10, amount: 15, currency: 'usd', status: 'succeeded', createdAt: '2025-01-01T00:00:00Z' }],
    );
    expect(rows.map((r) => [r.id, r.kind, r.description, r.receiptId, r.invoiceUrl])).toEqual([
      ['p1', 'subscription', 'Pro Plan subscription', 'p1', null],
      ['c1', 'credits', '10 credits', 'p2', 'https://invoice.stripe.com/i/x'],
    ]);
    expect(paymentStatusLabel('succeeded')).toBe('Paid');
    expect(paymentStatusLabel('requires_payment')).toBe('Requires Payment');
  });
});
