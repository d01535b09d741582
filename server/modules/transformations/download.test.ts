import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, type Account } from '#tests/helpers/auth.ts';
import { setAccount, smallFixture, upload } from '#tests/helpers/staging.ts';
import { downloadName, slug } from '#shared/constants/download.ts';
import { NEEDS_PUBLIC_LINK } from '#shared/constants/disclosure.ts';
import { publicLinkSchema } from '#shared/schemas/public-links.ts';
import { b64, codes, readCredential, withoutApp11 } from '#tests/helpers/c2pa-reader.ts';
import { download, HIGH_RES_REFUSED } from './download.service.ts';
import { findById } from './transformations.repo.ts';

let t: TestContext;
let me: Account;
let cookie: string;
let id: string;
let stored: Buffer;
let original: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  me = await createVerifiedAccount(t);
  cookie = await signIn(t, me);
  const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-01.jpg', 480), {
    cookie,
    fields: { style: 'modern', roomType: 'living-room' },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: string; transformedImage: string; originalImage: string };
  id = body.id;
  stored = Buffer.from(await (await api(t, 'GET', body.transformedImage, { cookie })).arrayBuffer());
  original = Buffer.from(await (await api(t, 'GET', body.originalImage, { cookie })).arrayBuffer());
}, 120_000);
afterAll(async () => t?.close());

const get = (q: string, c = cookie) =>
  api(t, 'GET', `/api/transformations/${id}/download${q}`, { cookie: c });

describe('GET /api/transformations/:id/download', () => {
  it('names the file after the title (else style and room) and sends the stored JPEG with Content Credentials', async () => {
    const day = new Date().toISOString().slice(0, 10);
    let res = await get('');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="modern-living-room-${day}.jpg"`,
    );
    const body = Buffer.from(await res.arrayBuffer());
    // The stored image data unchanged, with the credential's APP11 segments added (decision 0190).
    expect(withoutApp11(body).equals(stored)).toBe(true);
    const read = await readCredential(body);
    expect(read.state).toBe('Valid');
    expect(codes(read.failures)).toEqual(['signingCredential.untrusted']);
    await api(t, 'PATCH', `/api/transformations/${id}`, {
      cookie,
      body: { userTitle: '12 Oak St. – Living Room' },
    });
    res = await get('?size=standard');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="12-oak-st-living-room-${day}.jpg"`,
    );
  });

  it('refuses the 2x copy on the free plan and gives it to Pro, twice the size', async () => {
    const refused = await get('?size=2x');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: HIGH_RES_REFUSED });
    await setAccount(t, me.id, { plan: 'pro' });
    const res = await get('?size=2x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/-2x\.jpg"$/);
    const bigBody = Buffer.from(await res.arrayBuffer());
    expect((await readCredential(bigBody)).state).toBe('Valid');
    const big = await sharp(bigBody).metadata();
    const small = await sharp(stored).metadata();
    expect(big.format).toBe('jpeg');
    expect([big.width, big.height]).toEqual([small.width * 2, small.height * 2]);
  });

  it("credits the stored original by its hash, the row's engine and guard verdict; one changed byte breaks it", async () => {
    const body = new Uint8Array(await (await get('')).arrayBuffer());
    const row = (await findById(t.ctx.db, id))!;
    const { manifest } = await readCredential(body);
    expect(manifest.assertions.find((a) => a.label === 'app.roomstage.staging')!.data).toEqual({
      engine: 'local',
      original: { alg: 'sha256', hash: b64(createHash('sha256').update(original).digest()) },
      structureGuard: {
        verdict: row.needsReview ? 'needs-review' : 'passed',
        score: Number(row.structureScore),
        reasons: row.reviewReasons,
      },
    });
    body[body.length - 50]! ^= 0x10;
    const read = await readCredential(body);
    expect(read.state).toBe('Invalid');
    expect(codes(read.failures)).toContain('assertion.dataHash.mismatch');
  });

  it('sends the stored JPEG byte for byte when Content Credentials are switched off', async () => {
    const user = { id: me.id, subscriptionPlan: 'free', subscriptionStatus: 'active' };
    const { body } = await download({ ...t.ctx, credentials: null }, user, id, 'standard');
    expect(Buffer.from(body).equals(stored)).toBe(true);
  });

  it('answers 400 for an unknown size and 404 for another user', async () => {
    const bad = await get('?size=huge');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'size must be standard or 2x' });
    const other = await signIn(t, await createVerifiedAccount(t));
    expect((await get('', other)).status).toBe(404);
    expect((await api(t, 'GET', `/api/transformations/${id}/download`)).status).toBe(401);
  });

  it('draws the public page link as a QR code when asked, and refuses before the page is on', async () => {
    const refused = await get('?disclosure=qr');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'conflict', message: NEEDS_PUBLIC_LINK });
    expect((await get('?disclosure=sticker')).status).toBe(400);
    const on = await api(t, 'POST', `/api/transformations/${id}/public-link`, { cookie, body: {} });
    const link = publicLinkSchema.parse(await on.json());
    for (const mark of ['qr', 'both']) {
      const res = await get(`?disclosure=${mark}`);
      expect(res.status).toBe(200);
      const jpeg = Buffer.from(await res.arrayBuffer());
      const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(link.url);
      // The credential is signed after the mark is drawn, so it covers the published pixels.
      expect(codes((await readCredential(jpeg)).failures)).toEqual(['signingCredential.untrusted']);
      const meta = await sharp(jpeg).metadata();
      const plain = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([plain.width, plain.height]);
    }
    // The 2x copy (Pro since the test above) gets the mark drawn at its own size, over the doubled plain mark.
    const big = Buffer.from(await (await get('?size=2x&disclosure=both')).arrayBuffer());
    const raw = await sharp(big).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(raw.data), raw.info.width, raw.info.height)?.data).toBe(link.url);
    expect(raw.info.width).toBe((await sharp(stored).metadata()).width * 2);
    // "none" is the stored file's image data, byte for byte (only the credential is added).
    const none = Buffer.from(await (await get('?disclosure=none')).arrayBuffer());
    expect(withoutApp11(none).equals(withoutApp11(stored))).toBe(true);
    // Once the page is revoked, the link is no longer offered on an image.
    await api(t, 'POST', `/api/public-links/${link.id}/revoke`, { cookie, body: {} });
    expect((await get('?disclosure=link')).status).toBe(409);
  });

  it('makes safe names', () => {
    expect(slug('Café Déjà Vu / 3rd floor')).toBe('cafe-deja-vu-3rd-floor');
    expect(
      downloadName({
        userTitle: '***',
        style: 'modern',
        roomType: 'office',
        createdAt: '2026-02-03T10:00:00Z',
      }),
    ).toBe('modern-office-2026-02-03.jpg');
    expect(
      downloadName(
        { userTitle: 'x'.repeat(100), style: 's', roomType: 'r', createdAt: '2026-02-03T10:00:00Z' },
        '2x',
      ),
    ).toBe(`${'x'.repeat(60)}-2026-02-03-2x.jpg`);
  });
});
