// The queue without an in-process worker (a web-only copy): jobs wait, so their order, position,
// recovery and the admin actions can be observed step by step; a separate queue object plays the worker.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, transformations, users } from '#server/db/schema/index.ts';
import type { CurrentJob, JobStatus } from '#shared/schemas/jobs.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture } from '#tests/helpers/staging.ts';
import { claimRun } from '../transformations/index.ts';
import { ledgerSum } from '../credits/index.ts';
import { enqueueStaging } from './enqueue.ts';
import { recoverStuck } from './recovery.ts';
import { createStagingQueue } from './staging-queue.ts';
import { DEADLINE_GRACE_MS, STALE_AFTER_MS } from './staging-run.ts';

let t: TestContext;
const ADMIN = 'ops@example.com';

beforeAll(async () => {
  t = await createTestContext({ WORKERS: '0', ADMIN_EMAILS: ADMIN, STAGING_TIMEOUT_MS: '120000' });
});
afterAll(async () => t?.close());

async function account(plan: string, credits = 0, email?: string) {
  const u = await createVerifiedAccount(t, email);
  await setAccount(t, u.id, { monthlyUsage: 3, credits, plan });
  return { ...u, cookie: await signIn(t, u) };
}

async function enqueue(userId: string, photo: string) {
  const prepared = await t.ctx.pool.run({ op: 'prepare', bytes: await smallFixture(photo, 320) });
  return enqueueStaging(t.ctx, { userId, prepared, style: 'modern', roomType: 'bedroom' });
}

const row = async (id: string) =>
  (await t.ctx.db.select().from(transformations).where(eq(transformations.id, id)))[0]!;
