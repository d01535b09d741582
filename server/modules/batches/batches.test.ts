import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_LIMIT_MESSAGE } from '#shared/constants/staging.ts';
import type { Batch } from '#shared/schemas/batches.ts';
import { batches, transformations } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, userById } from '#tests/helpers/auth.ts';
import { FIXTURES, setAccount } from '#tests/helpers/staging.ts';
import { ledgerSum } from '../credits/index.ts';

let t: TestContext;
let photos: Buffer[];

beforeAll(async () => {
  t = await createTestContext();
  // Rooms where the engine stands furniture for the room type each is staged as (see the charging test):
  // a photo where it places nothing is refunded (decision 0110), which would move the ledger.
  const names = ['empty-bedroom-01.jpg', 'empty-dining-02.jpg', 'empty-office-02.jpg', 'empty-living-03.jpg'];
  photos = await Promise.all(
    names.map((n) => sharp(path.join(FIXTURES, n)).resize({ width: 360 }).jpeg().toBuffer()),
  );
});
afterAll(async () => t?.close());

function post(cookie: string, files: Uint8Array[], fields: Record<string, string>) {
  const form = new FormData();
  for (const [i, f] of files.entries())
    form.append('images', new Blob([new Uint8Array(f)], { type: 'image/jpeg' }), `room-${i}.jpg`);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.app.request('/api/batches', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, 'X-Requested-With': 'roomstage' },
  });
}

async function user(credits: number) {
  const u = await createVerifiedAccount(t);
  await setAccount(t, u.id, { monthlyUsage: 3, credits });
  return { ...u, cookie: await signIn(t, u) };
}

const storedFiles = () => {
  const root = path.join(t.dataDir, 'images');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(root, f)).isFile(),
      ).length
    : 0;
};

describe('POST /api/batches validation is all or nothing', () => {
  it('refuses the whole batch when one photo is bad, naming it, and charges nothing', async () => {
    const u = await user(5);
    const before = storedFiles();
    const res = await post(u.cookie, [photos[0]!, Buffer.from('not an image at all'), photos[1]!], {
      style: 'modern',
      roomType: 'bedroom',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Photo 2: /);
    expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, u.id))).toEqual([]);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(storedFiles()).toBe(before);
  });

  it.each([
    [{ style: 'modern' }, /either one roomType/],
    [{ style: 'modern', roomType: 'bedroom', roomTypes: '["bedroom"]' }, /either one roomType/],
    [{ style: 'modern', roomTypes: '["bedroom"]' }, /1 entries for 2 photos/],
    [{ style: 'modern', roomTypes: '["garage","bedroom"]' }, /JSON array of room types/],
    [{ style: 'baroque', roomType: 'bedroom' }, /Invalid style/],
  ])('400 for %j', async (fields, message) => {
    const u = await user(5);
    const res = await post(u.cookie, [photos[0]!, photos[1]!], fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });

  it('refuses a batch with a photo whose room type is unset, naming the photos, and changes nothing', async () => {
    const u = await user(5);
    const before = storedFiles();
    const three = [photos[0]!, photos[1]!, photos[2]!];
    for (const [roomTypes, message] of [
      [
        '["bedroom",null,"kitchen"]',
        'Choose a room type for photo 2: it was not detected, and no room type was chosen for the listing.',
      ],
      [
        '["","bedroom",null]',
        'Choose a room type for photos 1 and 3: it was not detected, and no room type was chosen for the listing.',
      ],
    ] as const) {
      const res = await post(u.cookie, three, { style: 'modern', roomTypes });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect(await t.ctx.db.select().from(transformations).where(eq(transformations.userId, u.id))).toEqual([]);
    expect(await t.ctx.db.select().from(batches).where(eq(batches.userId, u.id))).toEqual([]);
    expect((await userById(t, u.id))?.creditsBalance).toBe(5);
    expect(storedFiles()).toBe(before);
  });

  it('400 for more than 30 photos, 401 for visitors', async () => {
    const u = await user(0);
    const many = Array.from({ length: 31 }, () => photos[0]!);
    expect((await post(u.cookie, many, { style: 'modern', roomType: 'bedroom' })).status).toBe(400);
    expect((await post('', [photos[0]!], { style: 'modern', roomType: 'bedroom' })).status).toBe(401);
  });

  it('answers the usage-limit 403 when the balance cannot pay for every photo, and charges nothing', async () => {
    const u = await user(2);
    const res = await post(u.cookie, photos.slice(0, 3), { style: 'modern', roomType: 'bedroom' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: USAGE_LIMIT_MESSAGE });
    expect((await userById(t, u.id))?.creditsBalance).toBe(2);
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(2);
  });
});

describe('a batch runs photo by photo', () => {
  it('charges per photo, reports per-photo progress and completes every photo', async () => {
    const u = await user(4);
    const roomTypes = ['bedroom', 'dining-room', 'office', 'living-room'];
    const res = await post(u.cookie, photos, { style: 'scandinavian', roomTypes: JSON.stringify(roomTypes) });
    expect(res.status).toBe(202);
    const created = (await res.json()) as Batch;
    expect(created).toMatchObject({ style: 'scandinavian', total: 4 });
    expect(created.items.map((i) => [i.index, i.roomType, i.creditsCost])).toEqual(
      roomTypes.map((r, i) => [i, r, 1]),
    );
    expect(created.items.every((i) => i.status === 'processing' || i.status === 'completed')).toBe(true);
    expect((await userById(t, u.id))?.creditsBalance).toBe(0);
    // Photo i may wait for the i photos before it: each deadline is one staging timeout after the last.
    const rows = await t.ctx.db
      .select({ index: transformations.batchIndex, deadlineAt: transformations.deadlineAt })
      .from(transformations)
      .where(eq(transformations.userId, u.id));
    const deadlines = rows.sort((a, b) => a.index! - b.index!).map((r) => r.deadlineAt!.getTime());
    expect(deadlines.slice(1).map((d, i) => d - deadlines[i]!)).toEqual(
      [1, 2, 3].map(() => t.ctx.env.STAGING_TIMEOUT_MS),
    );

    let batch = created;
    for (let i = 0; i < 600 && batch.completed + batch.failed < batch.total; i++) {
      await new Promise((r) => setTimeout(r, 100));
      batch = (await (
        await api(t, 'GET', `/api/batches/${created.id}`, { cookie: u.cookie })
      ).json()) as Batch;
    }
    expect(batch).toMatchObject({ total: 4, completed: 4, failed: 0 });
    expect(batch.items.every((i) => i.state === 'completed' && i.transformedImageUrl && i.thumbnailUrl)).toBe(
      true,
    );
    expect(await ledgerSum(t.ctx.db, u.id)).toBe(0);

    const other = await user(0);
    expect((await api(t, 'GET', `/api/batches/${created.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await api(t, 'GET', '/api/batches/not-a-uuid', { cookie: other.cookie })).status).toBe(400);
  }, 120_000);
});
