import type { BillingCycle } from '#shared/constants/plans.ts';
import type { PlanChangeInput, PlanChangePreview, PlanChangeResult } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M } from '#shared/schemas/billing.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { findPlan } from '../catalog/index.ts';
import * as repo from './billing.repo.ts';
import { cancelSubscription } from './billing.service.ts';
import { applyUpgrade } from './fulfillment.service.ts';
import { PaymentDeclinedError, type PlanPrice } from './payment-provider.ts';
import {
  decidePlanChange,
  formatCents,
  formatDay,
  resumeDropsScheduledChange,
  type PlanChangeDecision,
} from './plan-change-rules.ts';
import { sendReceipts } from './receipts.service.ts';
import { userStatusFor } from './webhook.service.ts';

// A paying subscriber choosing a plan on /pricing (decision 0060): GET previews what would happen (the
// money and the dates the confirmation dialog states), POST does it. Provider calls run before any
// transaction; the database follows what the provider answered.

type Plan = NonNullable<Awaited<ReturnType<typeof findPlan>>>;
const cents = (dollars: string | null) => (dollars === null ? null : Math.round(Number(dollars) * 100));
const priceFor = (plan: Plan, cycle: BillingCycle) =>
  cents(cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice);
/** How far back a previewed proration time is honoured (a dialog left open longer is re-priced). */
const PRORATION_WINDOW_MS = 15 * 60_000;

