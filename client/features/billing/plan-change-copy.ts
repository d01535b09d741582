// What the plan-change dialog says, from the server's preview: the money and the dates, in words.
import type { PlanChangePreview, ScheduledChangeChoice } from '#shared/schemas/billing.ts';
import { formatDate, formatMoney } from '#client/lib/format.ts';

export interface PlanChangeCopy {
  title: string;
  lines: string[];
  confirmLabel: string;
  /** Options the agent must pick one of before confirming (a resume that would drop a scheduled change). */
  choices?: { value: ScheduledChangeChoice; label: string; detail: string }[];
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
      if (p.scheduledChange) {
        // Decision 0160: renewing "as it is" would silently drop the downgrade booked before cancelling.
        const later = p.scheduledChange.planName;
        return {
          title: `Resume your ${p.fromPlanName} plan?`,
          lines: [
            `You also have a change to ${later} scheduled for ${end}. Resuming can keep it or drop it: choose which you want. Nothing is charged today.`,
          ],
          choices: [
            {
              value: 'drop',
              label: `Resume ${p.fromPlanName} and drop the change to ${later}`,
              detail: `${p.fromPlanName} renews ${onEnd} at ${next}.`,
            },
            {
              value: 'keep',
              label: `Resume and keep the change to ${later}`,
              detail: `You keep ${p.fromPlanName} until ${end}, then move to ${later} at ${formatMoney(p.scheduledChange.amount)} ${per(p)}.`,
            },
          ],
          confirmLabel: 'Resume Plan',
        };
      }
      return {
        title: `Keep your ${p.fromPlanName} plan?`,
        lines: [`Your ${p.fromPlanName} plan will renew ${onEnd} at ${next}. Nothing is charged today.`],
        confirmLabel: `Keep ${p.fromPlanName}`,
      };
  }
}
