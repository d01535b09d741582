import { describe, expect, it } from 'vitest';
import { useTestContext, type TestContext } from '#tests/helpers/context.ts';
import {
  api,
  createVerifiedAccount,
  login,
  registration,
  tokenFromLink,
  userRow,
} from '#tests/helpers/auth.ts';
import { mailTo, readOutbox } from '#tests/helpers/mail.ts';
import { sha256Hex } from './tokens.ts';

let t: TestContext;
useTestContext({ APP_URL: 'https://app.roomstage.test', ADMIN_EMAILS: 'Boss@Example.com' }, (c) => (t = c));

const reg = (body: Record<string, unknown>) => api(t, 'POST', '/api/register', { body });
const person = registration;

describe('POST /api/register', () => {
  it('creates an unverified user with an argon2id hash and mails a 24 h link built from APP_URL', async () => {
    const res = await api(t, 'POST', '/api/register', {
      body: person('  New.User@Example.COM '),
      headers: { Host: 'evil.example' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Registration successful! Please check your email to verify your account.',
    });
    const row = await userRow(t, 'new.user@example.com');
    expect(row).toMatchObject({
      email: 'new.user@example.com',
      emailVerified: false,
      role: 'user',
      firstName: 'Grace',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [mail] = mailTo(t.outboxDir, 'new.user@example.com');
    expect(mail!.subject).toBe('Verify your Roomstage email address');
    expect(mail!.links[0]).toMatch(/^https:\/\/app\.roomstage\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain('href="https://app.roomstage.test/verify-email?token=');
    // Only the hash is stored.
    const token = tokenFromLink(mail!.links[0]!);
    expect(row!.verificationToken).toBe(sha256Hex(token));
    expect(row!.verificationTokenExpires!.getTime() - row!.createdAt.getTime()).toBe(24 * 3600 * 1000);
  });

  it('answers a taken e-mail exactly like a new one and mails the owner a notice instead', async () => {
    await reg(person('taken@example.com'));
    const before = await userRow(t, 'taken@example.com');
    const res = await reg(person('TAKEN@example.com', { firstName: 'Mallory', password: 'Another-Pass1' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Registration successful! Please check your email to verify your account.',
    });
    const after = await userRow(t, 'taken@example.com');
    expect(after).toEqual(before);
    const mails = mailTo(t.outboxDir, 'taken@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your Roomstage email address',
      'Someone tried to register with your email address',
    ]);
    expect(mails[1]!.text).toContain('Hi Grace,');
    expect(mails[1]!.text).not.toContain('token=');
  });

  it('ignores role, creditsBalance and emailVerified in the body', async () => {
    await reg(person('sneaky@example.com', { role: 'admin', creditsBalance: 1000, emailVerified: true }));
    expect(await userRow(t, 'sneaky@example.com')).toMatchObject({
      role: 'user',
      creditsBalance: 0,
      emailVerified: false,
    });
  });

  it('gives ADMIN_EMAILS the admin role at registration', async () => {
    await reg(person('boss@example.com'));
    expect((await userRow(t, 'boss@example.com'))!.role).toBe('admin');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ firstName: undefined }, 'First name is required'],
    [{ firstName: 'x'.repeat(51) }, 'First name must be less than 50 characters'],
    [{ lastName: '' }, 'Last name is required'],
    [{ lastName: 'x'.repeat(51) }, 'Last name must be less than 50 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: 'Short1' }, 'Password must be at least 8 characters'],
    [{ password: 'alllower1' }, 'Password must contain at least one uppercase letter'],
    [{ password: 'ALLUPPER1' }, 'Password must contain at least one lowercase letter'],
    [{ password: 'NoDigitsHere' }, 'Password must contain at least one number'],
  ])('refuses %j with 400 "%s" and creates nothing', async (patch, message) => {
    const email = `bad-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await reg(person(email, patch));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect(await userRow(t, email)).toBeNull();
  });

  it('refuses a body that is not JSON', async () => {
    const res = await api(t, 'POST', '/api/register', {
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Request body must be JSON' });
  });

  it('keeps a 128-character password whole (no truncation) and a 50-character name', async () => {
    const long = 'Aa1' + 'x'.repeat(125);
    const email = 'long@example.com';
    await reg(person(email, { password: long, firstName: 'n'.repeat(50) }));
    const link = mailTo(t.outboxDir, email)[0]!.links[0]!;
    await api(t, 'GET', `/api/verify-email?token=${tokenFromLink(link)}`);
    expect((await login(t, email, long)).res.status).toBe(200);
    expect((await login(t, email, long.slice(0, 127))).res.status).toBe(401);
    expect((await login(t, email, long.slice(0, 72))).res.status).toBe(401);
  });
});

describe('GET /api/verify-email', () => {
  it('verifies once; the same link then says the address is already verified', async () => {
    await reg(person('verify@example.com'));
    const token = tokenFromLink(mailTo(t.outboxDir, 'verify@example.com')[0]!.links[0]!);
    const ok = await api(t, 'GET', `/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      success: true,
      message: 'Email verified successfully! You can now sign in.',
    });
    const row = await userRow(t, 'verify@example.com');
    // Spent (no expiry left); the hash stays only to recognise the link if it comes back.
    expect(row).toMatchObject({
      emailVerified: true,
      verificationToken: sha256Hex(token),
      verificationTokenExpires: null,
    });
    for (let i = 0; i < 2; i++) {
      const again = await api(t, 'GET', `/api/verify-email?token=${encodeURIComponent(token)}`);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({
        success: true,
        message: 'Your email address is already verified. You can sign in.',
        alreadyVerified: true,
      });
    }
    // Months later too (the 24-hour limit is for verifying, not for being told).
    t.setNow(new Date(Date.now() + 90 * 24 * 3600 * 1000));
    try {
      expect((await api(t, 'GET', `/api/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    } finally {
      t.setNow(undefined);
    }
  });

  it('refuses a link after 24 hours', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    t.setNow(start);
    try {
      await reg(person('late@example.com'));
      const token = tokenFromLink(mailTo(t.outboxDir, 'late@example.com')[0]!.links[0]!);
      t.setNow(new Date(start.getTime() + 24 * 3600 * 1000));
      const res = await api(t, 'GET', `/api/verify-email?token=${token}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        message: 'Invalid or expired verification link',
      });
      expect((await userRow(t, 'late@example.com'))!.emailVerified).toBe(false);
      // One minute earlier it would have worked.
      t.setNow(new Date(start.getTime() + 24 * 3600 * 1000 - 60_000));
      expect((await api(t, 'GET', `/api/verify-email?token=${token}`)).status).toBe(200);
    } finally {
      t.setNow(undefined);
    }
  });

  it('refuses a tampered or missing token', async () => {
    await reg(person('tamper@example.com'));
    const token = tokenFromLink(mailTo(t.outboxDir, 'tamper@example.com')[0]!.links[0]!);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const bad of [flipped, token.slice(0, -1), token + 'x', "' or 1=1 --"]) {
      const res = await api(t, 'GET', `/api/verify-email?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        message: 'Invalid or expired verification link',
      });
    }
    const missing = await api(t, 'GET', '/api/verify-email');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: 'Verification token is required' });
    expect((await userRow(t, 'tamper@example.com'))!.emailVerified).toBe(false);
  });
});

describe('POST /api/resend-verification', () => {
  const message =
    'If your account still needs verification, a new verification link has been sent to your email.';

  it('sends a fresh link that replaces the old one', async () => {
    await reg(person('resend@example.com'));
    const oldToken = tokenFromLink(mailTo(t.outboxDir, 'resend@example.com')[0]!.links[0]!);
    const res = await api(t, 'POST', '/api/resend-verification', { body: { email: ' Resend@Example.com' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message });
    const mails = mailTo(t.outboxDir, 'resend@example.com');
    expect(mails).toHaveLength(2);
    const newToken = tokenFromLink(mails[1]!.links[0]!);
    expect(newToken).not.toBe(oldToken);
    expect((await api(t, 'GET', `/api/verify-email?token=${oldToken}`)).status).toBe(400);
    expect((await api(t, 'GET', `/api/verify-email?token=${newToken}`)).status).toBe(200);
  });

  it('answers the same and sends nothing for unknown or verified addresses', async () => {
    const account = await createVerifiedAccount(t);
    const count = readOutbox(t.outboxDir).length;
    for (const email of ['ghost@example.com', account.email]) {
      const res = await api(t, 'POST', '/api/resend-verification', { body: { email } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message });
    }
    expect(readOutbox(t.outboxDir)).toHaveLength(count);
  });
});
