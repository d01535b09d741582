// What the next run of a photo costs and whether it may start, told to the agent before they click.
// The rule is the server's (#shared/rules/credits.ts): a free regeneration is never blocked, a paid
// run comes from the monthly allowance first, then from credits.
import { chargeSource, freeRegenerationsLeft, transformationCost } from '#shared/rules/credits.ts';
import { allowanceLeft } from '#shared/rules/plans.ts';
import type { ExistingTransformations, Usage } from '#shared/schemas/staging.ts';
import { FREE_REGENERATIONS_FEATURE } from '#shared/constants/figures.ts';

export type RunCharge =
  | { kind: 'free'; freeLeft: number }
  | { kind: 'unlimited' }
  | { kind: 'allowance'; left: number }
  | { kind: 'credit'; credits: number }
  | { kind: 'blocked' }
  /** Signed out, or usage not loaded yet: the server decides. */
  | { kind: 'unknown' };

/** `count` is how many transformations of this photo the user already has (0 for a new photo). */
export function runCharge(
  count: number,
  usage: Pick<Usage, 'usage' | 'limit' | 'credits'> | null | undefined,
): RunCharge {
  const cost = transformationCost(count);
  if (cost.creditsCost === 0) return { kind: 'free', freeLeft: freeRegenerationsLeft(count) };
  if (!usage) return { kind: 'unknown' };
  switch (chargeSource(cost, usage)) {
    case 'unlimited':
      return { kind: 'unlimited' };
    case 'allowance':
      return { kind: 'allowance', left: allowanceLeft(usage) };
    case 'credit':
      return { kind: 'credit', credits: usage.credits };
    default:
      return { kind: 'blocked' };
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One sentence saying what the next run of this photo costs; null when we cannot know. */
export function runCostText(charge: RunCharge): string | null {
  switch (charge.kind) {
    case 'free':
      return charge.freeLeft === 1
        ? 'Your next regeneration of this photo is free (the last free one).'
        : `Your next ${plural(charge.freeLeft, 'regeneration', 'regenerations')} of this photo are free.`;
    case 'unlimited':
      return 'Regenerations are included in your unlimited plan.';
    case 'allowance':
      return `This run uses 1 of your monthly transformations (${charge.left} left).`;
    case 'credit':
      return `This run costs 1 credit (you have ${plural(charge.credits, 'credit', 'credits')}).`;
    case 'blocked':
      return "You have no transformations or credits left, so this run can't start.";
    case 'unknown':
      return null;
  }
}

/** The result card's line: what "Try Different Style" will cost, before it is clicked. */
export function regenerationCostText(charge: RunCharge): string | null {
  switch (charge.kind) {
    case 'free':
      return charge.freeLeft === 1
        ? 'Try Different Style: 1 free regeneration left for this photo.'
        : `Try Different Style: ${charge.freeLeft} free regenerations left for this photo.`;
    case 'unlimited':
      return 'Try Different Style: included in your unlimited plan.';
    case 'allowance':
      return `Try Different Style: free regenerations used; the next one uses 1 of your monthly transformations (${charge.left} left).`;
    case 'credit':
      return 'Try Different Style: free regenerations used; the next one costs 1 credit.';
    case 'blocked':
      return 'Free regenerations used and no credits left: buy credits or upgrade to try another style.';
    case 'unknown':
      return `${FREE_REGENERATIONS_FEATURE}, then 1 credit each.`;
  }
}

/** True when the run costs something the agent pays for (a credit or a monthly transformation). */
export const isPaidRun = (charge: RunCharge) => charge.kind === 'credit' || charge.kind === 'allowance';

type Run = ExistingTransformations['existingTransformations'][number];

/**
 * The photo's earlier runs, each once. The server's check of the photo and a run that has just finished
 * arrive in either order, and the check may already include that run: counting it twice would tell the
 * agent a free regeneration is used up; dropping it would offer a paid run as free.
 */
export function mergeRuns(known: readonly Run[], added: readonly Run[]): Run[] {
  const ids = new Set(known.map((r) => r.id));
  return [...known, ...added.filter((r) => !ids.has(r.id))];
}
