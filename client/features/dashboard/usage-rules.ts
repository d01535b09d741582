// Usage display and the transform block. Mirrors the server's isOutOfCredits
// (server/modules/usage/credit-rules.ts), which the client may not import.
import { UNLIMITED } from '#shared/constants/plans.ts';
import type { Usage } from '#shared/schemas/staging.ts';

export const isUnlimited = (u: Pick<Usage, 'limit'>) => u.limit === UNLIMITED;

/** Credits 0, a monthly limit, and usage at or above it: the red 'No Credits Available' card. */
export const isOutOfCredits = (u: Pick<Usage, 'usage' | 'limit' | 'credits'>) =>
  u.credits <= 0 && !isUnlimited(u) && u.usage >= u.limit;

/** "used / limit", with an infinity sign for unlimited plans. */
export const usageText = (u: Pick<Usage, 'usage' | 'limit'>) => `${u.usage} / ${isUnlimited(u) ? '∞' : u.limit}`;

/** Percent of the monthly allowance used, 0..100. */
export function usagePercent(u: Pick<Usage, 'usage' | 'limit'>): number {
  if (isUnlimited(u)) return 0;
  if (u.limit <= 0) return 100;
  return Math.min(100, (u.usage / u.limit) * 100);
}
