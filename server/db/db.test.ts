import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db.ts';
import { loadEnv } from '../env.ts';
import { seed } from './seed.ts';
import { creditLedger, creditPackages, subscriptionPlans, users } from './schema/index.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe(`database (${loadEnv().TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('applies every migration and creates every table of the data model', async () => {
    const result: unknown = await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    // PGlite and node-postgres both answer { rows }.
    const names = (result as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'users',
        'session',
        'subscription_plans',
        'credit_packages',
        'payments',
        'credit_purchases',
        'transformations',
        'audit_logs',
        'promo_codes',
        'contact_submissions',
        'credit_ledger',
        'stripe_events',
        'rate_limits',
      ]),
    );
  });

  it('migrating again is a no-op', async () => {
    await expect(t.database.migrate()).resolves.toBeUndefined();
  });

  it('seeds idempotently', async () => {
    await seed(t.database.db);
    await seed(t.database.db);
    const plans = await t.database.db.select().from(subscriptionPlans);
    const packages = await t.database.db.select().from(creditPackages);
    expect(plans.map((p) => p.id).sort()).toEqual(['free', 'premium', 'pro']);
    expect(packages.map((p) => [p.id, p.credits, p.price, p.pricePerCredit]).sort()).toEqual([
      ['popular', 50, '59.00', '1.18'],
      ['premium', 150, '149.00', '0.99'],
      ['starter', 10, '15.00', '1.50'],
    ]);
    const pro = plans.find((p) => p.id === 'pro');
    expect(pro).toMatchObject({ monthlyPrice: '29.00', yearlyPrice: '290.00', monthlyTransformations: 50 });
    expect(plans.find((p) => p.id === 'premium')?.monthlyTransformations).toBe(-1);
  });

  it('keeps e-mail unique regardless of case, and applies the spec defaults', async () => {
    const [u] = await t.database.db.insert(users).values({ email: 'Agent@Example.com' }).returning();
    expect(u).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
      monthlyUsage: 0,
      creditsBalance: 0,
      role: 'user',
      isActive: true,
      emailVerified: false,
    });
    await expect(t.database.db.insert(users).values({ email: 'agent@example.COM' })).rejects.toThrow();
  });

  it('refuses a negative balance and a duplicate ledger source', async () => {
    const [u] = await t.database.db.insert(users).values({ email: 'ledger@example.com' }).returning();
    const userId = u!.id;
    await expect(
      t.database.db
        .update(users)
        .set({ creditsBalance: -1 })
        .where(sql`${users.id} = ${userId}`),
    ).rejects.toThrow();
    const row = { userId, delta: 5, reason: 'grant', source: 'admin_grant', sourceId: 'a1', balanceAfter: 5 };
    await t.database.db.insert(creditLedger).values(row);
    await expect(t.database.db.insert(creditLedger).values(row)).rejects.toThrow();
  });
});
