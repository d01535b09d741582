import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transformation } from '#shared/schemas/staging.ts';
import { batches, transformations } from '#server/db/schema/index.ts';
import { newImageKey } from '#server/lib/storage/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import * as links from './public-links.service.ts';
import { LINK_KEEP_DAYS, LINK_NOTICE_DAYS } from '#shared/constants/disclosure.ts';
import { deleteExpiredImages } from './retention.ts';
import { sendLinkNotices } from './retention-links.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ IMAGE_RETENTION_DAYS: '180' });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

async function rowWithImages(userId: string, ageDays: number, status = 'completed', batchId?: string) {
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
    .values({ userId, style: 'modern', roomType: 'bedroom', status, createdAt, batchId, ...keys })
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

describe('retention keeps what a live public page shows', () => {
  const at = (days: number) => new Date(NOW.getTime() + days * DAY);
  const noTitle = { listingTitle: null, indexable: false };

  it('keeps linked originals, e-mails the owner 14 days before, extends or lets go; unlinked go as today', async () => {
    const u = await createVerifiedAccount(t);
    // All four rows were made 100 days before NOW: retention (180 days) would delete them at day +80.
    const kept = await rowWithImages(u.id, 100);
    const letGo = await rowWithImages(u.id, 100);
    const revoked = await rowWithImages(u.id, 100);
    const unlinked = await rowWithImages(u.id, 100);
    const [batch] = await t.ctx.db
      .insert(batches)
      .values({ userId: u.id, style: 'modern', photoCount: 1, createdAt: at(-100) })
      .returning();
    const inListing = await rowWithImages(u.id, 100, 'completed', batch!.id);

    // Pages turned on 10 days after the photos: kept LINK_KEEP_DAYS from then, to day +90.
    t.setNow(at(-90));
    const keptLink = await links.enableForTransformation(t.ctx, u.id, kept.id, noTitle);
    const letGoLink = await links.enableForTransformation(t.ctx, u.id, letGo.id, noTitle);
    const revokedLink = await links.enableForTransformation(t.ctx, u.id, revoked.id, noTitle);
    const listingLink = await links.enableForBatch(t.ctx, u.id, batch!.id, noTitle);
    expect(keptLink.keepUntil).toBe(at(-90 + LINK_KEEP_DAYS).toISOString());
    await links.revoke(t.ctx, u.id, revokedLink.id);

    // More than LINK_NOTICE_DAYS before the keep date: no mail yet.
    t.setNow(at(89 - LINK_NOTICE_DAYS));
    expect(await sendLinkNotices(t.ctx)).toBe(0);
    expect(mailTo(t.outboxDir, u.email).filter((m) => m.subject.includes('withdrawn'))).toHaveLength(0);
    // LINK_NOTICE_DAYS before: one mail per live page (not the revoked one), once.
    t.setNow(at(90 - LINK_NOTICE_DAYS));
    expect(await sendLinkNotices(t.ctx)).toBe(3);
    expect(await sendLinkNotices(t.ctx)).toBe(0);
    const mails = mailTo(t.outboxDir, u.email).filter((m) => m.subject.includes('withdrawn'));
    expect(mails).toHaveLength(3);
    for (const l of [keptLink, letGoLink, listingLink])
      expect(mails.some((m) => m.text.includes(l.url))).toBe(true);
    expect(mails[0]!.subject).toContain('withdrawn on');
    expect(mails[0]!.links).toContain(`${t.ctx.env.APP_URL}/dashboard`);

    // Day +81: retention would have taken all of them; only the unlinked and the revoked go.
    t.setNow(at(81));
    expect(await deleteExpiredImages(t.ctx)).toBe(2);
    expect(await present(unlinked.keys)).toEqual([false, false, false]);
    expect(await present(revoked.keys)).toEqual([false, false, false]);
    for (const row of [kept, letGo, inListing]) expect((await present(row.keys)).every(Boolean)).toBe(true);
    const page = await t.app.request(new URL(keptLink.url).pathname);
    expect(page.status).toBe(200);

    // The owner keeps one page longer; the others are let go.
    const extended = await links.extend(t.ctx, u.id, keptLink.id);
    expect(extended.keepUntil).toBe(at(90 + LINK_KEEP_DAYS).toISOString());
    t.setNow(at(91));
    expect(await deleteExpiredImages(t.ctx)).toBe(2);
    expect((await present(kept.keys)).every(Boolean)).toBe(true);
    expect(await present(letGo.keys)).toEqual([false, false, false]);
    expect(await present(inListing.keys)).toEqual([false, false, false]);
    expect((await t.app.request(new URL(keptLink.url).pathname)).status).toBe(200);
    expect((await t.app.request(new URL(letGoLink.url).pathname)).status).toBe(410);
    expect((await t.app.request(new URL(listingLink.url).pathname)).status).toBe(410);

    // The extended page gets its own notice before its new date, then goes when let go.
    t.setNow(at(90 + LINK_KEEP_DAYS - LINK_NOTICE_DAYS));
    expect(await sendLinkNotices(t.ctx)).toBe(1);
    t.setNow(at(90 + LINK_KEEP_DAYS + 1));
    // (Other tests' rows come due by then too.)
    expect(await deleteExpiredImages(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await present(kept.keys)).toEqual([false, false, false]);
    t.setNow(undefined);
  });
});
