import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transformation } from '#shared/schemas/staging.ts';
import { transformations } from '#server/db/schema/index.ts';
import { newImageKey } from '#server/lib/storage/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { deleteExpiredImages } from './retention.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ IMAGE_RETENTION_DAYS: '180' });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

async function rowWithImages(userId: string, ageDays: number, status = 'completed') {
  const createdAt = new Date(NOW.getTime() - ageDays * DAY);
  const keys = {
    originalImageUrl: newImageKey('originals', 'jpg', createdAt),
    transformedImageUrl: status === 'completed' ? newImageKey('results', 'jpg', createdAt) : null,
    thumbnailUrl: status === 'completed' ? newImageKey('thumbnails', 'jpg', createdAt) : null,
  };
  for (const key of Object.values(keys))
    if (key) await t.ctx.storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
  const [row] = await t.ctx.db
    .insert(transformations)
    .values({ userId, style: 'modern', roomType: 'bedroom', status, createdAt, ...keys })
    .returning();
  return { id: row!.id, keys: Object.values(keys).filter((k): k is string => !!k) };
}

const present = async (keys: string[]) =>
  Promise.all(keys.map(async (k) => (await t.ctx.storage.get(k)) !== null));

describe('image retention', () => {
  it('deletes exactly the images older than IMAGE_RETENTION_DAYS and keeps the rows, marked', async () => {
    const u = await createVerifiedAccount(t);
    const expired = await rowWithImages(u.id, 181);
    const boundary = await rowWithImages(u.id, 179.9);
    const recent = await rowWithImages(u.id, 3);
    // Still running after all this time is recovery's business, not retention's.
    const running = await rowWithImages(u.id, 200, 'processing');

    t.setNow(NOW);
    expect(await deleteExpiredImages(t.ctx)).toBe(1);
    expect(await present(expired.keys)).toEqual([false, false, false]);
    for (const kept of [boundary, recent, running])
      expect((await present(kept.keys)).every(Boolean)).toBe(true);
    const [row] = await t.ctx.db.select().from(transformations).where(eq(transformations.id, expired.id));
    expect(row).toMatchObject({
      status: 'completed',
      originalImageUrl: null,
      transformedImageUrl: null,
      thumbnailUrl: null,
      imagesDeletedAt: NOW,
    });

    // A second run finds nothing; a day later the boundary row goes too.
    expect(await deleteExpiredImages(t.ctx)).toBe(0);
    t.setNow(new Date(NOW.getTime() + DAY));
    expect(await deleteExpiredImages(t.ctx)).toBe(1);
    expect(await present(boundary.keys)).toEqual([false, false, false]);
    t.setNow(undefined);

    const cookie = await signIn(t, u);
    const list = (await (await api(t, 'GET', '/api/transformations', { cookie })).json()) as Transformation[];
    const shown = list.find((x) => x.id === expired.id)!;
    expect(shown).toMatchObject({
      imagesDeleted: true,
      retentionDays: 180,
      originalImageUrl: null,
      transformedImageUrl: null,
    });
    expect(shown.imagesExpireAt).toBe(new Date(NOW.getTime() - 181 * DAY + 180 * DAY).toISOString());
    expect(list.find((x) => x.id === recent.id)).toMatchObject({ imagesDeleted: false });
  });
});
