// What the plan-change dialog says, from the server's preview: the money and the dates, in words.
import type { PlanChangePreview } from '#shared/schemas/billing.ts';
import { formatDate, formatMoney } from '#client/lib/format.ts';

export interface PlanChangeCopy {
  title: string;
  lines: string[];
  confirmLabel: string;
}

const per = (p: PlanChangePreview) => (p.billingCycle === 'yearly' ? 'per year' : 'per month');
const day = (iso: string | null) => (iso ? formatDate(iso) : 'the end of your billing period');

export function planChangeCopy(p: PlanChangePreview): PlanChangeCopy {
  const end = day(p.periodEnd);
  const onEnd = p.periodEnd ? `on ${end}` : 'at the end of your billing period';
  const next = p.nextPayment ? `${formatMoney(p.nextPayment.amount)} ${per(p)}` : '';
  switch (p.kind) {
    case 'upgrade':
      return {
        title: `Upgrade to ${p.toPlanName} now?`,
        lines: [
          `${p.toPlanName} starts right away. You pay ${formatMoney(p.amountDueNow)} today: the difference to ${p.fromPlanName} for the rest of this billing period (until ${end}).`,
          `From ${end} you pay ${next}. Your usage this month is kept.`,
        ],
        confirmLabel: `Upgrade and pay ${formatMoney(p.amountDueNow)}`,
      };
    case 'downgrade':
      return {
        title: `Switch to ${p.toPlanName} ${onEnd}?`,
        lines: [
          `You keep ${p.fromPlanName} until ${end}; nothing is charged or refunded now.`,
          `From ${end} you are on ${p.toPlanName} at ${next}.`,
        ],
        confirmLabel: p.periodEnd ? `Switch on ${end}` : 'Switch at period end',
      };
    case 'cancel':
      return {
        title: 'Move to the Free plan?',
        lines: [
          `Your ${p.fromPlanName} plan stays active until ${end} and nothing more is charged.`,
          `Then you move to the Free plan. Unused credits stay on your account.`,
        ],
        confirmLabel: p.periodEnd ? `Move to Free on ${end}` : 'Move to Free at period end',
      };
    case 'resume':
      return {
        title: `Keep your ${p.fromPlanName} plan?`,
        lines: [`Your ${p.fromPlanName} plan will renew ${onEnd} at ${next}. Nothing is charged today.`],
        confirmLabel: `Keep ${p.fromPlanName}`,
      };
  }
}
