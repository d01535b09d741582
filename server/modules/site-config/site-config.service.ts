import type { SiteConfig } from '#shared/schemas/site-config.ts';
import type { Env } from '../../env.ts';

/** Plans that advertise phone support (their feature lists say so while a number is configured). */
export const PHONE_PLANS = ['pro', 'premium'] as const;

interface Viewer {
  subscriptionPlan: string;
  subscriptionStatus: string;
}

/** A cancelled plan keeps its benefits until the period ends; only a lapsed one ('inactive' etc.) loses them. */
const PAYING_STATUSES = new Set(['active', 'trialing', 'canceled', 'cancelled', 'past_due']);

export function includesPhoneSupport(v: Viewer | null): boolean {
  return (
    !!v &&
    (PHONE_PLANS as readonly string[]).includes(v.subscriptionPlan) &&
    PAYING_STATUSES.has(v.subscriptionStatus)
  );
}

/**
 * The support contacts for this viewer. The phone number goes only to subscribers whose plan includes it,
 * so it is not handed to everyone who opens the contact page.
 */
export function siteConfig(
  env: Pick<Env, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>,
  viewer: Viewer | null,
): SiteConfig {
  const phone = env.SUPPORT_PHONE ?? null;
  return {
    supportEmail: env.SUPPORT_EMAIL,
    phoneSupport: phone !== null,
    supportPhone: phone !== null && includesPhoneSupport(viewer) ? phone : null,
    phonePlans: phone !== null ? [...PHONE_PLANS] : [],
  };
}

/**
 * Plan feature lines name phone support; with no SUPPORT_PHONE configured that promise cannot be kept, so
 * the line reads as priority e-mail support instead (see docs/decisions/0071-support-contacts.md).
 */
export function supportFeature(feature: string, phoneConfigured: boolean): string {
  if (phoneConfigured) return feature;
  return feature.replace(/^(Dedicated )?phone and email support$/i, (_m, dedicated?: string) =>
    dedicated ? 'Dedicated priority email support' : 'Priority email support',
  );
}
