import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { creditPackages, subscriptionPlans } from './schema/index.ts';
import {
  ALL_STYLES_FEATURE,
  FREE_REGENERATIONS_FEATURE,
  monthlyAllowanceLabel,
} from '#shared/constants/figures.ts';
import { FREE_MONTHLY_TRANSFORMATIONS, UNLIMITED } from '#shared/constants/plans.ts';

// The catalogue every install starts with. Re-running the seed updates these rows in place and never
// duplicates them; rows an operator added are left alone.
export const PLANS = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try virtual staging on a few rooms every month.',
    monthlyPrice: '0.00',
    yearlyPrice: '0.00',
    monthlyTransformations: FREE_MONTHLY_TRANSFORMATIONS,
    features: [
      monthlyAllowanceLabel(FREE_MONTHLY_TRANSFORMATIONS),
      ALL_STYLES_FEATURE,
      FREE_REGENERATIONS_FEATURE,
      'Full-resolution downloads',
      'MLS disclosure watermark',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For agents staging listings every week.',
    monthlyPrice: '29.00',
    yearlyPrice: '290.00',
    monthlyTransformations: 50,
    features: [
      monthlyAllowanceLabel(50),
      ALL_STYLES_FEATURE,
      FREE_REGENERATIONS_FEATURE,
      'Full-resolution downloads',
      'Priority processing',
      'Phone and email support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For teams and brokerages with a full pipeline.',
    monthlyPrice: '79.00',
    yearlyPrice: '790.00',
    monthlyTransformations: UNLIMITED,
    features: [
      monthlyAllowanceLabel(UNLIMITED),
      ALL_STYLES_FEATURE,
      FREE_REGENERATIONS_FEATURE,
      'Full-resolution downloads',
      'Highest processing priority',
      'Dedicated phone and email support',
    ],
  },
] as const;

export const PACKAGES = [
  {
    id: 'starter',
    name: 'Starter Pack',
    description: 'Stage a single listing.',
    credits: 10,
    price: '15.00',
  },
  {
    id: 'popular',
    name: 'Popular Pack',
    description: 'Enough for several listings.',
    credits: 50,
    price: '59.00',
  },
  {
    id: 'premium',
    name: 'Premium Pack',
    description: 'The lowest price per credit.',
    credits: 150,
    price: '149.00',
  },
] as const;

export const pricePerCredit = (price: string, credits: number) => (Number(price) / credits).toFixed(2);

/** An upsert's SET that takes these columns from the row being inserted (Postgres's `excluded`). */
function takeInserted<T extends PgTable>(table: T, keys: (keyof T['_']['columns'] & string)[]) {
  const columns = getTableColumns(table);
  const set: Partial<Record<keyof T['_']['columns'], SQL>> = {};
  for (const k of keys) set[k] = sql.raw(`excluded.${columns[k]!.name}`);
  return set;
}

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of PLANS) {
      const row = { ...p, features: [...p.features] };
      await tx
        .insert(subscriptionPlans)
        .values(row)
        .onConflictDoUpdate({
          target: subscriptionPlans.id,
          set: takeInserted(subscriptionPlans, [
            'name',
            'description',
            'monthlyPrice',
            'yearlyPrice',
            'monthlyTransformations',
            'features',
          ]),
        });
    }
    for (const p of PACKAGES) {
      await tx
        .insert(creditPackages)
        .values({ ...p, pricePerCredit: pricePerCredit(p.price, p.credits) })
        .onConflictDoUpdate({
          target: creditPackages.id,
          set: takeInserted(creditPackages, ['name', 'description', 'credits', 'price', 'pricePerCredit']),
        });
    }
  });
}
