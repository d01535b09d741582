import type { BillingCycle } from '#shared/constants/plans.ts';
import type { PlanChangeInput, PlanChangePreview, PlanChangeResult } from '#shared/schemas/billing.ts';
import { BILLING_MESSAGES as M } from '#shared/schemas/billing.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as repo from './billing.repo.ts';
import { cancelSubscription } from './billing.service.ts';
import { applyUpgrade } from './fulfillment.service.ts';
import { PaymentDeclinedError } from './payment-provider.ts';
import { decided, planPrice, situation, type Situation } from './plan-change-situation.ts';
import { formatCents, formatDay } from './plan-change-rules.ts';
import { sendReceipts } from './receipts.service.ts';
import { userStatusFor } from './webhook.service.ts';

// A paying subscriber choosing a plan on /pricing (decision 0060): GET previews what would happen (the
// money and the dates the confirmation dialog states), POST does it. Provider calls run before any
// transaction; the database follows what the provider answered.

/** How far back a previewed proration time is honoured (a dialog left open longer is re-priced). */
const PRORATION_WINDOW_MS = 15 * 60_000;

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
