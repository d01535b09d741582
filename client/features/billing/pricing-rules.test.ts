import { describe, expect, it } from 'vitest';
import {
  creditButtonLabel,
  creditIconKind,
  cyclePrice,
  formatPrice,
  packageBadge,
  planButtonLabel,
  subscribedPrice,
  transformationsLine,
  yearlySavingPercent,
} from './pricing-rules.ts';

describe('pricing rules', () => {
  it('yearly saving: rounded percent of 12 x monthly, only when monthly > 0', () => {
    expect(yearlySavingPercent(29, 290)).toBe(17);
    expect(yearlySavingPercent(79, 790)).toBe(17);
    expect(yearlySavingPercent(10, 120)).toBe(0);
    expect(yearlySavingPercent(0, 0)).toBeNull();
    expect(yearlySavingPercent(29, null)).toBeNull();
  });

  it('formats prices with 2 decimals', () => {
    expect(formatPrice(29)).toBe('$29.00');
    expect(formatPrice(1.18)).toBe('$1.18');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('shows the price of the chosen cycle', () => {
    expect(cyclePrice({ monthlyPrice: 29, yearlyPrice: 290 }, 'monthly')).toEqual({
      amount: 29,
      period: '/month',
    });
    expect(cyclePrice({ monthlyPrice: 29, yearlyPrice: 290 }, 'yearly')).toEqual({
      amount: 290,
      period: '/year',
    });
    expect(cyclePrice({ monthlyPrice: 29, yearlyPrice: null }, 'yearly')).toEqual({
      amount: 29,
      period: '/month',
    });
  });

  it('subscribed price: per year for a yearly subscriber, per month for monthly or unknown', () => {
    const pro = { monthlyPrice: 29, yearlyPrice: 290 };
    expect(subscribedPrice(pro, 'yearly')).toEqual({ amount: 290, per: 'per year' });
    expect(subscribedPrice(pro, 'monthly')).toEqual({ amount: 29, per: 'per month' });
    expect(subscribedPrice(pro, null)).toEqual({ amount: 29, per: 'per month' });
    expect(subscribedPrice({ monthlyPrice: 29, yearlyPrice: null }, 'yearly')).toEqual({
      amount: 29,
      per: 'per month',
    });
  });

  it('transformations line', () => {
    expect(transformationsLine(-1)).toBe('Unlimited transformations');
    expect(transformationsLine(50)).toBe('50 transformations/month');
  });

  it('plan button labels in order: pending, current, free, subscribe', () => {
    const base = { planId: 'pro', planName: 'Pro', isCurrent: false, isPending: false };
    expect(planButtonLabel({ ...base, isPending: true, isCurrent: true })).toBe('Processing...');
    expect(planButtonLabel({ ...base, isCurrent: true })).toBe('Current Plan');
    expect(planButtonLabel({ ...base, planId: 'free', planName: 'Free' })).toBe('Get Started Free');
    expect(planButtonLabel(base)).toBe('Subscribe to Pro');
    expect(creditButtonLabel(false)).toBe('Buy Credits');
    expect(creditButtonLabel(true)).toBe('Processing...');
  });

  it('credit icon by credits and package badges by id', () => {
    expect(creditIconKind(1)).toBe('single');
    expect(creditIconKind(10)).toBe('small');
    expect(creditIconKind(11)).toBe('large');
    expect(packageBadge('popular')).toBe('Most Popular');
    expect(packageBadge('premium')).toBe('Best Value');
    expect(packageBadge('starter')).toBeNull();
  });
});
