// The pricing page's rules, as plain functions (unit-tested).
import type { BillingCycle } from '#shared/constants/plans.ts';
import { UNLIMITED } from '#shared/constants/plans.ts';

/** The static badge next to the Yearly choice. */
export const YEARLY_BADGE = 'Save up to 17%';

/** Dollars with 2 decimals: 29 -> "$29.00". */
export const formatPrice = (dollars: number) => `$${dollars.toFixed(2)}`;

/**
 * Rounded percentage saved by paying yearly instead of 12 months; null when the monthly price is 0
 * (nothing to save) or there is no yearly price.
 */
export function yearlySavingPercent(monthlyPrice: number, yearlyPrice: number | null): number | null {
  if (!(monthlyPrice > 0) || yearlyPrice === null) return null;
  return Math.round(((12 * monthlyPrice - yearlyPrice) / (12 * monthlyPrice)) * 100);
}

/** The price a card shows for the chosen cycle, with its period. */
export function cyclePrice(plan: { monthlyPrice: number; yearlyPrice: number | null }, cycle: BillingCycle) {
  if (cycle === 'yearly' && plan.yearlyPrice !== null) return { amount: plan.yearlyPrice, period: '/year' };
  return { amount: plan.monthlyPrice, period: '/month' };
}

/**
 * What a subscriber pays, for the Billing tab: the yearly price "per year" on a yearly subscription, else
 * the monthly price "per month" (also when the cycle is unknown, e.g. a Stripe subscription not yet re-read).
 */
export function subscribedPrice(
  plan: { monthlyPrice: number; yearlyPrice: number | null },
  cycle: BillingCycle | null,
) {
  const { amount, period } = cyclePrice(plan, cycle ?? 'monthly');
  return { amount, per: period === '/year' ? 'per year' : 'per month' };
}

/** -1 reads 'Unlimited transformations'; otherwise 'N transformations/month'. */
export const transformationsLine = (monthlyTransformations: number) =>
  monthlyTransformations === UNLIMITED
    ? 'Unlimited transformations'
    : `${monthlyTransformations} transformations/month`;

export function planButtonLabel(o: {
  planId: string;
  planName: string;
  isCurrent: boolean;
  isPending: boolean;
}): string {
  if (o.isPending) return 'Processing...';
  if (o.isCurrent) return 'Current Plan';
  if (o.planId === 'free') return 'Get Started Free';
  return `Subscribe to ${o.planName}`;
}

export const creditButtonLabel = (isPending: boolean) => (isPending ? 'Processing...' : 'Buy Credits');

/** The package card's icon: one credit, a small pack (at most 10), or a large one. */
export type CreditIconKind = 'single' | 'small' | 'large';
export const creditIconKind = (credits: number): CreditIconKind =>
  credits <= 1 ? 'single' : credits <= 10 ? 'small' : 'large';

/** The badge a package card wears, by id. */
export function packageBadge(packageId: string): string | null {
  if (packageId === 'popular') return 'Most Popular';
  if (packageId === 'premium') return 'Best Value';
  return null;
}
