// A process that runs staging jobs is SIGKILLed mid-job and started again: the job completes or is
// refunded within a bounded time, the ledger sums to the balance, and no stored file is orphaned.
// On PostgreSQL the killed process is a worker copy (`server/worker.ts`) behind an in-process web
// copy; on PGlite it is the whole web-plus-worker server (`server/index.ts`), which owns the database.
import path from 'node:path';
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { transformations } from '#server/db/schema/index.ts';
import { loadEnv } from '#server/env.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { freePort } from '#tests/helpers/processes.ts';
import { fixture, setAccount, upload } from '#tests/helpers/staging.ts';
import {
  bigPhoto,
  listening,
  processKit,
  runStarted as started,
  stagingFields as fields,
} from '#tests/helpers/staging-processes.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
// Recovery notices a dead run after STALE_AFTER_MS (10 s) plus its 5 s period; the run itself takes
// seconds on a loaded machine.
const BOUND_MS = 90_000;

let t: TestContext;
let photo: Buffer;
const { processes, spawn, kill, killAll, expectConsistent } = processKit(() => t, '60000');

beforeAll(async () => {
  t = await createTestContext({ WORKERS: '0', STAGING_TIMEOUT_MS: '60000' }, {}, { filePglite: !onPostgres });
  photo = await bigPhoto();
}, 120_000);

afterAll(async () => {
  await killAll();
  await t?.close();
});

describe.skipIf(!onPostgres)('a worker copy killed mid-job (PostgreSQL)', () => {
  it('the restarted worker finishes the job (or refunds it) and the waiting request answers', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const first = spawn('worker');
    await first.waitForLog((l) => l.msg === 'Roomstage worker started');
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
    await Promise.all(workers.map((w) => w.waitForLog((l) => l.msg === 'Roomstage worker started')));
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
    // The embedded database is opened by one process at a time: hand it to the server.
    await t.testDb.database.close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = spawn('index', { PORT: String(port), HOST: '127.0.0.1' });
    await first.waitForLog(listening);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const request = fetch(`${base}/api/transform-room`, {
      method: 'POST',
      body: form,
      headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
    }).catch((err: unknown) => err);
    const run = await first.waitForLog(started());
    await kill(first);
    expect(await request).toBeInstanceOf(Error);
    const killedAt = Date.now();

    const second = spawn('index', { PORT: String(port), HOST: '127.0.0.1' });
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

    const db = await openDatabase({ pgliteDir: path.join(t.dataDir, 'pglite') });
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
