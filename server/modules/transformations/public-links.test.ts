import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_KEEPS_ORIGINALS,
  ORIGINAL_LABEL,
  STAGING_DISCLOSURE,
  WITHDRAWN_TITLE,
} from '#shared/constants/disclosure.ts';
import { publicLinkSchema, publicLinkStateSchema, type PublicLink } from '#shared/schemas/public-links.ts';
import { transformations } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, type Account } from '#tests/helpers/auth.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';
import { b64, codes, readCredential, withoutApp11 } from '#tests/helpers/c2pa-reader.ts';

let t: TestContext;
let me: Account;
let cookie: string;
let other: string;
let id: string;
let original: Buffer;
let staged: Buffer;
beforeAll(async () => {
  t = await createTestContext();
  me = await createVerifiedAccount(t);
  cookie = await signIn(t, me);
  other = await signIn(t, await createVerifiedAccount(t));
  const res = await upload(t, '/api/transform-room', await smallFixture('empty-living-01.jpg', 480), {
    cookie,
    fields: { style: 'modern', roomType: 'living-room' },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: string; originalImage: string; transformedImage: string };
  id = body.id;
  const bytes = async (url: string) =>
    Buffer.from(await (await api(t, 'GET', url, { cookie })).arrayBuffer());
  original = await bytes(`/api/transformations/${id}/images/original`);
  staged = await bytes(body.transformedImage);
}, 120_000);
afterAll(async () => t?.close());

const enable = (body: Record<string, unknown> = {}, c = cookie, tid = id) =>
  api(t, 'POST', `/api/transformations/${tid}/public-link`, { cookie: c, body });
const page = (path: string) => t.app.request(path);
const pathOf = (link: PublicLink) => new URL(link.url).pathname;

describe('public original page', () => {
  it('turns on per photo, tells the owner about keeping, and gives the same live link twice', async () => {
    const res = await enable({ listingTitle: '12 Oak Street, Springfield' });
    expect(res.status).toBe(201);
    const link = publicLinkSchema.parse(await res.json());
    expect(link).toMatchObject({ kind: 'photo', transformationId: id, live: true, indexable: false });
    expect(link.notice).toBe(LINK_KEEPS_ORIGINALS);
    // 26 base32 characters: 130 random bits.
    expect(pathOf(link)).toMatch(/^\/p\/[a-z2-7]{26}$/);
    expect(link.shortLink).toBe(link.url.replace(/^https?:\/\//, ''));
    const again = publicLinkSchema.parse(await (await enable({ listingTitle: '12 Oak Street' })).json());
    expect(again.id).toBe(link.id);
    const state = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    expect(state.link).toMatchObject({ id: link.id, listingTitle: '12 Oak Street' });
  });

  it('shows the original, labelled, beside the staged photo with the exact disclosure, signed out, noindex', async () => {
    const { link } = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    const res = await page(pathOf(link!));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const etag = res.headers.get('etag')!;
    const again = await t.app.request(pathOf(link!), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(ORIGINAL_LABEL);
    expect(html).toContain(STAGING_DISCLOSURE);
    expect(html).toContain('<h1>12 Oak Street</h1>');
    expect(html).toContain('width=device-width');
    // No account details.
    expect(html).not.toContain(me.email);
    expect(html).not.toContain('Lovelace');
    const srcs = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toEqual([`${pathOf(link!)}/${id}/original`, `${pathOf(link!)}/${id}/staged`]);
    const img = async (src: string) => {
      const r = await page(src);
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    expect((await img(srcs[0]!)).equals(original)).toBe(true);
    // The staged copy is the stored image with its Content Credentials (decision 0190).
    const shown = await img(srcs[1]!);
    expect(withoutApp11(shown).equals(withoutApp11(staged))).toBe(true);
    const credential = await readCredential(shown);
    expect(credential.state).toBe('Valid');
    expect(codes(credential.failures)).toEqual(['signingCredential.untrusted']);
    // Bound to the picture the page serves: one changed byte and the reader says so.
    const tampered = Buffer.from(shown);
    tampered[tampered.length - 50]! ^= 0x10;
    expect(codes((await readCredential(tampered)).failures)).toContain('assertion.dataHash.mismatch');
    // It speaks of this photo's run: its engine and its original.
    expect(
      credential.manifest.assertions.find((a) => a.label === 'app.roomstage.staging')!.data,
    ).toMatchObject({
      engine: 'local',
      original: { alg: 'sha256', hash: b64(createHash('sha256').update(original).digest()) },
    });
    // A printed link typed back in capitals is the same link.
    expect((await page(pathOf(link!).toUpperCase().replace('/P/', '/p/'))).status).toBe(200);
    const typed = await page(pathOf(link!).toUpperCase());
    expect(typed.status).toBe(301);
    expect(typed.headers.get('location')).toBe(pathOf(link!));
  });

  it('lets search engines in only when the agent opts in', async () => {
    const { link } = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    const res = await api(t, 'PATCH', `/api/public-links/${link!.id}`, { cookie, body: { indexable: true } });
    expect(res.status).toBe(200);
    const html = await (await page(pathOf(link!))).text();
    expect(html).toContain('<meta name="robots" content="index, follow">');
    const bad = await api(t, 'PATCH', `/api/public-links/${link!.id}`, {
      cookie,
      body: { indexable: 'yes' },
    });
    expect(bad.status).toBe(400);
    await api(t, 'PATCH', `/api/public-links/${link!.id}`, { cookie, body: { indexable: false } });
  });

  it('refuses another user, signed-out callers, bad input and unfinished rows, changing nothing', async () => {
    const { link } = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    expect((await enable({}, other)).status).toBe(404);
    expect((await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie: other })).status).toBe(
      404,
    );
    expect(
      (await api(t, 'POST', `/api/public-links/${link!.id}/revoke`, { cookie: other, body: {} })).status,
    ).toBe(404);
    expect(
      (await api(t, 'POST', `/api/public-links/${link!.id}/extend`, { cookie: other, body: {} })).status,
    ).toBe(404);
    expect(
      (await api(t, 'PATCH', `/api/public-links/${link!.id}`, { cookie: other, body: { indexable: true } }))
        .status,
    ).toBe(404);
    expect((await enable({}, '')).status).toBe(401);
    expect((await enable({ listingTitle: 'x'.repeat(201) })).status).toBe(400);
    expect(
      (await api(t, 'POST', '/api/transformations/not-a-uuid/public-link', { cookie, body: {} })).status,
    ).toBe(400);
    const [failed] = await t.ctx.db
      .insert(transformations)
      .values({ userId: me.id, style: 'modern', roomType: 'bedroom', status: 'failed' })
      .returning();
    expect((await enable({}, cookie, failed!.id)).status).toBe(409);
    // Still live and unchanged.
    const after = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    expect(after.link).toMatchObject({ id: link!.id, live: true, indexable: false });
  });

  it('answers an unknown token and a photo the link does not show with 404', async () => {
    expect((await page('/p/aaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await page('/p/short')).status).toBe(404);
    const { link } = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    const res = await page(`${pathOf(link!)}/00000000-0000-4000-8000-000000000000/original`);
    expect(res.status).toBe(404);
    expect((await page(`${pathOf(link!)}/${id}/thumbnail`)).status).toBe(400);
  });

  it('revoked: the page says withdrawn (410), images are gone, and turning it on again makes a new link', async () => {
    const { link } = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    const res = await api(t, 'POST', `/api/public-links/${link!.id}/revoke`, { cookie, body: {} });
    expect(res.status).toBe(200);
    expect(publicLinkSchema.parse(await res.json()).live).toBe(false);
    const gone = await page(pathOf(link!));
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain(WITHDRAWN_TITLE);
    expect(html).not.toContain('<img');
    expect((await page(`${pathOf(link!)}/${id}/original`)).status).toBe(410);
    expect((await api(t, 'POST', `/api/public-links/${link!.id}/extend`, { cookie, body: {} })).status).toBe(
      409,
    );
    const state = publicLinkStateSchema.parse(
      await (await api(t, 'GET', `/api/transformations/${id}/public-link`, { cookie })).json(),
    );
    expect(state.link).toBeNull();
    const fresh = publicLinkSchema.parse(await (await enable()).json());
    expect(fresh.url).not.toBe(link!.url);
    expect((await page(pathOf(link!))).status).toBe(410);
    expect((await page(pathOf(fresh))).status).toBe(200);
    // Deleting the photo withdraws its page: a printed link says so rather than "not found".
    expect((await api(t, 'DELETE', `/api/transformations/${id}`, { cookie })).status).toBe(200);
    const deleted = await page(pathOf(fresh));
    expect(deleted.status).toBe(410);
    expect(await deleted.text()).toContain(WITHDRAWN_TITLE);
  });
});
