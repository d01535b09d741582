import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import {
  api,
  createVerifiedAccount,
  login,
  sessionCookieFrom,
  signIn,
  userById,
} from '#tests/helpers/auth.ts';
import { mailTo } from '#tests/helpers/mail.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ APP_URL: 'https://app.roomstage.test', TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => t?.close());

const NEW = 'Lantern-Orchid-58';
const change = (cookie: string | undefined, body: Record<string, unknown>, ip = '203.0.113.9') =>
  api(t, 'POST', '/api/auth/change-password', { cookie, body, headers: { 'X-Forwarded-For': ip } });
const sessionCount = async (userId: string) =>
  (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('POST /api/auth/change-password', () => {
  it('needs a session, the current password and a strong new one; refusals change nothing', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    const before = (await userById(t, account.id))!.passwordHash;
    expect((await change(undefined, { currentPassword: account.password, newPassword: NEW })).status).toBe(
      401,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: NEW }, 'Current password is required'],
      [{ currentPassword: '', newPassword: NEW }, 'Current password is required'],
      [
        { currentPassword: account.password, newPassword: 'short1A' },
        'Password must be at least 8 characters',
      ],
      [
        { currentPassword: account.password, newPassword: 'alllowercase1' },
        'Password must contain at least one uppercase letter',
      ],
      [{ currentPassword: 'Wrong-Pass-1', newPassword: NEW }, 'Your current password is incorrect'],
      [
        { currentPassword: account.password, newPassword: account.password },
        'Choose a new password that is different from your current one.',
      ],
      [
        { currentPassword: account.password, newPassword: 'Password123' },
        'This password is too common or too easy to guess. Please choose a less predictable one, such as three unrelated words.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await change(cookie, body);
      expect(res.status, message).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect((await userById(t, account.id))!.passwordHash).toBe(before);
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(
      mailTo(t.outboxDir, account.email).filter((m) => m.subject.includes('password was changed')),
    ).toHaveLength(0);
  });

  it('sets the new password, ends every other session, keeps this browser signed in, mails and logs it', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    const elsewhere = await signIn(t, account);
    const warn = vi.spyOn(t.ctx.logger, 'warn');
    const res = await change(cookie, { currentPassword: account.password, newPassword: NEW });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Your password has been changed. Your other devices have been signed out.',
    });
    const fresh = sessionCookieFrom(res);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(cookie);
    // The old cookies (this browser's and the other device's) are worthless; the fresh one works.
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: elsewhere })).status).toBe(401);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: fresh! })).status).toBe(200);
    expect(await sessionCount(account.id)).toBe(1);
    expect((await login(t, account.email, account.password)).res.status).toBe(401);
    expect((await login(t, account.email, NEW)).res.status).toBe(200);

    const mail = mailTo(t.outboxDir, account.email).at(-1)!;
    expect(mail.subject).toBe('Your Roomstage password was changed');
    expect(mail.text).toContain('changed in Settings');
    expect(mail.links).toContain('https://app.roomstage.test/forgot-password');
    const event = warn.mock.calls.find(
      ([o]) => (o as { event?: string }).event === 'security.password_changed',
    );
    expect(event?.[0]).toMatchObject({ userId: account.id, sessionsEnded: 2 });
    // Never the password or the address in the log.
    expect(JSON.stringify(event)).not.toContain(NEW);
    expect(JSON.stringify(event)).not.toContain(account.email);
    warn.mockRestore();
  });

  it('wrong current passwords count like failed sign-ins: the sixth try from a source is refused', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    for (let i = 0; i < 5; i++) {
      expect(
        (await change(cookie, { currentPassword: `Wrong-Pass-${i}`, newPassword: NEW }, '198.51.100.7'))
          .status,
      ).toBe(400);
    }
    const locked = await change(
      cookie,
      { currentPassword: account.password, newPassword: NEW },
      '198.51.100.7',
    );
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(((await locked.json()) as { message: string }).message).toMatch(
      /^Too many login attempts\. Please try again in \d+ minutes?\.$/,
    );
    // The same lock as signing in from that source.
    const signin = await api(t, 'POST', '/api/login', {
      body: { email: account.email, password: account.password },
      headers: { 'X-Forwarded-For': '198.51.100.7' },
    });
    expect(signin.status).toBe(429);
    // Another source is not locked out.
    expect(
      (await change(cookie, { currentPassword: account.password, newPassword: NEW }, '192.0.2.44')).status,
    ).toBe(200);
  });
});
