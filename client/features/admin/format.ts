import { format } from 'date-fns';
import { MAX_CREDIT_GRANT } from '#shared/schemas/admin.ts';
import type { BadgeProps } from '#client/components/ui/badge.tsx';

/** Ids are shown by their first 8 characters. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : 'N/A');

/** Admin table dates; the audit log adds seconds. */
export const tableDate = (iso: string) => format(new Date(iso), 'MMM d, HH:mm');
export const auditDate = (iso: string) => format(new Date(iso), 'MMM d, HH:mm:ss');

export const fullName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || 'No Name';

type Variant = NonNullable<BadgeProps['variant']>;

/** free secondary, pro default, premium destructive. */
export const planVariant = (plan: string): Variant =>
  plan === 'premium' ? 'destructive' : plan === 'pro' ? 'default' : 'secondary';

const STATUS_VARIANTS: Record<string, Variant> = {
  completed: 'success',
  failed: 'destructive',
  processing: 'accent',
  pending: 'secondary',
};
export const statusVariant = (status: string): Variant => STATUS_VARIANTS[status] ?? 'outline';

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Only a whole number above 0 is sent (the server also caps a single grant). */
export function parseGrant(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n > 0 && n <= MAX_CREDIT_GRANT ? n : null;
}

/** Engine latency: milliseconds under a second, else seconds with one decimal; a dash when unknown. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A 0..1 share as a whole percentage (one decimal below 10 %); a dash without runs. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '–';
  const pct = rate * 100;
  return `${pct > 0 && pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
}
