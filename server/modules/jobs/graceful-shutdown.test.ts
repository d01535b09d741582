// A process that runs staging jobs gets SIGTERM mid-job (a deploy): it takes no new job, finishes the
// one it runs, answers the request waiting on it, and exits 0 only then; the job ran once. On
// PostgreSQL the stopped process is a worker copy behind an in-process web copy; on PGlite it is the
// whole web-plus-worker server, whose in-flight request must still get its answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { transformations } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import type { ServerProcess } from '#tests/helpers/processes.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import {
  processKit,
  runStarted,
  stagingFields as fields,
  transformOver,
  workerStarted,
} from '#tests/helpers/staging-processes.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);

let t: TestContext;
let photo: Buffer;
const { setUp, tearDown, spawn, expectConsistent, startEmbeddedServer, openEmbeddedDatabase } =
  processKit('60000');

beforeAll(async () => void ({ t, photo } = await setUp()), 120_000);
afterAll(tearDown);

/**
 * SIGTERMs `p` while it runs `id` and checks the shutdown: one job in flight when it began, none left
 * when it ended, exit code 0, no other job started, and, read from `database()` as soon as the
 * process is gone, the row completed by its one run. A stop that gives up on the job (the old 5 s
 * pg-boss stop, shorter than a 12 MP run on a busy machine) leaves the row processing here.
 */
async function stopMidRun(p: ServerProcess, id: string, database: () => Promise<Database>) {
  p.child.kill('SIGTERM');
  expect(await p.exited).toBe(0);
  const db = await database();
  const [row] = await db.db.select().from(transformations).where(eq(transformations.id, id));
  expect(row).toMatchObject({ status: 'completed', attempts: 1 });
  expect(p.logs.find((l) => String(l.msg).startsWith('shutting down'))).toMatchObject({ jobsInFlight: 1 });
  expect(p.logs.find((l) => l.msg === 'stopped')).toMatchObject({ jobsUnfinished: 0 });
  expect(p.logs.filter(runStarted()).map((l) => l.transformationId)).toEqual([id]);
  return db;
}

describe.skipIf(!onPostgres)('a worker copy stopped mid-job (PostgreSQL)', () => {
  it('finishes its job, takes no new one, exits 0; both waiting requests answer 200', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const worker = spawn('worker');
    await worker.waitForLog(workerStarted);
    const first = upload(t, '/api/transform-room', photo, { cookie, fields });
    const id = (await worker.waitForLog(runStarted())).transformationId as string;
    // A second job waits in the queue while the worker's one slot is busy.
    const second = upload(t, '/api/transform-room', await smallFixture('empty-bedroom-02.jpg'), {
      cookie,
      fields,
    });
    const queued = await waitForQueued(u.id, id);
    await stopMidRun(worker, id, () => Promise.resolve(t.testDb.database));

    const res = await first;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id?: string }).id).toBe(id);
    // The queued job is left to the next copy, which runs it once.
    const next = spawn('worker');
    const res2 = await second;
    expect(res2.status).toBe(200);
    expect(((await res2.json()) as { id?: string }).id).toBe(queued);
    expect(next.logs.filter(runStarted()).map((l) => l.transformationId)).toEqual([queued]);
    const rows = await expectConsistent(t.testDb.database, u.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['completed', 1],
      ['completed', 1],
    ]);
  }, 120_000);
});

/** The id of the account's other row once its job is in the queue. */
async function waitForQueued(userId: string, besides: string): Promise<string> {
  for (;;) {
    const rows = await t.ctx.db.select().from(transformations).where(eq(transformations.userId, userId));
    const other = rows.find((r) => r.id !== besides);
    if (other && (await t.ctx.jobs.state(other.id)) === 'created') return other.id;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(onPostgres)('the web-plus-worker server stopped mid-job (PGlite)', () => {
  it('answers the request in flight with 200, finishes the job, then exits 0', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const { server, base } = await startEmbeddedServer();
    let answeredAt = 0;
    const response = transformOver(base, photo, cookie).then((r) => {
      answeredAt = Date.now();
      return r;
    });
    const exitedAt = server.exited.then(() => Date.now());

    const id = (await server.waitForLog(runStarted())).transformationId as string;
    const [res, db] = await Promise.all([response, stopMidRun(server, id, openEmbeddedDatabase)]);
    try {
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id?: string }).id).toBe(id);
      const rows = await expectConsistent(db, u.id);
      expect(rows).toHaveLength(1);
      // The client keeps its connection alive after the answer: that idle connection must not hold
      // the shutdown until the server's keep-alive timeout (65 s).
      expect((await exitedAt) - answeredAt).toBeLessThan(15_000);
    } finally {
      await db.close();
    }
  }, 120_000);
});