interface Situation {
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

async function situation(ctx: AppContext, userId: string, planId: string): Promise<Situation> {
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

function decided(s: Situation) {
  if ('refused' in s.decision)
    throw new AppError(s.decision.status === 400 ? 'bad_request' : 'conflict', s.decision.refused);
  return s.decision.kind;
}

const planPrice = (s: Situation, plan: Plan, amountCents: number): PlanPrice => ({
  userId: s.user.id,
  planId: plan.id,
  planName: plan.name,
  billingCycle: s.cycle,
  amountCents,
});

export async function previewPlanChange(
  ctx: AppContext,
  userId: string,
  input: PlanChangeInput,
): Promise<PlanChangePreview> {
  const s = await situation(ctx, userId, input.planId);
  const kind = decided(s);
  const now = ctx.clock();
  const toCents = s.toCents ?? 0;
  const amountDue =
    kind === 'upgrade'
      ? await ctx.billing.previewUpgrade(s.subscriptionId, planPrice(s, s.to, toCents), now)
      : 0;
  const end = s.periodEnd?.toISOString() ?? null;
  // What the next renewal bills: the new plan (upgrade, downgrade), the plan kept (resume), nothing (cancel).
  const next = kind === 'cancel' ? null : kind === 'resume' ? s.fromCents : toCents;
  return {
    kind,
    fromPlanId: s.from.id,
    fromPlanName: s.from.name,
    toPlanId: s.to.id,
    toPlanName: s.to.name,
    billingCycle: s.cycle,
    amountDueNow: amountDue / 100,
    currency: 'usd',
    effectiveDate: kind === 'upgrade' || kind === 'resume' || !end ? now.toISOString() : end,
    periodEnd: end,
    nextPayment: next === null ? null : { amount: next / 100, date: end },
    prorationDate: kind === 'upgrade' ? Math.floor(now.getTime() / 1000) : null,
    scheduledChange: s.scheduled
      ? { planId: s.scheduled.plan.id, planName: s.scheduled.plan.name, amount: s.scheduled.cents / 100 }
      : null,
  };
}

const per = (cycle: BillingCycle) => (cycle === 'yearly' ? 'per year' : 'per month');
const onDate = (d: Date | null) => (d ? `on ${formatDay(d)}` : 'at the end of the billing period');

export async function applyPlanChange(
  ctx: AppContext,
  userId: string,
  input: PlanChangeInput,
): Promise<PlanChangeResult> {
  const s = await situation(ctx, userId, input.planId);
  const kind = decided(s);
  const until = onDate(s.periodEnd);
  if (kind === 'cancel') {
    await cancelSubscription(ctx, userId);
    return {
      kind,
      message: `Your ${s.from.name} plan stays active until the end of the billing period (${formatEnd(s.periodEnd)}). Then you move to the Free plan.`,
    };
  }
  if (kind === 'resume' && s.scheduled) {
    // Resuming would drop a scheduled downgrade: only the agent's explicit choice says which (0160).
    if (!input.scheduledChange) throw badRequest(M.scheduledChangeChoice);
    if (input.scheduledChange === 'keep') {
      const { plan, cents: keptCents } = s.scheduled;
      const { subscription } = await ctx.billing.changePlan(
        s.subscriptionId,
        planPrice(s, plan, keptCents),
        'period_end',
        ctx.clock(),
      );
      await setState(ctx, s, {
        subscriptionStatus: userStatusFor(subscription),
        subscriptionPendingPlan: plan.id,
      });
      return {
        kind,
        message: `Your ${s.from.name} plan is resumed until ${formatEnd(s.periodEnd)}. Then your plan changes to ${plan.name} at ${formatCents(keptCents)} ${per(s.cycle)}.`,
      };
    }
  }
  if (kind === 'resume') {
    // Renew as the current plan: undo the cancellation and any scheduled downgrade.
    const sub = s.user.subscriptionPendingPlan
      ? (
          await ctx.billing.changePlan(
            s.subscriptionId,
            planPrice(s, s.from, s.fromCents),
            'period_end',
            ctx.clock(),
          )
        ).subscription
      : await ctx.billing.resume(s.subscriptionId);
    await setState(ctx, s, { subscriptionStatus: userStatusFor(sub), subscriptionPendingPlan: null });
    return {
      kind,
      message: `Your ${s.from.name} plan will renew ${until} at ${formatCents(s.fromCents)} ${per(s.cycle)}.`,
    };
  }
  const toCents = s.toCents ?? 0;
  if (kind === 'downgrade') {
    const { subscription } = await ctx.billing.changePlan(
      s.subscriptionId,
      planPrice(s, s.to, toCents),
      'period_end',
      ctx.clock(),
    );
    await setState(ctx, s, {
      subscriptionStatus: userStatusFor(subscription),
      subscriptionPendingPlan: s.to.id,
    });
    return {
      kind,
      message: `You keep ${s.from.name} until ${formatEnd(s.periodEnd)}. Then your plan changes to ${s.to.name} at ${formatCents(toCents)} ${per(s.cycle)}.`,
    };
  }
  const now = ctx.clock();
  const asked = input.prorationDate ? new Date(input.prorationDate * 1000) : null;
  const prorationDate =
    asked && asked <= now && now.getTime() - asked.getTime() <= PRORATION_WINDOW_MS ? asked : now;
  let changed;
  try {
    changed = await ctx.billing.changePlan(
      s.subscriptionId,
      planPrice(s, s.to, toCents),
      'now',
      prorationDate,
    );
  } catch (err) {
    if (err instanceof PaymentDeclinedError) throw new AppError('unprocessable', M.paymentDeclined);
    throw err;
  }
  const { subscription: sub, invoice } = changed;
  const result = await ctx.db.transaction((tx) =>
    applyUpgrade(tx, {
      userId,
      subscriptionId: s.subscriptionId,
      planId: s.to.id,
      fromPlanName: s.from.name,
      toPlanName: s.to.name,
      periodEnd: sub.currentPeriodEnd ?? s.periodEnd,
      billingCycle: sub.billingCycle ?? s.cycle,
      invoice: invoice && {
        ref: invoice.id,
        amountCents: invoice.amountPaidCents,
        currency: invoice.currency,
        url: invoice.hostedUrl,
      },
    }),
  );
  await sendReceipts(ctx, [result.paymentId]);
  const charged = invoice
    ? `${formatCents(invoice.amountPaidCents)} was charged for the rest of this period. `
    : '';
  return {
    kind,
    message: `You are now on ${s.to.name}. ${charged}From ${formatEnd(sub.currentPeriodEnd ?? s.periodEnd)} you pay ${formatCents(toCents)} ${per(s.cycle)}.`,
  };
}

const formatEnd = (d: Date | null) => (d ? formatDay(d) : 'the end of the billing period');

/** Writes the new state only if the user is still on the same subscription (a racing webhook may have ended it). */
async function setState(ctx: AppContext, s: Situation, fields: repo.SubscriptionFields) {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findBillingUser(tx, s.user.id, true);
    if (current?.stripeSubscriptionId === s.subscriptionId)
      await repo.updateSubscription(tx, s.user.id, fields);
  });
}
