import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, userById, type Account } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { transformations } from '#server/db/schema/index.ts';
import { ledgerSum } from '../credits/index.ts';

let t: TestContext;
let agent: Account;
let cookie: string;
let living: Buffer;
let bedroom: Buffer;
const fields = { style: 'modern', roomType: 'living-room' };

beforeAll(async () => {
  t = await createTestContext();
  agent = await createVerifiedAccount(t);
  cookie = await signIn(t, agent);
  living = await smallFixture('empty-living-03.jpg');
  bedroom = await smallFixture('empty-bedroom-02.jpg');
});
afterAll(async () => t?.close());

const countRows = async () => (await t.ctx.db.select().from(transformations)).length;
const storedFiles = () => {
  const dir = path.join(t.ctx.env.dataDir, 'images');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length
    : 0;
};

describe('POST /api/transform-room: refusals change nothing', () => {
  it('401 for visitors', async () => {
    const res = await upload(t, '/api/transform-room', living, { fields });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: unknown }).message).toBeTypeOf('string');
  });

  it.each([
    [{ style: 'baroque', roomType: 'living-room' }, 'Invalid style'],
    [{ style: 'modern', roomType: 'garage' }, 'Invalid room type'],
  ])('400 for %j', async (f, message) => {
    const res = await upload(t, '/api/transform-room', living, { cookie, fields: f });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });

  it('413 over 10 MB, 415 for content that is not JPEG/PNG, 422 for corrupt or over-50-MP images', async () => {
    const big = Buffer.concat([living, Buffer.alloc(10 * 1024 * 1024)]);
    const gif = await sharp(living).gif().toBuffer();
    const webp = await sharp(living).webp().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const truncated = living.subarray(0, Math.floor(living.length / 2));
    // A PNG header claiming 10000 x 10000 pixels: refused from the header, never decoded.
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases: [Buffer, number, string | RegExp][] = [
      [big, 413, 'File size must be less than 10MB.'],
      [gif, 415, /JPEG and PNG/],
      [webp, 415, /JPEG and PNG/],
      [svg, 415, /JPEG and PNG/],
      [truncated, 422, /corrupt/],
      [bomb, 422, /megapixels/],
    ];
    const before = { rows: await countRows(), files: storedFiles(), user: await userById(t, agent.id) };
    for (const [bytes, status, message] of cases) {
      const res = await upload(t, '/api/transform-room', bytes, { cookie, fields, fileName: 'room.jpg' });
      expect(res.status, String(message)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const after = await userById(t, agent.id);
    expect(await countRows()).toBe(before.rows);
    expect(storedFiles()).toBe(before.files);
    expect([after?.monthlyUsage, after?.creditsBalance]).toEqual([
      before.user?.monthlyUsage,
      before.user?.creditsBalance,
    ]);
  });

  it('400 without an image', async () => {
    const res = await upload(t, '/api/transform-room', null, { cookie, fields });
    expect(res.status).toBe(400);
  });
});

describe('transforming and the regeneration rule', () => {
  // Four full stagings in a row: on a loaded 2-core CI machine they took just over the default 30 s.
  it(
    'charges 1, then 2 free regenerations (a re-encoded copy counts as the same photo), then 1 again',
    { timeout: 90_000 },
    async () => {
      await setAccount(t, agent.id, { monthlyUsage: 0, credits: 5 });
      const resaved = await sharp(living).resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer();
      const runs = [living, resaved, living, living];
      const results = [];
      for (const [i, bytes] of runs.entries()) {
        const res = await upload(t, '/api/transform-room', bytes, {
          cookie,
          fields: { ...fields, style: i % 2 ? 'bohemian' : 'modern' },
        });
        expect(res.status, await res.clone().text()).toBe(200);
        results.push((await res.json()) as Record<string, unknown>);
      }
      expect(results.map((r) => [r.creditsCost, r.isRegeneration])).toEqual([
        [1, false],
        [0, true],
        [0, true],
        [1, true],
      ]);
      const first = results[0]!;
      expect(first).toMatchObject({ style: 'modern', roomType: 'living-room', engine: 'local' });
      expect(first.processingTime).toBeTypeOf('number');
      expect(first.confidence).toBeGreaterThan(0);
      expect(first.confidence).toBeLessThanOrEqual(100);
      // Free plan: 3 a month from the allowance, so the 4th paid run... is the 2nd paid run: allowance 2 used.
      const u = await userById(t, agent.id);
      expect(u?.monthlyUsage).toBe(2);
      expect(u?.creditsBalance).toBe(5);

      const img = await t.app.request(first.transformedImage as string, { headers: { Cookie: cookie } });
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/jpeg');
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
      expect(img.headers.get('cache-control')).toContain('private');
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      const src = await sharp(living).metadata();
      expect([meta.width, meta.height]).toEqual([src.width, src.height]);
    },
  );

  it('check-existing matches a re-encoded copy of the photo and not a different room', async () => {
    const resaved = await sharp(living).resize({ width: 360 }).jpeg({ quality: 60 }).toBuffer();
    const same = await upload(t, '/api/check-existing-transformations', resaved, { cookie });
    const list = ((await same.json()) as { existingTransformations: { style: string }[] })
      .existingTransformations;
    expect(list.map((x) => x.style)).toEqual(['modern', 'bohemian', 'modern', 'bohemian']);
    const other = await upload(t, '/api/check-existing-transformations', bedroom, { cookie });
    expect(await other.json()).toEqual({ existingTransformations: [] });
    expect((await upload(t, '/api/check-existing-transformations', bedroom)).status).toBe(401);
  });

  it('uses credits after the allowance and answers 403 with the shared message when nothing is left', async () => {
    const u = await createVerifiedAccount(t);
    const c = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 3, credits: 1 });
    expect((await upload(t, '/api/transform-room', bedroom, { cookie: c, fields })).status).toBe(200);
    expect((await userById(t, u.id))?.creditsBalance).toBe(0);
    const refused = await upload(t, '/api/transform-room', living, { cookie: c, fields });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: USAGE_LIMIT_MESSAGE });
    // A free regeneration of the paid photo still goes through.
    expect((await upload(t, '/api/transform-room', bedroom, { cookie: c, fields })).status).toBe(200);
    await t.ctx.db.transaction(async (tx) => expect(await ledgerSum(tx, u.id)).toBe(0));
  });
});

describe('usage', () => {
  it('reports usage and resets lazily when the date has passed', async () => {
    const u = await createVerifiedAccount(t);
    const c = await signIn(t, u);
    await setAccount(t, u.id, { monthlyUsage: 2, resetInDays: 1 });
    const before = (await (await api(t, 'GET', '/api/usage', { cookie: c })).json()) as Record<
      string,
      unknown
    >;
    expect(before).toMatchObject({
      usage: 2,
      limit: 3,
      credits: 0,
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
    });
    t.setNow(new Date(Date.now() + 2 * 86_400_000));
    const after = (await (await api(t, 'GET', '/api/usage', { cookie: c })).json()) as {
      usage: number;
      usageResetDate: string;
    };
    t.setNow(undefined);
    expect(after.usage).toBe(0);
    expect(new Date(after.usageResetDate).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect((await api(t, 'GET', '/api/usage')).status).toBe(401);
  });
});
