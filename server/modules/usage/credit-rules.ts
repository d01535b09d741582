// The money rules of staging, as plain functions. Services apply them inside
// one transaction; these only decide.

import { UNLIMITED } from '#shared/constants/plans.ts';

/** Earlier transformations of the same photo that are free regenerations (the 2nd and 3rd runs). */
export const FREE_REGENERATIONS = 2;

export interface Cost {
  /** 0 for a free regeneration, otherwise 1. */
  creditsCost: 0 | 1;
  isRegeneration: boolean;
}

/**
 * `previous` is how many earlier (not failed) transformations of the same photo this user has: 0 means
 * a new photo (costs 1), 1 and 2 are free regenerations, 3 and more cost 1 each again.
 */
export function transformationCost(previous: number): Cost {
  if (previous <= 0) return { creditsCost: 1, isRegeneration: false };
  return { creditsCost: previous <= FREE_REGENERATIONS ? 0 : 1, isRegeneration: true };
}

/** Where a transformation's cost is taken from. Stored on the row so a failure refunds the same place. */
export type ChargeSource = 'free' | 'unlimited' | 'allowance' | 'credit';

export interface Account {
  /** The plan's monthlyTransformations; -1 is unlimited. */
  limit: number;
  monthlyUsage: number;
  creditsBalance: number;
}

/** How a cost is paid, or null when it cannot be (no allowance left and no credits). */
export function chargeSource(cost: Cost, a: Account): ChargeSource | null {
  if (cost.creditsCost === 0) return 'free';
  if (a.limit === UNLIMITED) return 'unlimited';
  if (a.monthlyUsage < a.limit) return 'allowance';
  if (a.creditsBalance >= 1) return 'credit';
  return null;
}

/** The dashboard's blocking rule: no credits, a limited plan, and the allowance used up. */
export const isOutOfCredits = (a: Account) => a.creditsBalance <= 0 && a.limit !== UNLIMITED && a.monthlyUsage >= a.limit;

/** Adds whole calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * The monthly reset: when the reset date has passed (or was never set) usage goes back to 0 and the
 * date moves forward by whole months until it lies in the future. Returns null when nothing is due.
 */
export function dueReset(usageResetDate: Date | null, now: Date): { nextResetDate: Date } | null {
  if (usageResetDate && usageResetDate.getTime() > now.getTime()) return null;
  if (!usageResetDate) return { nextResetDate: addMonths(now, 1) };
  let next = usageResetDate;
  let months = 0;
  while (next.getTime() <= now.getTime()) next = addMonths(usageResetDate, ++months);
  return { nextResetDate: next };
}
