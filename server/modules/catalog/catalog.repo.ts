import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditPackages, subscriptionPlans } from '../../db/schema/index.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type PackageRow = typeof creditPackages.$inferSelect;

export const listActivePlans = (db: DbOrTx) =>
  db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.monthlyPrice));

export const listActivePackages = (db: DbOrTx) =>
  db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true))
    .orderBy(asc(creditPackages.credits));

export const findPlan = async (db: DbOrTx, id: string) =>
  (await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1))[0] ?? null;

export const findPackage = async (db: DbOrTx, id: string) =>
  (await db.select().from(creditPackages).where(eq(creditPackages.id, id)).limit(1))[0] ?? null;
