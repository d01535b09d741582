// The reproduction: another session holds a user's row lock, so the server's transaction waits;
// then the server's backend is terminated (pg_terminate_backend), during a test-checkout payment and
// during a transform's charge. The process survives (an unhandled 'error' would end it: here, the test
// run), the request gets a 503 with Retry-After, no credit moves, the ledger sums to the balance, and
// the same copy serves the next request. PostgreSQL only.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '#shared/constants/availability.ts';
import { testCheckoutSessions, transformations } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
if (!onPostgres) console.log('terminated-backend: skipped, TEST_DATABASE_URL (PostgreSQL) is not set');

let t: TestContext;
let other: pg.Client;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  other = new pg.Client({ connectionString: t.testDb.url });
  await other.connect();
  process.prependListener('uncaughtException', onUncaught);
});

afterAll(async () => {
  process.removeListener('uncaughtException', onUncaught);
  await other?.end();
  await t?.close();
});

/** Runs `request` while `other` holds the user's row lock; terminates the backend that waits for it. */
async function terminatedWhileWaiting(
  userId: string,
  request: () => Response | Promise<Response>,
): Promise<Response> {
  await other.query('begin');
  await other.query('select id from users where id = $1 for update', [userId]);
  try {
    const pending = Promise.resolve(request());
    let pid: number | undefined;
    for (let i = 0; i < 400 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const { rows } = await other.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      pid = rows[0]?.pid;
    }
    expect(pid, 'the server never waited for the lock').toBeDefined();
    await other.query('select pg_terminate_backend($1)', [pid]);
    return await pending;
  } finally {
    await other.query('rollback');
  }
}

async function expect503(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(await res.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

async function expectBalanced(userId: string, credits: number) {
  const user = await userById(t, userId);
  expect(user?.creditsBalance).toBe(credits);
  expect(await ledgerSum(t.ctx.db, userId)).toBe(credits);
}

describe.skipIf(!onPostgres)(
  'the server backend terminated while it waits for a row lock (PostgreSQL)',
  () => {
    it('during a test-checkout payment: 503, nothing paid, and paying again works', async () => {
      const a = await createVerifiedAccount(t);
      const cookie = await signIn(t, a);
      const started = await api(t, 'POST', '/api/purchase-credits', {
        cookie,
        body: { packageId: 'popular' },
      });
      const id = ((await started.json()) as { url: string }).url.split('/').pop() as string;
      const pay = () => api(t, 'POST', `/api/checkout/test/${id}/pay`, { cookie });

      await expect503(await terminatedWhileWaiting(a.id, pay));
      const [session] = await t.ctx.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, id));
      expect(session?.status).toBe('open');
      await expectBalanced(a.id, 0);

      const again = await pay();
      expect(again.status).toBe(200);
      await expectBalanced(a.id, 50);
      expect(uncaught).toEqual([]);
    });

    it("during a transform's charge: 503, no row, no credit taken, and the copy still serves", async () => {
      const a = await createVerifiedAccount(t);
      const cookie = await signIn(t, a);
      await setAccount(t, a.id, { monthlyUsage: 3, credits: 2 });
      const photo = await smallFixture('empty-living-01.jpg');
      const transform = () =>
        upload(t, '/api/transform-room', photo, {
          cookie,
          fields: { style: 'modern', roomType: 'living-room' },
        });

      await expect503(await terminatedWhileWaiting(a.id, transform));
      expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, a.id))).toEqual(
        [],
      );
      const user = await userById(t, a.id);
      expect(user?.monthlyUsage).toBe(3);
      await expectBalanced(a.id, 2);

      const usage = await api(t, 'GET', '/api/usage', { cookie });
      expect(usage.status).toBe(200);
      expect(uncaught).toEqual([]);
    });
  },
);
