// What a batch costs before it starts. The server charges the photos one after another by the
// single-photo rules (#shared/rules/credits.ts): a paid run comes from the monthly allowance first, then
// from credits; the whole batch is refused if the balance cannot pay for every photo. Two copies of one
// photo in the same batch make the second a free regeneration on the server, so this is an upper bound.
import { transformationCost } from '#shared/rules/credits.ts';
import { allowanceLeft as allowanceLeftOf, isUnlimited } from '#shared/rules/plans.ts';
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
  const free = earlierRuns.filter((n) => n !== null && transformationCost(n).creditsCost === 0).length;
  const paid = earlierRuns.length - free;
  const base = { photos: earlierRuns.length, free, paid };
  if (isUnlimited(usage.limit)) {
    return { ...base, unlimited: true, fromAllowance: paid, fromCredits: 0, short: 0, available: Infinity };
  }
  const allowanceLeft = allowanceLeftOf(usage);
  const credits = Math.max(0, usage.credits);
  const fromAllowance = Math.min(paid, allowanceLeft);
  const fromCredits = Math.min(paid - fromAllowance, credits);
  return {
    ...base,
    unlimited: false,
    fromAllowance,
    fromCredits,
    short: paid - fromAllowance - fromCredits,
    available: allowanceLeft + credits,
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
