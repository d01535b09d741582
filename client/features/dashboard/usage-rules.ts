// Usage display: the Monthly Usage card. Whether a run may start is a shared rule (#shared/rules/credits.ts).
import { isUnlimited } from '#shared/rules/plans.ts';
import type { Usage } from '#shared/schemas/staging.ts';

/** "used / limit", with an infinity sign for unlimited plans. */
export const usageText = (u: Pick<Usage, 'usage' | 'limit'>) =>
  `${u.usage} / ${isUnlimited(u.limit) ? '∞' : u.limit}`;

/** Percent of the monthly allowance used, 0..100. */
export function usagePercent(u: Pick<Usage, 'usage' | 'limit'>): number {
  if (isUnlimited(u.limit)) return 0;
  if (u.limit <= 0) return 100;
  return Math.min(100, (u.usage / u.limit) * 100);
}
