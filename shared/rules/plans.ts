// Plan limits, shared by the server (charging) and the client (the usage card, the pricing page).
import { UNLIMITED } from '../constants/plans.ts';

/** A plan's monthly transformations; UNLIMITED (-1) means no monthly limit. */
export const isUnlimited = (limit: number) => limit === UNLIMITED;

/** Monthly transformations still available this period (Infinity on an unlimited plan, never below 0). */
export function allowanceLeft(a: { limit: number; usage: number }): number {
  if (isUnlimited(a.limit)) return Infinity;
  return Math.max(0, a.limit - a.usage);
}
