// Security regression suite, requests half: what a request may carry (size, type, origin, files), who
// may touch what (IDOR, admin), and the Stripe webhook's signature. Cases 5 and 11 were open; the rest held.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transformations } from '#server/db/schema/index.ts';
import { api, createVerifiedAccount, registration, signIn, userRow } from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { smallFixture, upload } from '#tests/helpers/staging.ts';
import { deliver, stripeEvent } from '#tests/helpers/stripe.ts';
import { pngDeclaring } from './images.ts';

// Whole journeys (sign-up, sign-in, uploads) on a shared 2-core machine: generous, not a speed test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestContext;
let owner: { id: string; cookie: string };
let other: string;
beforeAll(async () => {
  t = await createTestContext({ APP_URL: 'https://app.roomstage.test' });
  const a = await createVerifiedAccount(t);
  owner = { id: a.id, cookie: await signIn(t, a) };
  other = await signIn(t, await createVerifiedAccount(t));
});
afterAll(async () => t?.close());

const json = (path: string, body: string, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    body,
    headers: { 'X-Requested-With': 'roomstage', 'Content-Type': 'application/json', ...headers },
  });

describe('what a JSON request may carry (issue case 5)', () => {
  it('refuses JSON bodies over 64 KB, even unauthenticated, before parsing them', async () => {
    const big = JSON.stringify({ ...registration('big@example.com'), firstName: 'x'.repeat(70 * 1024) });
    const res = await json('/api/register', big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'Request body is too large.' });
    expect(await userRow(t, 'big@example.com')).toBeNull();
  });

  it('parses only application/json: a text/plain "form" is 415 and changes nothing', async () => {
    const res = await json('/api/register', JSON.stringify(registration('plain@example.com')), {
      'Content-Type': 'text/plain',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      message: 'Request body must be JSON (Content-Type: application/json).',
    });
    expect(await userRow(t, 'plain@example.com')).toBeNull();
    // A JSON type with a charset is JSON.
    const ok = await json('/api/forgot-password', JSON.stringify({ email: 'x@example.com' }), {
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a state change whose Origin is not APP_URL', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://app.roomstage.test']) {
      const res = await json('/api/forgot-password', JSON.stringify({ email: 'o@example.com' }), {
        Origin: origin,
      });
      expect(res.status, origin).toBe(403);
    }
    const same = await json('/api/forgot-password', JSON.stringify({ email: 'o@example.com' }), {
      Origin: 'https://app.roomstage.test',
    });
    expect(same.status).toBe(200);
  });
});

describe('uploads (issue case 11, and validation that held)', () => {
  it('refuses two files in one upload with 400 and charges nothing', async () => {
    const photo = await smallFixture('empty-dining-01.jpg', 240);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'b.jpg');
    form.append('style', 'modern');
    form.append('roomType', 'living-room');
    const res = await t.app.request('/api/transform-room', {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'roomstage', Cookie: owner.cookie },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please upload one image at a time.' });
    const extra = new FormData();
    extra.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
    extra.append('other', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'b.jpg');
    expect(
      (
        await t.app.request('/api/identify-room', {
          method: 'POST',
          body: extra,
          headers: { 'X-Requested-With': 'roomstage' },
        })
      ).status,
    ).toBe(400);
    expect(await t.ctx.db.select().from(transformations)).toHaveLength(0);
  });

  it('refuses what is not a JPEG or PNG whatever its name and type, and files over 10 MB', async () => {
    const gif = new TextEncoder().encode('GIF89a' + 'x'.repeat(100));
    const res = await upload(t, '/api/identify-room', gif, { fileName: 'room.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(
      (await upload(t, '/api/identify-room', html, { fileName: 'x.png', type: 'image/png' })).status,
    ).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect((await upload(t, '/api/identify-room', big)).status).toBe(413);
  });

  it('refuses a pixel bomb from its header (a few hundred KB that would decode to 50 MP and 150 MB)', async () => {
    const bomb = pngDeclaring(7100, 7100);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const res = await upload(t, '/api/identify-room', bomb, { fileName: 'bomb.png', type: 'image/png' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The image is larger than 50 megapixels.',
    );
  });
});

describe('who may touch what (held)', () => {
  it("answers 404 to another user's transformation and images (no IDOR), 401 to visitors", async () => {
    const [row] = await t.ctx.db
      .insert(transformations)
      .values({
        userId: owner.id,
        style: 'modern',
        roomType: 'bedroom',
        status: 'completed',
        createdAt: new Date(),
      })
      .returning();
    for (const [method, url, body] of [
      ['POST', `/api/transformations/${row!.id}/favorite`, { isFavorite: true }],
      ['PATCH', `/api/transformations/${row!.id}`, { userTitle: 'mine now' }],
      ['DELETE', `/api/transformations/${row!.id}`, undefined],
      ['GET', `/api/transformations/${row!.id}/images/original`, undefined],
    ] as const) {
      expect((await api(t, method, url, { cookie: other, body })).status, `${method} ${url}`).toBe(404);
      expect((await api(t, method, url, { body })).status).toBe(401);
    }
    await t.ctx.db.delete(transformations);
  });

  it('enforces admin on the server: 401 for visitors, 403 for users, on every admin path', async () => {
    for (const path of [
      '/api/admin/stats',
      '/api/admin/users',
      '/api/admin/audit-logs',
      '/api/admin/anything',
    ]) {
      expect((await api(t, 'GET', path)).status).toBe(401);
      expect((await api(t, 'GET', path, { cookie: other })).status).toBe(403);
    }
  });

  it('refuses a webhook without a valid Stripe signature (none configured: refused too)', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_x', client_reference_id: owner.id });
    expect((await deliver(t, event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await deliver(t, event, { secret: 'whsec_wrong' })).status).toBe(400);
  });
});
