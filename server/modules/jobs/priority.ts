import type { PlanId } from '#shared/constants/plans.ts';

/**
 * Plan priority as a head start in seconds: a job is served in order of (enqueue time − head start),
 * earliest first. So Premium goes before Pro before Free whenever the queue is shorter than the head
 * starts (practically always), jobs of one plan run first in, first out, and a Free job is never
 * passed by a paying job enqueued more than PREMIUM's head start after it: its extra wait is bounded
 * by the work that paying users enqueue in those two minutes, and it cannot starve.
 */
export const HEAD_START_SECONDS: Record<PlanId, number> = { premium: 120, pro: 60, free: 0 };

// pg-boss orders by an int4 priority, highest first; seconds since this epoch stay in range until 2093.
const EPOCH_MS = Date.UTC(2025, 0, 1);

export function jobPriority(plan: PlanId, enqueuedAt: Date): number {
  const seconds = Math.floor((enqueuedAt.getTime() - EPOCH_MS) / 1000);
  return (HEAD_START_SECONDS[plan] ?? 0) - seconds;
}
