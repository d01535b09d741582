export const PLAN_IDS = ['free', 'pro', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** monthlyTransformations value meaning "no monthly limit". */
export const UNLIMITED = -1;
/** The Free plan's monthly transformations in the catalogue every install starts with (server/db/seed.ts). */
export const FREE_MONTHLY_TRANSFORMATIONS = 3;
