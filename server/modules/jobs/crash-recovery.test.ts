// A process that runs staging jobs is SIGKILLed mid-job and started again: the job completes or is
// refunded within a bounded time, the ledger sums to the balance, and no stored file is orphaned.
// On PostgreSQL the killed process is a worker copy (`server/worker.ts`) behind an in-process web
// copy; on PGlite it is the whole web-plus-worker server (`server/index.ts`), which owns the database.
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformations } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { fixture, setAccount, upload } from '#tests/helpers/staging.ts';
import {
  listening,
  processKit,
  runStarted as started,
  stagingFields as fields,
  transformOver,
  workerStarted,
} from '#tests/helpers/staging-processes.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
// Recovery notices a dead run after STALE_AFTER_MS (10 s) plus its 5 s period; the run itself takes
// seconds on a loaded machine.
const BOUND_MS = 90_000;

let t: TestContext;
let photo: Buffer;
const {
  setUp,
  tearDown,
  processes,
  spawn,
  kill,
  expectConsistent,
  startEmbeddedServer,
  openEmbeddedDatabase,
} = processKit('60000');

beforeAll(async () => void ({ t, photo } = await setUp()), 120_000);
afterAll(tearDown);

describe.skipIf(!onPostgres)('a worker copy killed mid-job (PostgreSQL)', () => {
  it('the restarted worker finishes the job (or refunds it) and the waiting request answers', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const first = spawn('worker');
    await first.waitForLog(workerStarted);
    const response = upload(t, '/api/transform-room', photo, { cookie, fields });
    const run = await first.waitForLog(started());
    await kill(first);
    const killedAt = Date.now();
    const second = spawn('worker');
    const res = await response;
    expect(Date.now() - killedAt).toBeLessThan(BOUND_MS);
    const body = (await res.json()) as { id?: string; message?: string };
    expect([200, 500, 503]).toContain(res.status);
    if (res.status === 200) expect(body.id).toBe(run.transformationId);
    await second.waitForLog(started(run.transformationId as string));
    const rows = await expectConsistent(t.testDb.database, u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attempts).toBe(2);
  }, 240_000);

  it('two worker copies never run the same job', async () => {
    // Three agents with two photos each: a transform request holds one of the account's two
    // concurrent slots until its job settles, so one agent cannot send six at once.
    const agents = await Promise.all(
      [0, 1, 2].map(async () => {
        const u = await createVerifiedAccount(t);
        await setAccount(t, u.id, { monthlyUsage: 3, credits: 8 });
        return { u, cookie: await signIn(t, u) };
      }),
    );
    // Only these two copies take jobs.
    await Promise.all(processes.map(kill));
    const workers = [spawn('worker'), spawn('worker')];
    await Promise.all(workers.map((w) => w.waitForLog(workerStarted)));
    const small = await Promise.all(
      [
        'empty-bedroom-01.jpg',
        'empty-dining-01.jpg',
        'empty-kitchen-01.jpg',
        'empty-office-01.jpg',
        'empty-living-02.jpg',
        'empty-bedroom-02.jpg',
      ].map((n) => sharp(fixture(n)).resize({ width: 480 }).jpeg().toBuffer()),
    );
    const statuses = await Promise.all(
      small.map(
        async (p, i) =>
          (await upload(t, '/api/transform-room', p, { cookie: agents[i % 3]!.cookie, fields })).status,
      ),
    );
    expect(statuses).toEqual(small.map(() => 200));
    const runs = workers.flatMap((w) => w.logs.filter(started()).map((l) => l.transformationId));
    expect(runs).toHaveLength(small.length);
    expect(new Set(runs).size).toBe(small.length);
    const rows = await t.ctx.db
      .select()
      .from(transformations)
      .where(
        inArray(
          transformations.userId,
          agents.map((a) => a.u.id),
        ),
      );
    expect(rows.map((r) => r.attempts)).toEqual(small.map(() => 1));
  }, 240_000);
});

describe.skipIf(onPostgres)('the web-plus-worker server killed mid-job (PGlite)', () => {
  it('the restarted server finishes the job (or refunds it)', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const { server: first, base } = await startEmbeddedServer();
    const request = transformOver(base, photo, cookie).catch((err: unknown) => err);
    const run = await first.waitForLog(started());
    await kill(first);
    expect(await request).toBeInstanceOf(Error);
    const killedAt = Date.now();

    const second = spawn('index', { PORT: new URL(base).port, HOST: '127.0.0.1' });
    const status = async () => {
      const res = await fetch(`${base}/api/transformations`, {
        headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
      });
      const list = (await res.json()) as { id: string; status: string }[];
      return list.find((r) => r.id === run.transformationId)?.status;
    };
    await second.waitForLog(listening);
    while ((await status()) === 'processing') {
      expect(Date.now() - killedAt).toBeLessThan(BOUND_MS);
      await new Promise((r) => setTimeout(r, 500));
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const db = await openEmbeddedDatabase();
    try {
      const rows = await expectConsistent(db, u.id);
      expect(rows).toHaveLength(1);
      // At boot the server knows every earlier run is dead: the job ran again at once.
      expect(rows[0]).toMatchObject({ status: 'completed', attempts: 2 });
    } finally {
      await db.close();
    }
  }, 240_000);
});
