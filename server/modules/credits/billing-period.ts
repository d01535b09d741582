// Billing periods: the monthly usage reset and subscription periods move by whole calendar months.
// Plain functions; the service applies them under the user's row lock.

/** Adds whole calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * The monthly reset: when the reset date has passed (or was never set) usage goes back to 0 and the
 * date moves forward by whole months until it lies in the future. Returns null when nothing is due.
 */
export function dueReset(usageResetDate: Date | null, now: Date): { nextResetDate: Date } | null {
  if (usageResetDate && usageResetDate.getTime() > now.getTime()) return null;
  if (!usageResetDate) return { nextResetDate: addMonths(now, 1) };
  let next = usageResetDate;
  let months = 0;
  while (next.getTime() <= now.getTime()) next = addMonths(usageResetDate, ++months);
  return { nextResetDate: next };
}
