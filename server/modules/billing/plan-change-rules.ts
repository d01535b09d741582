import type { BillingCycle } from '#shared/constants/plans.ts';
import type { PlanChangeKind } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M } from '#shared/schemas/billing.ts';

// What choosing a plan means for someone who already pays (decision 0060), as plain functions. Services
// apply the answer; these only decide.
//   more expensive plan  -> 'upgrade' now, the difference for the rest of the period charged at once
//   cheaper paid plan    -> 'downgrade' at the period end, no refund, no charge now
//   Free                 -> 'cancel' at the period end (the same as Cancel Subscription)
//   the current plan while cancelled or with a downgrade scheduled -> 'resume': renews as it is
// The billing cycle of the running subscription is kept: a change never turns monthly into yearly.

export interface SubscriberState {
  planId: string;
  /** 'active', 'canceling', 'past_due', ... */
  status: string;
  pendingPlanId: string | null;
  cycle: BillingCycle;
}

export type PlanChangeDecision = { kind: PlanChangeKind } | { refused: string; status: 400 | 409 };

const refuse = (refused: string, status: 400 | 409 = 409) => ({ refused, status });

/**
 * `currentCents` and `targetCents` are the two plans' prices for the subscription's cycle (null: the
 * target has no price for that cycle).
 */
export function decidePlanChange(
  s: SubscriberState,
  target: { planId: string; isFree: boolean },
  currentCents: number,
  targetCents: number | null,
): PlanChangeDecision {
  const canceling = s.status === 'canceling';
  if (s.status !== 'active' && !canceling) return refuse(M.paymentIssue);
  if (target.isFree) return canceling ? refuse(M.alreadyEnding) : { kind: 'cancel' };
  if (target.planId === s.planId) {
    return canceling || s.pendingPlanId ? { kind: 'resume' } : refuse(M.alreadyOnPlan);
  }
  if (targetCents === null) return refuse(M.noYearlyPrice, 400);
  if (targetCents > currentCents) return { kind: 'upgrade' };
  if (!canceling && s.pendingPlanId === target.planId) return refuse(M.downgradeScheduled);
  return { kind: 'downgrade' };
}

/**
 * A resume that would silently drop a downgrade already scheduled (issue 34, decision 0160): the plan was
 * cancelled after the downgrade was booked, so renewing "as it is" is ambiguous and the agent chooses.
 * Without the cancellation, choosing the current plan is itself the way to drop the downgrade.
 */
export function resumeDropsScheduledChange(s: SubscriberState, kind: PlanChangeKind): boolean {
  return (
    kind === 'resume' && s.status === 'canceling' && s.pendingPlanId !== null && s.pendingPlanId !== s.planId
  );
}

/**
 * The prorated charge of an upgrade made at `at`: the price difference for the share of the period still
 * to run, by the second (how Stripe prorates), rounded to the cent; never negative.
 */
export function proratedUpgradeCents(
  fromCents: number,
  toCents: number,
  period: { start: Date; end: Date },
  at: Date,
): number {
  const total = period.end.getTime() - period.start.getTime();
  if (total <= 0) return 0;
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), total);
  return Math.max(0, Math.round(((toCents - fromCents) * left) / total));
}

/** "Dec 23, 2026", in UTC: dates in e-mails and stored descriptions do not depend on the server's zone. */
export const formatDay = (d: Date) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

/** Cents to "$29.00". */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;
