import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn } from '#tests/helpers/auth.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';
import type { Transformation } from '#shared/schemas/staging.ts';

let t: TestContext;
let owner: string;
let other: string;
let item: Transformation;

beforeAll(async () => {
  t = await createTestContext();
  owner = await signIn(t, await createVerifiedAccount(t));
  other = await signIn(t, await createVerifiedAccount(t));
  const res = await upload(t, '/api/transform-room', await smallFixture('empty-dining-02.jpg'), {
    cookie: owner,
    fields: { style: 'industrial', roomType: 'dining-room' },
  });
  expect(res.status).toBe(200);
  const list = (await (
    await api(t, 'GET', '/api/transformations', { cookie: owner })
  ).json()) as Transformation[];
  item = list[0]!;
});
afterAll(async () => t?.close());

describe('transformations of the signed-in user', () => {
  it('lists them newest first with image URLs and a thumbnail', async () => {
    expect(item).toMatchObject({
      style: 'industrial',
      roomType: 'dining-room',
      status: 'completed',
      isFavorite: false,
      userTitle: null,
      isRegeneration: false,
      creditsCost: 1,
      originalImageUrl: `/api/transformations/${item.id}/images/original`,
      transformedImageUrl: `/api/transformations/${item.id}/images/transformed`,
      thumbnailUrl: `/api/transformations/${item.id}/images/thumbnail`,
    });
    const thumb = await t.app.request(item.thumbnailUrl!, { headers: { Cookie: owner } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-disposition')).toMatch(
      /^inline; filename="industrial-dining-room-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}-thumbnail\.jpg"$/,
    );
  });

  it('favourites both ways, and the favourites list follows', async () => {
    const on = await api(t, 'POST', `/api/transformations/${item.id}/favorite`, {
      cookie: owner,
      body: { isFavorite: true },
    });
    expect(((await on.json()) as Transformation).isFavorite).toBe(true);
    const favs = (await (
      await api(t, 'GET', '/api/transformations/favorites', { cookie: owner })
    ).json()) as Transformation[];
    expect(favs.map((f) => f.id)).toEqual([item.id]);
    await api(t, 'POST', `/api/transformations/${item.id}/favorite`, {
      cookie: owner,
      body: { isFavorite: false },
    });
    expect(await (await api(t, 'GET', '/api/transformations/favorites', { cookie: owner })).json()).toEqual(
      [],
    );
    const bad = await api(t, 'POST', `/api/transformations/${item.id}/favorite`, {
      cookie: owner,
      body: { isFavorite: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('edits title and notes, trimmed; blank clears', async () => {
    const res = await api(t, 'PATCH', `/api/transformations/${item.id}`, {
      cookie: owner,
      body: { userTitle: '  Loft dining  ', userNotes: '  For 12 Elm St. ' },
    });
    expect(await res.json()).toMatchObject({ userTitle: 'Loft dining', userNotes: 'For 12 Elm St.' });
    const cleared = await api(t, 'PATCH', `/api/transformations/${item.id}`, {
      cookie: owner,
      body: { userTitle: '   ' },
    });
    expect(await cleared.json()).toMatchObject({ userTitle: null, userNotes: 'For 12 Elm St.' });
  });

  it("answers 404 for another user's transformation and its images, 400 for a malformed id, 401 for visitors", async () => {
    for (const [method, url, body] of [
      ['POST', `/api/transformations/${item.id}/favorite`, { isFavorite: true }],
      ['PATCH', `/api/transformations/${item.id}`, { userTitle: 'mine now' }],
      ['DELETE', `/api/transformations/${item.id}`, undefined],
      ['GET', `/api/transformations/${item.id}/images/original`, undefined],
    ] as const) {
      expect((await api(t, method, url, { cookie: other, body })).status, `${method} ${url}`).toBe(404);
      expect((await api(t, method, url, { body })).status).toBe(401);
    }
    expect(await (await api(t, 'GET', '/api/transformations', { cookie: other })).json()).toEqual([]);
    expect(
      (await api(t, 'PATCH', '/api/transformations/not-a-uuid', { cookie: owner, body: {} })).status,
    ).toBe(400);
    expect(
      (await api(t, 'GET', `/api/transformations/${item.id}/images/secret`, { cookie: owner })).status,
    ).toBe(400);
  });

  it('deletes the row and its stored images', async () => {
    const dir = path.join(t.ctx.env.dataDir, 'images');
    const files = () =>
      fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length;
    const before = files();
    const res = await api(t, 'DELETE', `/api/transformations/${item.id}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(files()).toBe(before - 3);
    expect((await t.app.request(item.transformedImageUrl!, { headers: { Cookie: owner } })).status).toBe(404);
    expect(await (await api(t, 'GET', '/api/transformations', { cookie: owner })).json()).toEqual([]);
  });
});
