// A staging job whose database connection dies is run again by the queue's own rules, not failed or
// refunded: the worker's connection is reset just before the run completes its row (the update never
// reaches the database), the row keeps the run's claim, recovery sends the job again once the run is
// silent, and the second run completes it; one credit spent, the ledger sums to the balance.
// PostgreSQL only (the worker talks to it through the fault proxy).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { transformations, users } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import type { AppContext } from '#server/context.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { enqueueStaging } from '#server/modules/jobs/enqueue.ts';
import { recoverStuck } from '#server/modules/jobs/recovery.ts';
import { createStagingQueue } from '#server/modules/jobs/staging-queue.ts';
import { STALE_AFTER_MS } from '#server/modules/jobs/staging-run.ts';
import { createVerifiedAccount } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { startFaultProxy, type FaultProxy } from '#tests/helpers/fault-proxy.ts';
import { setAccount, smallFixture } from '#tests/helpers/staging.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
if (!onPostgres) console.log('job-faults: skipped, TEST_DATABASE_URL (PostgreSQL) is not set');

let t: TestContext;
let proxy: FaultProxy;
let faulty: Database;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext({ WORKERS: '0', STAGING_TIMEOUT_MS: '120000' });
  const u = new URL(t.testDb.url as string);
  proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
  faulty = await openDatabase({
    url: proxy.urlFor(t.testDb.url as string),
    poolMax: 4,
    logger: t.ctx.logger,
  });
});

afterAll(async () => {
  await faulty?.close();
  await proxy?.close();
  await t?.close();
});

const row = async (id: string) =>
  (await t.ctx.db.select().from(transformations).where(eq(transformations.id, id)))[0]!;

async function until(check: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)('a staging run that loses its database connection (PostgreSQL)', () => {
  it('is run again by recovery and completes, charged once', async () => {
    const a = await createVerifiedAccount(t);
    await setAccount(t, a.id, { monthlyUsage: 3, credits: 2 });
    const prepared = await t.ctx.pool.run({
      op: 'prepare',
      bytes: await smallFixture('empty-bedroom-01.jpg', 320),
    });
    const job = await enqueueStaging(t.ctx, { userId: a.id, prepared, style: 'modern', roomType: 'bedroom' });

    // The worker copy reaches the database only through the proxy.
    const workerCtx: AppContext = { ...t.ctx, database: faulty, db: faulty.db };
    workerCtx.jobs = createStagingQueue(faulty, t.ctx.env, t.ctx.logger, 1, () => workerCtx);
    const completing = proxy.faultOn('"transformed_image_url" = $', 'reset', -1);
    await workerCtx.jobs.start();
    try {
      await completing;
      await until(async () => (await row(job.id)).attempts === 1 && workerCtx.jobs.inFlight() === 0);
      const after = await row(job.id);
      expect(after).toMatchObject({ status: 'processing', attempts: 1 });
      expect(after.attemptId).not.toBeNull();
      expect((await t.ctx.db.select().from(users).where(eq(users.id, a.id)))[0]?.creditsBalance).toBe(1);

      // Once the run is silent past STALE_AFTER_MS, recovery sends the job again and the worker runs it.
      t.setNow(new Date(Date.now() + STALE_AFTER_MS + 1000));
      expect(await recoverStuck(t.ctx, t.ctx.jobs)).toEqual({ timedOut: 0, requeued: 1, refunded: 0 });
      t.setNow(undefined);
      await until(async () => (await row(job.id)).status !== 'processing');
      expect(await row(job.id)).toMatchObject({ status: 'completed', attempts: 2 });
    } finally {
      await workerCtx.jobs.stop(5000);
    }
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(user?.creditsBalance).toBe(1);
    expect(await ledgerSum(t.ctx.db, a.id)).toBe(1);
  }, 120_000);
});
