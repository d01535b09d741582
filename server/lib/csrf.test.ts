import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { readOutbox } from '#tests/helpers/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const body = JSON.stringify({
  firstName: 'C',
  lastName: 'S',
  email: 'csrf@example.com',
  password: 'Csrf-Pass-123',
});
const post = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  t.app.request(path, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...init,
  });

describe('CSRF protection', () => {
  it.each([
    ['no header', {}],
    ['a wrong header value', { 'X-Requested-With': 'XMLHttpRequest' }],
    [
      'a cross-site request even with the header',
      { 'X-Requested-With': 'roomstage', 'Sec-Fetch-Site': 'cross-site' },
    ],
  ])('refuses %s with 403 before anything happens', async (_name, headers) => {
    const res = await post('/api/register', headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Forbidden' });
    expect(readOutbox(t.outboxDir)).toHaveLength(0);
  });

  it('covers PATCH, DELETE and multipart uploads too', async () => {
    expect((await t.app.request('/api/auth/user', { method: 'PATCH', body: '{}' })).status).toBe(403);
    expect((await t.app.request('/api/transformations/x', { method: 'DELETE' })).status).toBe(403);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'room.jpg');
    const res = await t.app.request('/api/transform-room', { method: 'POST', body: form });
    expect(res.status).toBe(403);
  });

  it('lets same-origin and same-site requests with the header through', async () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      const res = await post('/api/login', { 'X-Requested-With': 'roomstage', 'Sec-Fetch-Site': site });
      expect(res.status).not.toBe(403);
    }
  });

  it('leaves GET alone and exempts only the Stripe webhook', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200);
    // Without the CSRF header the webhook still reaches its own check: 400 for the missing signature.
    const hook = await post('/api/stripe/webhook', {});
    expect(hook.status).toBe(400);
    expect(((await hook.json()) as { message: string }).message).not.toBe('Forbidden');
    expect((await post('/api/stripe/webhook/', {})).status).toBe(403);
    expect((await post('/api/stripe/other', {})).status).toBe(403);
  });
});
