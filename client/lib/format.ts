// Display formats shared by every screen (dates, money, enum values). Pure, so they are unit-tested.
import { format } from 'date-fns';

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** 'MMM dd, yyyy', e.g. "Mar 05, 2025". */
export const formatDate = (value: string | Date) => format(toDate(value), 'MMM dd, yyyy');

/** 'MMM dd, yyyy • h:mm a', e.g. "Mar 05, 2025 • 2:07 PM". */
export const formatDateTime = (value: string | Date) => format(toDate(value), 'MMM dd, yyyy • h:mm a');

/** 'yyyy-MM-dd', for download file names. */
export const formatFileDate = (value: string | Date) => format(toDate(value), 'yyyy-MM-dd');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Dollars with 2 decimals, e.g. "$12.00". */
export const formatMoney = (dollars: number) => usd.format(dollars);

/** "living-room" -> "Living Room". Works for values outside today's enumerations too. */
export const titleCase = (value: string) =>
  value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
