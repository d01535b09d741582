// What a plan change starts from (decision 0060): the user's subscription, the two plans, the billing
// cycle and period, the prices, and what the rules decide. Read once; the preview and the change itself
// both act on it.
import type { BillingCycle } from '#shared/constants/plans.ts';
import { BILLING_MESSAGES as M } from '#shared/schemas/billing.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { findPlan } from '../catalog/index.ts';
import * as repo from './billing.repo.ts';
import type { PlanPrice } from './payment-provider.ts';
import {
  decidePlanChange,
  resumeDropsScheduledChange,
  type PlanChangeDecision,
} from './plan-change-rules.ts';

export type Plan = NonNullable<Awaited<ReturnType<typeof findPlan>>>;
const cents = (dollars: string | null) => (dollars === null ? null : Math.round(Number(dollars) * 100));
const priceFor = (plan: Plan, cycle: BillingCycle) =>
  cents(cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice);
export interface Situation {
  user: repo.BillingUser;
  subscriptionId: string;
  from: Plan;
  to: Plan;
  cycle: BillingCycle;
  fromCents: number;
  toCents: number | null;
  periodEnd: Date | null;
  decision: PlanChangeDecision;
  /** The downgrade a resume would drop, with its renewal price (decision 0160); null otherwise. */
  scheduled: { plan: Plan; cents: number } | null;
}

export async function situation(ctx: AppContext, userId: string, planId: string): Promise<Situation> {
  const to = await findPlan(ctx.db, planId);
  if (!to) throw badRequest(M.unknownPlan);
  if (!to.isActive) throw badRequest(M.planUnavailable);
  const user = await repo.findBillingUser(ctx.db, userId);
  if (!user) throw badRequest('Unknown user');
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId) throw conflict(user.subscriptionPlan === planId ? M.alreadyOnPlan : M.noPlanToChange);
  // Linked at checkout but its first invoice not yet paid: there is no plan to change yet.
  if (user.subscriptionPlan === 'free') throw conflict(M.subscriptionProcessing);
  const from = await findPlan(ctx.db, user.subscriptionPlan);
  if (!from) throw badRequest(M.unknownPlan);
  let cycle: BillingCycle | null = user.subscriptionBillingCycle;
  let periodEnd: Date | null = user.subscriptionPeriodEnd;
  if (!cycle || !periodEnd) {
    // Not stored yet (a subscription from before these columns): ask the provider.
    const sub = await ctx.billing.retrieveSubscription(subscriptionId);
    cycle ??= sub.billingCycle;
    periodEnd ??= sub.currentPeriodEnd;
  }
  const billed: BillingCycle = cycle ?? 'monthly';
  const fromCents = priceFor(from, billed) ?? 0;
  const toCents = priceFor(to, billed);
  const state = {
    planId: from.id,
    status: user.subscriptionStatus,
    pendingPlanId: user.subscriptionPendingPlan,
    cycle: billed,
  };
  const decision = decidePlanChange(
    state,
    { planId: to.id, isFree: to.id === 'free' || toCents === 0 },
    fromCents,
    toCents,
  );
  const pending =
    'kind' in decision && resumeDropsScheduledChange(state, decision.kind) && state.pendingPlanId
      ? await findPlan(ctx.db, state.pendingPlanId)
      : null;
  const scheduled = pending ? { plan: pending, cents: priceFor(pending, billed) ?? 0 } : null;
  return {
    user,
    subscriptionId,
    from,
    to,
    cycle: billed,
    fromCents,
    toCents,
    periodEnd,
    decision,
    scheduled,
  };
}

export function decided(s: Situation) {
  if ('refused' in s.decision)
    throw new AppError(s.decision.status === 400 ? 'bad_request' : 'conflict', s.decision.refused);
  return s.decision.kind;
}

export const planPrice = (s: Situation, plan: Plan, amountCents: number): PlanPrice => ({
  userId: s.user.id,
  planId: plan.id,
  planName: plan.name,
  billingCycle: s.cycle,
  amountCents,
});
