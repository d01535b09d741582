import { describe, expect, it } from 'vitest';
import type { PlanChangePreview } from '#shared/schemas/billing.ts';
import { planChangeCopy } from './plan-change-copy.ts';
import { purchaseOutcome } from './purchase-outcome.ts';

const base: PlanChangePreview = {
  kind: 'upgrade',
  fromPlanId: 'pro',
  fromPlanName: 'Pro',
  toPlanId: 'premium',
  toPlanName: 'Premium',
  billingCycle: 'monthly',
  amountDueNow: 24.5,
  currency: 'usd',
  effectiveDate: '2026-12-08T12:00:00Z',
  periodEnd: '2026-12-23T12:00:00Z',
  nextPayment: { amount: 79, date: '2026-12-23T12:00:00Z' },
  prorationDate: 1,
  scheduledChange: null,
};

describe('plan change dialog copy', () => {
  it('states the money and the dates for each kind', () => {
    expect(planChangeCopy(base)).toMatchObject({
      title: 'Upgrade to Premium now?',
      confirmLabel: 'Upgrade and pay $24.50',
    });
    expect(planChangeCopy(base).lines.join(' ')).toContain('You pay $24.50 today');
    expect(planChangeCopy(base).lines.join(' ')).toContain('From Dec 23, 2026 you pay $79.00 per month.');
    const down = planChangeCopy({
      ...base,
      kind: 'downgrade',
      fromPlanName: 'Premium',
      toPlanName: 'Pro',
      amountDueNow: 0,
      nextPayment: { amount: 290, date: null },
      billingCycle: 'yearly',
    });
    expect(down.title).toBe('Switch to Pro on Dec 23, 2026?');
    expect(down.lines.join(' ')).toContain('at $290.00 per year');
    expect(planChangeCopy({ ...base, kind: 'cancel', nextPayment: null }).confirmLabel).toBe(
      'Move to Free on Dec 23, 2026',
    );
    expect(planChangeCopy({ ...base, kind: 'resume', periodEnd: null }).lines[0]).toContain(
      'will renew at the end of your billing period at $79.00 per month',
    );
  });

  it('a resume that would drop a scheduled downgrade asks to keep or drop it', () => {
    const resume = { ...base, kind: 'resume' as const, fromPlanName: 'Premium', amountDueNow: 0 };
    expect(planChangeCopy(resume).choices).toBeUndefined();
    const copy = planChangeCopy({
      ...resume,
      scheduledChange: { planId: 'pro', planName: 'Pro', amount: 29 },
    });
    expect(copy.title).toBe('Resume your Premium plan?');
    expect(copy.lines[0]).toContain('You also have a change to Pro scheduled for Dec 23, 2026.');
    expect(copy.choices).toEqual([
      {
        value: 'drop',
        label: 'Resume Premium and drop the change to Pro',
        detail: 'Premium renews on Dec 23, 2026 at $79.00 per month.',
      },
      {
        value: 'keep',
        label: 'Resume and keep the change to Pro',
        detail: 'You keep Premium until Dec 23, 2026, then move to Pro at $29.00 per month.',
      },
    ]);
  });

  it('reads the outcome a checkout return URL carries', () => {
    expect(purchaseOutcome('?purchase=success&session=abc', '#credits')).toEqual({
      kind: 'credits',
      outcome: 'success',
      sessionId: 'abc',
    });
    expect(purchaseOutcome('?tab=billing&purchase=canceled', '')).toEqual({
      kind: 'subscription',
      outcome: 'canceled',
      sessionId: null,
    });
    expect(
      purchaseOutcome('?purchase=success&session={CHECKOUT_SESSION_ID}', '#credits')?.sessionId,
    ).toBeNull();
    expect(purchaseOutcome('?purchase=maybe', '')).toBeNull();
  });
});
