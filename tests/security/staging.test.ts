// Security regression suite, staging half (issue case 6 and the identify limit of listing work): cheap
// refusals come before any decode, one user cannot hold many workers, and a paying agent staging a
// 40-photo listing is not stopped by the visitors' limit.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import { rateLimits, transformations } from '#server/db/schema/index.ts';
import { createEnginePool, type EnginePool } from '#server/engines/worker/pool.ts';
import { unavailable } from '#server/lib/errors.ts';
import { stagingKeys, tooManyAtOnceTransforms } from '#server/modules/staging/staging-limits.ts';
import { createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { pngDeclaring } from './images.ts';

// Whole journeys (sign-up, sign-in, uploads) on a shared 2-core machine: generous, not a speed test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestContext;
/** Every task that reached the worker pool, in order. */
const ran: string[] = [];
let hold: Promise<void> | null = null;
const fields = { style: 'modern', roomType: 'living-room' };

beforeAll(async () => {
  const real = createEnginePool({ workers: 1, maxQueue: 16 });
  const pool = {
    async run(task: { op: string }, signal?: AbortSignal) {
      ran.push(task.op);
      if (hold) {
        await hold;
        throw unavailable('held by the test', 1);
      }
      return real.run(task as never, signal);
    },
    isSaturated: () => real.isSaturated(),
    close: () => real.close(),
  } as EnginePool;
  // Three at once, not the default two, so the test shows the setting is what limits.
  t = await createTestContext(
    { WORKER_MEMORY_MB: '256', TRUST_PROXY_HOPS: '1', TRANSFORMS_AT_ONCE_PER_ACCOUNT: '3' },
    { pool },
  );
});
afterAll(async () => t?.close());

async function user(opts: { credits?: number; monthlyUsage?: number } = {}) {
  const a = await createVerifiedAccount(t);
  if (opts.credits !== undefined || opts.monthlyUsage !== undefined) await setAccount(t, a.id, opts);
  return { id: a.id, cookie: await signIn(t, a) };
}

async function seedCount(key: string, count: number) {
  const resetAt = new Date(Date.now() + 10 * 60_000);
  await t.ctx.db
    .insert(rateLimits)
    .values({ key, count, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count, resetAt } });
}

describe('cheap checks first (issue case 6)', () => {
  it('a user who cannot pay is refused before the upload is decoded', async () => {
    const u = await user({ monthlyUsage: 3, credits: 0 });
    const before = ran.length;
    const res = await upload(t, '/api/transform-room', pngDeclaring(7000, 7000), {
      cookie: u.cookie,
      fields,
      type: 'image/png',
      fileName: 'bomb.png',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: USAGE_LIMIT_MESSAGE });
    expect(ran.length).toBe(before);
  });

  it('a photo that would not fit a worker is refused from its header, before any worker or charge', async () => {
    const u = await user({ credits: 5 });
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#c8b8a0' } })
      .jpeg()
      .toBuffer();
    const before = ran.length;
    const res = await upload(t, '/api/transform-room', big, { cookie: u.cookie, fields });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      message:
        'This photo is too large to process (12 megapixels). Please upload one of at most 4.1 megapixels.',
    });
    const bomb = await upload(t, '/api/transform-room', pngDeclaring(7000, 7000), {
      cookie: u.cookie,
      fields,
      type: 'image/png',
    });
    expect(bomb.status).toBe(422);
    expect(ran.length).toBe(before);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(await t.ctx.db.select().from(transformations)).toHaveLength(0);
  });

  it('one user can have at most TRANSFORMS_AT_ONCE_PER_ACCOUNT (3) transformations running; the next is 429 at once', async () => {
    const u = await user({ credits: 5 });
    const photo = await smallFixture('empty-dining-01.jpg', 240);
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    const before = ran.length;
    try {
      const first = [0, 1, 2].map(() =>
        upload(t, '/api/transform-room', photo, { cookie: u.cookie, fields }),
      );
      while (ran.length < before + 3) await new Promise((r) => setTimeout(r, 20));
      const fourth = await upload(t, '/api/transform-room', photo, { cookie: u.cookie, fields });
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await fourth.json()).toMatchObject({ message: tooManyAtOnceTransforms(3) });
      // Another user is not held up by this one.
      const other = await user({ credits: 1 });
      const otherRes = upload(t, '/api/transform-room', photo, { cookie: other.cookie, fields });
      while (ran.length < before + 4) await new Promise((r) => setTimeout(r, 20));
      release();
      expect((await Promise.all([...first, otherRes])).map((r) => r.status)).toEqual([503, 503, 503, 503]);
    } finally {
      hold = null;
    }
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
  });

  it('limits transformations per account (120 per 10 minutes) with the spec-style message', async () => {
    const u = await user({ credits: 5 });
    await seedCount(stagingKeys(t.ctx.env).transformAccount(u.id), 120);
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-dining-01.jpg', 240), {
      cookie: u.cookie,
      fields,
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Too many transformations\. Please try again in 10 minutes\.$/,
    );
  });
});

describe('identify and check limits (listing work)', () => {
  it('a signed-in agent is counted per account, not by the visitors\u2019 per-address limit', async () => {
    const ip = '198.51.100.77';
    await seedCount(stagingKeys(t.ctx.env).identifyIp(ip), 30);
    const photo = await smallFixture('empty-dining-01.jpg', 240);
    const visitor = await t.app.request('/api/identify-room', {
      method: 'POST',
      body: form(photo),
      headers: { 'X-Requested-With': 'roomstage', 'X-Forwarded-For': ip },
    });
    expect(visitor.status).toBe(429);
    expect(((await visitor.json()) as { message: string }).message).toMatch(
      /^Too many images checked\. Please try again in \d+ minutes?\.$/,
    );
    const agent = await user();
    const signedIn = await t.app.request('/api/identify-room', {
      method: 'POST',
      body: form(photo),
      headers: { 'X-Requested-With': 'roomstage', 'X-Forwarded-For': ip, Cookie: agent.cookie },
    });
    expect(signedIn.status).toBe(200);
    await seedCount(stagingKeys(t.ctx.env).identifyAccount(agent.id), 200);
    const over = await upload(t, '/api/identify-room', photo, { cookie: agent.cookie });
    expect(over.status).toBe(429);
    await seedCount(stagingKeys(t.ctx.env).checkAccount(agent.id), 200);
    expect(
      (await upload(t, '/api/check-existing-transformations', photo, { cookie: agent.cookie })).status,
    ).toBe(429);
  });
});

function form(photo: Uint8Array) {
  const f = new FormData();
  f.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
  return f;
}
