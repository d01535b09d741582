// What a batch costs before it starts. The server charges the photos one after another by the
// single-photo rules (#shared/rules/credits.ts): a paid run comes from the monthly allowance first, then
// from credits; the whole batch is refused if the balance cannot pay for every photo. Two copies of one
// photo in the same batch make the second a free regeneration on the server, so this is an upper bound.
import { chargeSource, transformationCost, type Balance } from '#shared/rules/credits.ts';
import { allowanceLeft, isUnlimited } from '#shared/rules/plans.ts';
import type { Usage } from '#shared/schemas/staging.ts';

export interface BatchCost {
  photos: number;
  /** Photos that are free regenerations (staged once or twice before). */
  free: number;
  /** Photos that cost a transformation or a credit. */
  paid: number;
  unlimited: boolean;
  /** Paid photos taken from the monthly allowance / from credits. */
  fromAllowance: number;
  fromCredits: number;
  /** Paid photos nothing is left to pay for: the batch cannot start while this is above 0. */
  short: number;
  /** What the account can pay for now (allowance left plus credits); Infinity when unlimited. */
  available: number;
}

/**
 * `earlierRuns[i]` is how many transformations of photo i the user already has (0 for a new photo;
 * null while unknown, counted as a new photo so the figure is never too low).
 */
export function batchCost(
  earlierRuns: readonly (number | null)[],
  usage: Pick<Usage, 'usage' | 'limit' | 'credits'>,
): BatchCost {
  const costs = earlierRuns.map((n) => transformationCost(n ?? 0));
  const free = costs.filter((c) => c.creditsCost === 0).length;
  const paid = costs.length - free;
  // Each photo is paid as a single run would be (chargeSource), from what the photos before it left.
  const balance: Balance = { limit: usage.limit, usage: usage.usage, credits: Math.max(0, usage.credits) };
  const available = isUnlimited(usage.limit) ? Infinity : allowanceLeft(balance) + balance.credits;
  const taken = { unlimited: 0, allowance: 0, credit: 0, short: 0 };
  for (const cost of costs) {
    if (cost.creditsCost === 0) continue;
    const source = chargeSource(cost, balance);
    if (source === 'allowance') balance.usage += 1;
    if (source === 'credit') balance.credits -= 1;
    taken[source === null || source === 'free' ? 'short' : source] += 1;
  }
  return {
    photos: costs.length,
    free,
    paid,
    unlimited: isUnlimited(usage.limit),
    fromAllowance: taken.allowance + taken.unlimited,
    fromCredits: taken.credit,
    short: taken.short,
    available,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The cost in one line, e.g. "3 monthly transformations and 17 credits (2 photos are free regenerations)". */
export function batchCostText(c: BatchCost): string {
  const parts: string[] = [];
  if (c.unlimited && c.paid > 0) parts.push(`${plural(c.paid, 'transformation')} from your unlimited plan`);
  if (!c.unlimited && c.fromAllowance > 0) parts.push(plural(c.fromAllowance, 'monthly transformation'));
  if (c.fromCredits > 0) parts.push(plural(c.fromCredits, 'credit'));
  const paidText = parts.length > 0 ? parts.join(' and ') : 'Nothing';
  const freeText =
    c.free > 0 ? ` (${plural(c.free, 'photo is a free regeneration', 'photos are free regenerations')})` : '';
  return `${paidText}${freeText}`;
}

/** Said when the balance cannot pay for every photo; null when it can. */
export function shortfallText(c: BatchCost): string | null {
  if (c.short <= 0) return null;
  return `These ${plural(c.paid, 'photo')} need ${c.paid} transformations or credits, but you have ${c.available} left. Remove ${plural(c.short, 'photo')} or buy credits to stage them all.`;
}

/** Why the start waits: photos whose room type was not detected and is not chosen yet. */
export function chooseRoomTypeCount(n: number): string {
  return n === 1
    ? 'Choose a room type for 1 photo (it was not detected), or one room type for all photos, to start.'
    : `Choose a room type for ${n} photos (they were not detected), or one room type for all photos, to start.`;
}
