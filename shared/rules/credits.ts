// The money rules of staging, as plain functions shared by the server (which applies them inside one
// transaction) and the client (which tells the agent what a run will cost before they click).
import { allowanceLeft, isUnlimited } from './plans.ts';

/**
 * Earlier transformations of the same photo that are free regenerations: the first run of a photo
 * costs 1, the 2nd and 3rd runs are free, every run after costs 1 again.
 */
export const FREE_REGENERATIONS = 2;

/** `previous` earlier (not failed) transformations of the same photo: is the next run a free regeneration? */
export const isFreeRegeneration = (previous: number) => previous > 0 && previous <= FREE_REGENERATIONS;

/** Free regenerations left for the next run of a photo with `previous` earlier runs (this one included). */
export const freeRegenerationsLeft = (previous: number) =>
  isFreeRegeneration(previous) ? FREE_REGENERATIONS - previous + 1 : 0;

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
  return { creditsCost: isFreeRegeneration(previous) ? 0 : 1, isRegeneration: true };
}

/** Where a transformation's cost is taken from. Stored on the row so a failure refunds the same place. */
export type ChargeSource = 'free' | 'unlimited' | 'allowance' | 'credit';

/** What an account can pay with: the plan's monthly limit (-1 unlimited), the usage this period, credits. */
export interface Balance {
  limit: number;
  usage: number;
  credits: number;
}

/** How a cost is paid, or null when it cannot be (no allowance left and no credits). */
export function chargeSource(cost: Cost, b: Balance): ChargeSource | null {
  if (cost.creditsCost === 0) return 'free';
  if (isUnlimited(b.limit)) return 'unlimited';
  if (allowanceLeft(b) > 0) return 'allowance';
  if (b.credits >= 1) return 'credit';
  return null;
}

/** No credits, a limited plan and the allowance used up: a paid run cannot start (the red card). */
export const isOutOfCredits = (b: Balance) =>
  chargeSource({ creditsCost: 1, isRegeneration: false }, b) === null;