const balance = async (userId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.creditsBalance;
const exists = (key: string | null) => key !== null && fs.existsSync(path.join(t.dataDir, 'images', key));

describe('plan priority and queue position', () => {
  it('runs Premium, then Pro, then Free, and tells each waiting job its place', async () => {
    const free = await account('free', 2);
    const pro = await account('pro', 2);
    const premium = await account('premium', 2);
    const a = await enqueue(free.id, 'empty-bedroom-01.jpg');
    const b = await enqueue(pro.id, 'empty-dining-01.jpg');
    const c = await enqueue(premium.id, 'empty-office-01.jpg');

    const status = async (u: { cookie: string }, id: string) => {
      const res = await api(t, 'GET', `/api/transformations/${id}/status`, { cookie: u.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as JobStatus;
    };
    expect(await status(premium, c.id)).toMatchObject({
      status: 'processing',
      state: 'queued',
      queuePosition: 1,
    });
    expect(await status(pro, b.id)).toMatchObject({ state: 'queued', queuePosition: 2 });
    const waiting = await status(free, a.id);
    expect(waiting).toMatchObject({ state: 'queued', queuePosition: 3 });
    expect(waiting.estimatedWaitSeconds).toBeGreaterThan(0);
    // Someone else's job is not found.
    expect((await api(t, 'GET', `/api/transformations/${a.id}/status`, { cookie: pro.cookie })).status).toBe(
      404,
    );
    // A page still waiting on its transform asks for the user's current job (it has no id yet).
    const current = async (u: { cookie: string }) =>
      (await (await api(t, 'GET', '/api/jobs/current', { cookie: u.cookie })).json()) as CurrentJob;
    expect(await current(free)).toEqual({ job: waiting });
    expect((await current(premium)).job).toMatchObject({ id: c.id, queuePosition: 1 });
    expect((await api(t, 'GET', '/api/jobs/current')).status).toBe(401);

    const worker = createStagingQueue(t.ctx.database, t.ctx.env, t.ctx.logger, 1, () => t.ctx);
    await worker.start();
    try {
      for (let i = 0; i < 600 && (await row(a.id)).status === 'processing'; i++)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      await worker.stop();
    }
    const done = await Promise.all([c, b, a].map((x) => row(x.id)));
    expect(done.map((r) => [r.status, r.errorMessage])).toEqual([0, 1, 2].map(() => ['completed', null]));
    const started = done.map((r) => r.startedAt!.getTime());
    expect(started[0]).toBeLessThan(started[1]!);
    expect(started[1]).toBeLessThan(started[2]!);
    expect(await status(free, a.id)).toMatchObject({
      status: 'completed',
      state: 'completed',
      queuePosition: null,
      estimatedWaitSeconds: null,
    });
    expect(await current(free)).toEqual({ job: null });
  }, 120_000);
});

describe('recovery', () => {
  it('runs a job again when its run went silent, and fails and refunds it past its deadline', async () => {
    const u = await account('free', 1);
    const job = await enqueue(u.id, 'empty-kitchen-01.jpg');
    expect(await balance(u.id)).toBe(0);
    // A run that started and then died with its process.
    const claimed = await claimRun(t.ctx, job.id, crypto.randomUUID());
    expect(claimed).not.toBeNull();
    const now = Date.now();
    t.setNow(new Date(now + STALE_AFTER_MS + 1000));
    const admin = await account('free', 0, ADMIN);
    const stats = await api(t, 'GET', '/api/admin/stats', { cookie: admin.cookie });
    expect(((await stats.json()) as { stuckTransformations: number }).stuckTransformations).toBe(1);

    expect(await recoverStuck(t.ctx, t.ctx.jobs)).toEqual({ timedOut: 0, requeued: 1, refunded: 0 });
    expect(await row(job.id)).toMatchObject({
      status: 'processing',
      startedAt: null,
      attemptId: null,
      attempts: 1,
    });
    expect(await t.ctx.jobs.state(job.id)).toBe('retry');

    // Nobody takes it before its deadline (no worker here): it is failed, refunded and its upload removed.
    const { originalImageUrl } = await row(job.id);
    expect(exists(originalImageUrl)).toBe(true);
    t.setNow(new Date(now + t.ctx.env.STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS + 1000));
    expect(await recoverStuck(t.ctx, t.ctx.jobs)).toEqual({ timedOut: 1, requeued: 0, refunded: 0 });
    t.setNow(undefined);
    expect(await row(job.id)).toMatchObject({
      status: 'failed',
      errorCode: 'unavailable',
      originalImageUrl: null,
    });
    expect(exists(originalImageUrl)).toBe(false);
    expect(await balance(u.id)).toBe(1);
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(1);
    expect(await t.ctx.jobs.state(job.id)).toBe('cancelled');
  });
});

describe('admin actions on a job', () => {
  it('retries a processing job or fails and refunds it, audited; other rows are refused', async () => {
    const admin = await account('free', 0, 'ops2@example.com');
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const u = await account('pro', 1);
    const job = await enqueue(u.id, 'empty-living-02.jpg');
    await claimRun(t.ctx, job.id, crypto.randomUUID());

    expect(
      (await api(t, 'POST', `/api/admin/transformations/${job.id}/retry`, { cookie: u.cookie })).status,
    ).toBe(403);
    const retried = await api(t, 'POST', `/api/admin/transformations/${job.id}/retry`, {
      cookie: admin.cookie,
    });
    expect(retried.status).toBe(200);
    expect(await row(job.id)).toMatchObject({ status: 'processing', attempts: 0, attemptId: null });
    expect(await t.ctx.jobs.state(job.id)).toBe('created');

    const refunded = await api(t, 'POST', `/api/admin/transformations/${job.id}/fail-and-refund`, {
      cookie: admin.cookie,
    });
    expect(refunded.status).toBe(200);
    expect(await row(job.id)).toMatchObject({ status: 'failed', originalImageUrl: null });
    expect(await balance(u.id)).toBe(1);
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(1);

    const again = await api(t, 'POST', `/api/admin/transformations/${job.id}/fail-and-refund`, {
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    expect(
      (
        await api(t, 'POST', `/api/admin/transformations/${crypto.randomUUID()}/retry`, {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    const audit = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.targetResourceId, job.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'transformation.job_refunded',
      'transformation.job_retried',
    ]);
  });
});

describe('queue position from the rows', () => {
  it('puts a later Premium job ahead of an earlier Free one, and counts claimed runs as running', async () => {
    const free = await account('free', 2);
    const premium = await account('premium', 2);
    const f1 = await enqueue(free.id, 'empty-bedroom-01.jpg');
    expect(await t.ctx.jobs.position(f1.id)).toEqual({ ahead: 0, running: 0 });
    const f2 = await enqueue(free.id, 'empty-dining-01.jpg');
    const p = await enqueue(premium.id, 'empty-office-01.jpg');
    expect(await row(p.id)).toMatchObject({ queuePriority: expect.any(Number) as number });

    // Premium was sent last but is served first; Free jobs keep their order among themselves.
    expect(await t.ctx.jobs.position(p.id)).toEqual({ ahead: 0, running: 0 });
    expect(await t.ctx.jobs.position(f1.id)).toEqual({ ahead: 1, running: 0 });
    expect(await t.ctx.jobs.position(f2.id)).toEqual({ ahead: 2, running: 0 });
    const res = await api(t, 'GET', `/api/transformations/${f1.id}/status`, { cookie: free.cookie });
    expect(await res.json()).toMatchObject({ state: 'queued', queuePosition: 2 });

    // A worker claims the Premium job: it is running, no longer waiting.
    expect(await claimRun(t.ctx, p.id, crypto.randomUUID())).not.toBeNull();
    expect(await t.ctx.jobs.position(p.id)).toBeNull();
    expect(await t.ctx.jobs.position(f1.id)).toEqual({ ahead: 0, running: 1 });
    expect(await t.ctx.jobs.position(f2.id)).toEqual({ ahead: 1, running: 1 });

    // Settled rows leave the count (and nothing is left for later tests to recover).
    for (const id of [p.id, f1.id, f2.id]) {
      await t.ctx.jobs.cancel(id);
      await t.ctx.db.update(transformations).set({ status: 'failed' }).where(eq(transformations.id, id));
    }
    expect(await t.ctx.jobs.position(f2.id)).toBeNull();
  }, 60_000);
});
