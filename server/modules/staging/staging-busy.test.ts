import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { transformations } from '#server/db/schema/index.ts';
import { BUSY_MESSAGE } from '#server/engines/worker/pool.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('a full worker queue', () => {
  it('answers 503 with Retry-After and charges nothing', async () => {
    const u = await createVerifiedAccount(t);
    const cookie = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 2 });
    const real = t.ctx.pool;
    // The pool reports a full queue, as it does when ENGINE_QUEUE_MAX tasks are already waiting.
    t.ctx.pool = { ...real, isSaturated: () => true };
    const res = await upload(t, '/api/transform-room', await smallFixture('empty-dining-01.jpg'), {
      cookie,
      fields: { style: 'modern', roomType: 'dining-room' },
    });
    t.ctx.pool = real;
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ message: BUSY_MESSAGE });
    expect((await userById(t, u.id))?.creditsBalance).toBe(2);
    expect(await t.ctx.db.select().from(transformations)).toEqual([]);
  });
});
