import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, login, signIn } from '#tests/helpers/auth.ts';
import { readOutbox } from '#tests/helpers/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => t?.close());

const MIN = 60_000;
const from = (ip: string) => ({ 'X-Forwarded-For': `203.0.113.99, ${ip}` });
const attempt = (email: string, password: string, ip = '198.51.100.1') =>
  api(t, 'POST', '/api/login', { body: { email, password }, headers: from(ip) });

describe('login rate limits', () => {
  it('locks one source out of an account after 5 failures in 15 minutes, never the owner elsewhere', async () => {
    const start = new Date('2034-01-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      for (let i = 0; i < 5; i++)
        expect((await attempt(account.email, 'Wrong-Pass-1', '10.0.0.9')).status).toBe(401);
      t.setNow(new Date(start.getTime() + 5 * MIN));
      // The guessing source is refused even with the right password, with Retry-After.
      const res = await attempt(account.email, account.password, '10.0.0.9');
      expect(res.status).toBe(429);
      expect(res.headers.get('Retry-After')).toBe(String(10 * 60));
      expect(await res.json()).toMatchObject({
        message: 'Too many login attempts. Please try again in 10 minutes.',
      });
      expect(res.headers.getSetCookie()).toEqual([]);
      // The owner, from their own address, signs in at once.
      expect((await attempt(account.email, account.password, '10.0.1.1')).status).toBe(200);
      // Another account from the guessing address is unaffected.
      const other = await createVerifiedAccount(t);
      expect((await attempt(other.email, other.password, '10.0.0.9')).status).toBe(200);
      // The window ends.
      t.setNow(new Date(start.getTime() + 15 * MIN));
      expect((await attempt(account.email, account.password, '10.0.0.9')).status).toBe(200);
    } finally {
      t.setNow(undefined);
    }
  });

  it('only failures count: a success clears the account counter', async () => {
    const account = await createVerifiedAccount(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await attempt(account.email, 'Wrong-Pass-1', '10.1.0.1');
      expect((await attempt(account.email, account.password, '10.1.0.2')).status).toBe(200);
    }
  });

  it('blocks an IP after 20 failures in 15 minutes, across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++)
      expect((await attempt(`nobody${i}@example.com`, 'Wrong-Pass-1', ip)).status).toBe(401);
    const account = await createVerifiedAccount(t);
    const res = await attempt(account.email, account.password, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toContain('Too many');
    expect((await attempt(account.email, account.password, '192.0.2.78')).status).toBe(200);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const account = await createVerifiedAccount(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => attempt(account.email, 'Wrong-Pass-1', '10.2.0.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('wrong passwords at deactivation count towards the same limit', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    for (let i = 0; i < 5; i++) {
      expect(
        (await api(t, 'POST', '/api/auth/deactivate', { cookie, body: { password: 'Wrong-Pass-1' } })).status,
      ).toBe(400);
    }
    const res = await api(t, 'POST', '/api/auth/deactivate', {
      cookie,
      body: { password: account.password },
    });
    expect(res.status).toBe(429);
    expect((await login(t, account.email, account.password)).res.status).toBe(429);
  });
});

describe('per-email limits', () => {
  it.each([
    ['/api/forgot-password', 'If an account exists for that email, a password reset link has been sent.'],
    [
      '/api/resend-verification',
      'If your account still needs verification, a new verification link has been sent to your email.',
    ],
  ])('%s allows 3 an hour per e-mail, then 429 with Retry-After', async (path, message) => {
    const start = new Date('2034-02-01T00:00:00Z');
    t.setNow(start);
    try {
      await api(t, 'POST', '/api/register', {
        body: { firstName: 'R', lastName: 'L', email: 'limited@example.com', password: 'Limited-Pass1' },
      });
      const mails = readOutbox(t.outboxDir).length;
      for (let i = 0; i < 3; i++) {
        const res = await api(t, 'POST', path, {
          body: { email: i === 1 ? 'LIMITED@example.com ' : 'limited@example.com' },
        });
        expect(await res.json()).toEqual({ success: true, message });
      }
      expect(readOutbox(t.outboxDir)).toHaveLength(mails + 3);
      t.setNow(new Date(start.getTime() + 20 * MIN));
      const res = await api(t, 'POST', path, { body: { email: 'limited@example.com' } });
      expect(res.status).toBe(429);
      expect(res.headers.get('Retry-After')).toBe(String(40 * 60));
      expect(await res.json()).toMatchObject({
        message: 'Too many requests. Please try again in 40 minutes.',
      });
      expect(readOutbox(t.outboxDir)).toHaveLength(mails + 3);
      // Unknown addresses are limited the same way (no difference to observe).
      for (let i = 0; i < 3; i++)
        expect((await api(t, 'POST', path, { body: { email: 'ghost@example.com' } })).status).toBe(200);
      expect((await api(t, 'POST', path, { body: { email: 'ghost@example.com' } })).status).toBe(429);
      t.setNow(new Date(start.getTime() + 60 * MIN));
      expect((await api(t, 'POST', path, { body: { email: 'limited@example.com' } })).status).toBe(200);
    } finally {
      t.setNow(undefined);
      await t.ctx.db.execute('delete from rate_limits');
      await t.ctx.db.execute(`delete from users where email = 'limited@example.com'`);
    }
  });
});
