// Engine health against the fake OpenAI server (real SDK, real worker pool): a model retired while the
// server runs makes the engine unhealthy (through the daily check, or through a real run's 404), agents
// are then refused with the plain 503 before anything is charged, the admins hear of it once per
// change, and a later good check brings staging back (decision 0153).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGING_UNAVAILABLE_MESSAGE } from '#shared/constants/staging.ts';
import type { FakeOpenAI } from '#tests/fakes/openai-server.ts';
import { startOpenAIApp, type OpenAIApp } from '#tests/helpers/openai-app.ts';
import type { TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import {
  auditLogs,
  creditLedger,
  engineHealth,
  engineRuns,
  transformations,
} from '#server/db/schema/index.ts';
import { mailSettled } from '#server/lib/mail/background.ts';
import { DEFAULT_MODELS } from '#server/engines/provider-models.ts';
import { getEngineHealth, runModelCheck, startEngineHealthJobs } from './index.ts';

const ADMIN = 'ops@example.com';
const MODEL = DEFAULT_MODELS.openaiImage;
let openai: OpenAIApp;
let fake: FakeOpenAI;
let t: TestContext;
beforeAll(async () => {
  ({ fake, t } = openai = await startOpenAIApp({
    ADMIN_EMAILS: ADMIN,
    ENGINE_MODEL_CHECK_INTERVAL_MS: '1000',
  }));
}, 180_000);
afterAll(async () => openai?.close());
beforeEach(async () => {
  fake.retire(undefined);
  await t.ctx.db.delete(engineHealth);
  await t.ctx.db.delete(engineRuns);
});

const fields = { style: 'modern', roomType: 'living-room' };

/** An agent whose allowance is used up, with `credits` credits: every run moves a credit (a ledger row). */
async function agent(credits = 2) {
  const u = await createVerifiedAccount(t);
  const cookie = await signIn(t, u);
  await setAccount(t, u.id, { monthlyUsage: 3, credits });
  return { u, cookie };
}

const stage = async (cookie: string, photo = 'empty-bedroom-01.jpg') =>
  upload(t, '/api/transform-room', await smallFixture(photo, 320), { cookie, fields });

async function moneyOf(userId: string) {
  const ledger = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const rows = await t.ctx.db.select().from(transformations).where(eq(transformations.userId, userId));
  return { balance: (await userById(t, userId))?.creditsBalance, ledger: ledger.length, rows: rows.length };
}

const engineAudit = async () =>
  (await t.ctx.db.select().from(auditLogs))
    .filter((a) => a.action.startsWith('engine.'))
    .map((a) => a.action);

async function adminMail() {
  await mailSettled(t.ctx.mailer);
  return mailTo(t.outboxDir, ADMIN).map((m) => m.subject);
}

async function expectRefusedBeforeCharge(cookie: string, userId: string) {
  const before = await moneyOf(userId);
  const res = await stage(cookie, 'empty-dining-01.jpg');
  expect(res.status).toBe(503);
  expect(res.headers.get('Retry-After')).toBe('900');
  expect(await res.json()).toMatchObject({ message: STAGING_UNAVAILABLE_MESSAGE });
  // Nothing moved: no ledger row, no transformation row, the same balance.
  expect(await moneyOf(userId)).toEqual(before);
}

describe('a model retired while the server runs', () => {
  it('found by the model check: unhealthy, agents refused before charging, admins told once; a good check recovers', async () => {
    const { u, cookie } = await agent(3);
    expect((await stage(cookie)).status).toBe(200);
    expect((await getEngineHealth(t.ctx)).state).toBe('healthy');
    const mailsBefore = (await adminMail()).length;

    fake.retire(MODEL);
    expect(await runModelCheck(t.ctx)).toMatchObject({ status: 'refused', model: MODEL });
    expect(fake.retrieved.at(-1)).toBe(MODEL);
    const health = await getEngineHealth(t.ctx);
    expect(health).toMatchObject({ engine: 'openai', model: MODEL, state: 'unhealthy' });
    expect(health.lastError?.providerCode).toContain('HTTP 404');
    expect(health.lastError?.message).toContain('OPENAI_IMAGE_MODEL');

    const edits = fake.requests.length;
    await expectRefusedBeforeCharge(cookie, u.id);
    expect(fake.requests.length).toBe(edits);

    // A second check finding the same thing is no news: one audit row, one mail.
    await runModelCheck(t.ctx);
    expect(await engineAudit()).toEqual(['engine.unhealthy']);
    const mails = await adminMail();
    expect(mails.slice(mailsBefore)).toEqual([
      '[Roomstage] Staging engine openai is unhealthy: staging is refused',
    ]);

    fake.retire(undefined);
    expect(await runModelCheck(t.ctx)).toEqual({ status: 'ok' });
    expect((await getEngineHealth(t.ctx)).state).toBe('healthy');
    expect(await engineAudit()).toEqual(['engine.unhealthy', 'engine.healthy']);
    expect((await adminMail()).slice(mailsBefore)).toHaveLength(2);
    expect((await stage(cookie, 'empty-living-01.jpg')).status).toBe(200);
    expect((await moneyOf(u.id)).balance).toBe(1);
  });

  it('found by a real run (404 model_not_found): that run is refunded, the next is refused before charging', async () => {
    await t.ctx.db.delete(auditLogs);
    const { u, cookie } = await agent(2);
    fake.retire(MODEL);
    const res = await stage(cookie);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ message: STAGING_UNAVAILABLE_MESSAGE });
    expect((await moneyOf(u.id)).balance).toBe(2);

    const health = await getEngineHealth(t.ctx);
    expect(health.state).toBe('unhealthy');
    expect(health.lastError?.providerCode).toBe('OpenAI HTTP 404 model_not_found');
    expect(health.lastHour).toMatchObject({ runs: 1, failures: 1, failureRate: 1 });
    expect(await engineAudit()).toEqual(['engine.unhealthy']);

    await expectRefusedBeforeCharge(cookie, u.id);
    // A batch is refused the same way.
    const beforeBatch = await moneyOf(u.id);
    const form = new FormData();
    form.append(
      'images',
      new Blob([new Uint8Array(await smallFixture('empty-bedroom-02.jpg', 320))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    form.append('style', 'modern');
    form.append('roomType', 'bedroom');
    const batch = await t.app.request('/api/batches', {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'roomstage', Cookie: cookie },
    });
    expect([batch.status, await batch.json()]).toEqual([
      503,
      { code: 'staging_unavailable', message: STAGING_UNAVAILABLE_MESSAGE },
    ]);
    expect(await moneyOf(u.id)).toEqual(beforeBatch);
  });

  it('an unverified organisation (403) also makes it unhealthy; a busy provider (429) does not', async () => {
    const { cookie } = await agent(3);
    fake.enqueue({ kind: 'error', status: 429, code: 'rate_limit_exceeded', retryAfter: '5' });
    expect((await stage(cookie)).status).toBe(503);
    let health = await getEngineHealth(t.ctx);
    expect(health.state).toBe('healthy');
    expect(health.lastError?.providerCode).toBe('OpenAI HTTP 429 rate_limit_exceeded');

    fake.enqueue({ kind: 'unverified' });
    expect((await stage(cookie, 'empty-bedroom-02.jpg')).status).toBe(503);
    health = await getEngineHealth(t.ctx);
    expect(health.state).toBe('unhealthy');
    expect(health.lastError?.providerCode).toBe('OpenAI HTTP 403');
    expect(health.lastHour).toMatchObject({ runs: 2, failures: 2 });
  });
});

describe('the periodic check', () => {
  it('runs every ENGINE_MODEL_CHECK_INTERVAL_MS, and marks the engine unhealthy once the model is gone', async () => {
    const stop = startEngineHealthJobs(t.ctx);
    try {
      const checked = () => t.ctx.db.select().from(engineHealth);
      await expect.poll(async () => (await checked())[0]?.lastCheckedAt, { timeout: 5000 }).toBeTruthy();
      expect((await checked())[0]?.healthy).toBe(true);
      fake.retire(MODEL);
      await expect.poll(async () => (await checked())[0]?.healthy, { timeout: 5000 }).toBe(false);
    } finally {
      stop();
    }
  });
});
