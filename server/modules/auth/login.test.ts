import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema/index.ts';
import { useTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, login, registration, STRONG_PASSWORD } from '#tests/helpers/auth.ts';
import { sha256Hex } from './tokens.ts';

let t: TestContext;
useTestContext({ APP_URL: 'https://app.roomstage.test', ADMIN_EMAILS: 'Boss@Example.com' }, (c) => (t = c));

const reg = (body: Record<string, unknown>) => api(t, 'POST', '/api/register', { body });
const person = registration;

describe('POST /api/login', () => {
  it('signs a verified user in with a session cookie and returns the user without secrets', async () => {
    const account = await createVerifiedAccount(t, 'Login.Me@Example.com');
    const { res, cookie, body } = await login(t, '  LOGIN.me@example.com ', account.password);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: 'Login successful', reactivated: false });
    expect(body.user).toMatchObject({
      email: 'login.me@example.com',
      firstName: 'Ada',
      role: 'user',
      emailVerified: true,
    });
    expect(Object.keys(body.user as object).sort()).toEqual(
      [
        'createdAt',
        'creditsBalance',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'lastName',
        'monthlyUsage',
        'profileImageUrl',
        'role',
        'subscriptionPlan',
        'subscriptionStatus',
        'usageResetDate',
      ].sort(),
    );
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      /^rs_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/m,
    );
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).toBe(sha256Hex(cookie!.split('=')[1]!));
    const me = await api(t, 'GET', '/api/auth/user', { cookie: cookie! });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: account.id, email: 'login.me@example.com' });
  });

  it('gives the same 401 for an unknown e-mail and a wrong password, and sets no cookie', async () => {
    const account = await createVerifiedAccount(t);
    for (const [email, password] of [
      ['nobody@example.com', STRONG_PASSWORD],
      [account.email, 'Wrong-Pass-1'],
    ]) {
      const { res, cookie, body } = await login(t, email!, password!);
      expect(res.status).toBe(401);
      expect(body).toMatchObject({ message: 'Invalid email or password' });
      expect(cookie).toBeNull();
    }
  });

  it('spends about as long on an unknown e-mail as on a wrong password (a hash runs either way)', async () => {
    const account = await createVerifiedAccount(t);
    const time = async (email: string) => {
      const start = performance.now();
      await login(t, email, 'Wrong-Pass-1');
      return performance.now() - start;
    };
    await time('warm-up@example.com');
    // The fastest of three each: a busy machine only ever adds time. argon2 at 19 MiB takes tens of ms;
    // skipping it would make the unknown case a small fraction of the known one, not just somewhat faster.
    const fastest = async (emails: string[]) => {
      let best = Infinity;
      for (const e of emails) best = Math.min(best, await time(e));
      return best;
    };
    const unknown = await fastest(['nobody1@example.com', 'nobody2@example.com', 'nobody3@example.com']);
    const known = await fastest([account.email, account.email, account.email]);
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it('refuses an unverified account with a message containing "verify your email"', async () => {
    await reg(person('unverified@example.com'));
    const { res, body, cookie } = await login(t, 'unverified@example.com', STRONG_PASSWORD);
    expect(res.status).toBe(403);
    expect(body.message).toContain('Please verify your email before logging in');
    expect(cookie).toBeNull();
  });

  it('refuses an account an admin set inactive', async () => {
    const account = await createVerifiedAccount(t);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, account.id));
    const { res, body } = await login(t, account.email, account.password);
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ message: 'Your account has been disabled. Please contact support.' });
  });

  it.each([
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'a@example.com' }, 'Password is required'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
    [{ password: 'x' }, 'Email is required'],
  ])('validates %j -> 400 "%s"', async (body, message) => {
    const res = await api(t, 'POST', '/api/login', { body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  });
});
