import type { CreditPackage, SubscriptionPlan } from '#shared/schemas/catalog.ts';
import { PLAN_IDS } from '#shared/constants/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { supportFeature } from '../site-config/index.ts';
import { listActivePackages, listActivePlans, type PackageRow, type PlanRow } from './catalog.repo.ts';

// numeric(10,2) arrives as a string; the API speaks numbers rounded to cents.
const money = (v: string) => Math.round(Number(v) * 100) / 100;

export const toPlan = (r: PlanRow): SubscriptionPlan => ({
  id: r.id,
  name: r.name,
  description: r.description,
  monthlyPrice: money(r.monthlyPrice),
  yearlyPrice: r.yearlyPrice === null ? null : money(r.yearlyPrice),
  monthlyTransformations: r.monthlyTransformations,
  features: r.features,
  isActive: r.isActive,
});

export const toPackage = (r: PackageRow): CreditPackage => ({
  id: r.id,
  name: r.name,
  description: r.description,
  credits: r.credits,
  price: money(r.price),
  pricePerCredit: money(r.pricePerCredit),
  isActive: r.isActive,
});

/** The spec orders plans free, pro, premium; any other plan follows, cheapest first. */
export function sortPlans<T extends { id: string; monthlyPrice: number }>(plans: T[]): T[] {
  const rank = (id: string) => {
    const i = (PLAN_IDS as readonly string[]).indexOf(id);
    return i === -1 ? PLAN_IDS.length : i;
  };
  return [...plans].sort((a, b) => rank(a.id) - rank(b.id) || a.monthlyPrice - b.monthlyPrice);
}

/** The active plans; feature lines promising phone support follow whether a number is configured. */
export async function getPlans(db: DbOrTx, phoneConfigured = true): Promise<SubscriptionPlan[]> {
  return sortPlans(
    (await listActivePlans(db)).map(toPlan).map((p) => ({
      ...p,
      features: p.features.map((f) => supportFeature(f, phoneConfigured)),
    })),
  );
}

export async function getPackages(db: DbOrTx): Promise<CreditPackage[]> {
  return (await listActivePackages(db)).map(toPackage);
}
