import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import {
  api,
  createVerifiedAccount,
  login,
  signIn,
  STRONG_PASSWORD,
  tokenFromLink,
  userRow,
} from '#tests/helpers/auth.ts';
import { mailTo, readOutbox } from '#tests/helpers/mail.ts';
import { sha256Hex } from './tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ APP_URL: 'https://app.roomstage.test' });
});
afterAll(async () => t?.close());

const SENT = {
  success: true,
  message: 'If an account exists for that email, a password reset link has been sent.',
};
const INVALID = { success: false, code: 'invalid_token', message: 'Invalid or expired reset token' };
const forgot = (email: string) => api(t, 'POST', '/api/forgot-password', { body: { email } });
const reset = (token: string, password = 'Brand-New-Pass7') =>
  api(t, 'POST', '/api/reset-password', { body: { token, password } });
const check = async (token: string) =>
  (await (await api(t, 'GET', `/api/verify-reset-token?token=${encodeURIComponent(token)}`)).json()) as {
    valid: boolean;
  };

async function requestToken(email: string): Promise<string> {
  expect(await (await forgot(email)).json()).toEqual(SENT);
  const mail = mailTo(t.outboxDir, email)
    .filter((m) => m.subject === 'Reset your Roomstage password')
    .at(-1);
  expect(mail!.links[0]).toMatch(/^https:\/\/app\.roomstage\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
  return tokenFromLink(mail!.links[0]!);
}

describe('password reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = readOutbox(t.outboxDir).length;
    const res = await forgot('nobody@example.com');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(SENT);
    expect(readOutbox(t.outboxDir)).toHaveLength(before);
  });

  it('mails a 1 h link (stored hashed) that resets the password once and ends every session', async () => {
    const account = await createVerifiedAccount(t);
    const phone = await signIn(t, account);
    const laptop = await signIn(t, account);
    const token = await requestToken(` ${account.email.toUpperCase()} `);
    expect((await userRow(t, account.email))!.resetToken).toBe(sha256Hex(token));
    expect(await check(token)).toEqual({ valid: true });

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Password has been reset successfully' });
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
    for (const cookie of [phone, laptop])
      expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect((await login(t, account.email, account.password)).res.status).toBe(401);
    expect((await login(t, account.email, 'Brand-New-Pass7')).res.status).toBe(200);
    expect(mailTo(t.outboxDir, account.email).at(-1)!.subject).toBe('Your Roomstage password was changed');

    // Reuse.
    expect(await check(token)).toEqual({ valid: false });
    const again = await reset(token, 'Another-Pass-8');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID);
    expect((await login(t, account.email, 'Another-Pass-8')).res.status).toBe(401);
  });

  it('expires after 1 hour', async () => {
    const account = await createVerifiedAccount(t);
    const start = new Date('2031-05-01T10:00:00Z');
    t.setNow(start);
    try {
      const token = await requestToken(account.email);
      t.setNow(new Date(start.getTime() + 59 * 60_000));
      expect(await check(token)).toEqual({ valid: true });
      t.setNow(new Date(start.getTime() + 60 * 60_000));
      expect(await check(token)).toEqual({ valid: false });
      const res = await reset(token);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(INVALID);
      expect((await login(t, account.email, account.password)).res.status).toBe(200);
    } finally {
      t.setNow(undefined);
    }
  });

  it('a newer link invalidates the older one', async () => {
    const account = await createVerifiedAccount(t);
    const first = await requestToken(account.email);
    const second = await requestToken(account.email);
    expect(await check(first)).toEqual({ valid: false });
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses tampered tokens and weak passwords, changing nothing', async () => {
    const account = await createVerifiedAccount(t);
    const token = await requestToken(account.email);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await check(tampered)).toEqual({ valid: false });
    expect(await (await reset(tampered)).json()).toEqual(INVALID);
    expect(await (await api(t, 'GET', '/api/verify-reset-token')).json()).toEqual({ valid: false });

    const weak = await reset(token, 'weakpass');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      message: 'Password must contain at least one uppercase letter',
    });
    const noToken = await api(t, 'POST', '/api/reset-password', { body: { password: STRONG_PASSWORD } });
    expect(await noToken.json()).toMatchObject({ message: 'Reset token is required' });
    // The token survived the bad attempts.
    expect(await check(token)).toEqual({ valid: true });
    expect((await login(t, account.email, account.password)).res.status).toBe(200);
  });

  it('a reset through the mailed link also verifies the address', async () => {
    await api(t, 'POST', '/api/register', {
      body: { firstName: 'Un', lastName: 'Verified', email: 'unv@example.com', password: STRONG_PASSWORD },
    });
    const token = await requestToken('unv@example.com');
    await reset(token);
    expect((await userRow(t, 'unv@example.com'))!.emailVerified).toBe(true);
  });
});
