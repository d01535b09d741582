// Security regression suite, accounts half: every attack on sign-up, sign-in, resets and sessions that
// was tried against a running copy, the ones that got through (now fixed) and the ones that held.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import type { Mailer } from '#server/lib/mail/index.ts';
import {
  api,
  createVerifiedAccount,
  registration,
  signIn,
  tokenFromLink,
  userRow,
} from '#tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { mailTo, readOutbox } from '#tests/helpers/mail.ts';
import { captureLogs } from './log-capture.ts';

// Whole journeys (sign-up, sign-in, uploads) on a shared 2-core machine: generous, not a speed test.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestContext;
let logs: Array<Record<string, unknown>>;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY_HOPS: '1', APP_URL: 'https://app.roomstage.test' });
  logs = captureLogs(t);
});
afterAll(async () => t?.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const login = (email: string, password: string, ip: string) =>
  api(t, 'POST', '/api/login', { body: { email, password }, headers: from(ip) });

describe('registration and reset abuse (issue cases 1 and 10)', () => {
  it('mails one address at most 3 times an hour, whatever the sender (429 + Retry-After after)', async () => {
    const victim = 'victim@example.com';
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await api(t, 'POST', '/api/register', {
        body: registration(victim, { firstName: `Click-evil${i}` }),
        headers: from(`198.51.100.${i}`),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect(((await res.json()) as { message: string }).message).toMatch(
          /^Too many requests\. Please try again in \d+ minutes?\.$/,
        );
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(mailTo(t.outboxDir, victim)).toHaveLength(3);
  });

  it('limits registrations per source to 20 an hour', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 20; i++) {
      const res = await api(t, 'POST', '/api/register', {
        body: registration(`bulk${i}@example.com`),
        headers: from(ip),
      });
      expect(res.status).toBe(201);
    }
    const res = await api(t, 'POST', '/api/register', {
      body: registration('bulk-last@example.com'),
      headers: from(ip),
    });
    expect(res.status).toBe(429);
    expect(await userRow(t, 'bulk-last@example.com')).toBeNull();
  });

  it('refuses common passwords with a clear message, before creating anything', async () => {
    // The last one is strong in general but built from the user's own name.
    for (const [i, password] of [
      'Password1',
      'Welcome123',
      'Qwerty123',
      'P@ssw0rd1',
      'Zelphine2024',
    ].entries()) {
      const email = `common${i}@example.com`;
      const body = registration(email, { password, firstName: 'Zelphine' });
      const res = await api(t, 'POST', '/api/register', { body, headers: from('192.0.2.50') });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: AUTH_MESSAGES.weakPassword });
      expect(await userRow(t, email)).toBeNull();
      expect(mailTo(t.outboxDir, email)).toHaveLength(0);
    }
  });

  it('checks the reset token before the password (no hash for a bad token), refuses a common new password without spending the token, and limits tries per source', async () => {
    const account = await createVerifiedAccount(t);
    await api(t, 'POST', '/api/forgot-password', { body: { email: account.email } });
    const token = tokenFromLink(mailTo(t.outboxDir, account.email).at(-1)!.links[0]!);
    const bad = await api(t, 'POST', '/api/reset-password', {
      body: { token: 'A'.repeat(43), password: 'Password1' },
      headers: from('192.0.2.60'),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.invalidResetToken });
    const weak = await api(t, 'POST', '/api/reset-password', {
      body: { token, password: 'Password1' },
      headers: from('192.0.2.60'),
    });
    expect(await weak.json()).toMatchObject({ message: AUTH_MESSAGES.weakPassword });
    expect((await api(t, 'GET', `/api/verify-reset-token?token=${token}`)).status).toBe(200);
    expect(await (await api(t, 'GET', `/api/verify-reset-token?token=${token}`)).json()).toMatchObject({
      valid: true,
    });
    for (let i = 0; i < 8; i++)
      await api(t, 'POST', '/api/reset-password', {
        body: { token: 'B'.repeat(43), password: 'Zebra-Kettle-42' },
        headers: from('192.0.2.60'),
      });
    const limited = await api(t, 'POST', '/api/reset-password', {
      body: { token, password: 'Zebra-Kettle-42' },
      headers: from('192.0.2.60'),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    const ok = await api(t, 'POST', '/api/reset-password', {
      body: { token, password: 'Zebra-Kettle-42' },
      headers: from('192.0.2.61'),
    });
    expect(ok.status).toBe(200);
  });
});

describe('lockout cannot be turned against the owner (issue case 2)', () => {
  it('five wrong passwords lock only that source out of that account, and log a security event', async () => {
    const account = await createVerifiedAccount(t);
    for (let i = 0; i < 5; i++)
      expect((await login(account.email, 'Wrong-Pass-1', '198.18.0.1')).status).toBe(401);
    expect((await login(account.email, account.password, '198.18.0.1')).status).toBe(429);
    expect((await login(account.email, account.password, '198.18.0.2')).status).toBe(200);
    const event = logs.find((l) => l.event === 'security.signin_locked' && l.userId === account.id);
    expect(event).toMatchObject({ ip: '198.18.0.1', knownAccount: true });
    expect(JSON.stringify(event)).not.toContain(account.email);
  });

  it('many sources guessing one account are logged as an attack, and the owner still signs in', async () => {
    const account = await createVerifiedAccount(t);
    for (let i = 0; i < 20; i++) await login(account.email, 'Wrong-Pass-1', `198.18.1.${i}`);
    expect(logs.some((l) => l.event === 'security.account_targeted' && l.userId === account.id)).toBe(true);
    expect((await login(account.email, account.password, '198.18.2.1')).status).toBe(200);
  });
});

describe('forgot-password reveals nothing (issue case 3)', () => {
  it('answers before the mail is sent, with one statement for known and unknown addresses', async () => {
    const account = await createVerifiedAccount(t);
    const real = t.ctx.mailer;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow: Mailer = {
      kind: 'outbox',
      send: async (m) => {
        await held;
        await real.send(m);
      },
    };
    t.ctx.mailer = slow;
    try {
      const ask = (email: string) =>
        t.app.request('/api/forgot-password', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Requested-With': 'roomstage',
            ...from('192.0.2.70'),
          },
          body: JSON.stringify({ email }),
        });
      // Resolves while the mail is still held: the answer does not wait for delivery.
      const [known, unknown] = await Promise.all([ask(account.email), ask('nobody-here@example.com')]);
      expect(await known.json()).toEqual(await unknown.json());
      expect(known.status).toBe(200);
      const before = mailTo(t.outboxDir, account.email).length;
      release();
      await new Promise((r) => setTimeout(r, 50));
      const { mailSettled } = await import('#server/lib/mail/background.ts');
      await mailSettled(slow);
      expect(mailTo(t.outboxDir, account.email)).toHaveLength(before + 1);
    } finally {
      t.ctx.mailer = real;
    }
  });
});

describe('sessions (issue case 4, and CSRF that held)', () => {
  it('GET and HEAD /api/logout sign nobody out; POST needs the CSRF header', async () => {
    const cookie = await signIn(t, await createVerifiedAccount(t));
    for (const method of ['GET', 'HEAD'])
      expect((await t.app.request('/api/logout', { method, headers: { Cookie: cookie } })).status).toBe(405);
    expect((await t.app.request('/api/logout', { method: 'POST', headers: { Cookie: cookie } })).status).toBe(
      403,
    );
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect((await api(t, 'POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('refuses state changes without the CSRF header or from a cross-site context', async () => {
    const body = JSON.stringify(registration('csrf-victim@example.com'));
    const headers = { 'Content-Type': 'application/json' };
    expect((await t.app.request('/api/register', { method: 'POST', body, headers })).status).toBe(403);
    const crossSite = { ...headers, 'X-Requested-With': 'roomstage', 'Sec-Fetch-Site': 'cross-site' };
    expect((await t.app.request('/api/register', { method: 'POST', body, headers: crossSite })).status).toBe(
      403,
    );
    expect(await userRow(t, 'csrf-victim@example.com')).toBeNull();
  });
});

describe('secrets stay out of logs and the database (issue case 9)', () => {
  it('logs mail links as paths with the token masked, and token-bearing page paths masked', async () => {
    const account = await createVerifiedAccount(t);
    await api(t, 'POST', '/api/forgot-password', { body: { email: account.email } });
    const token = tokenFromLink(mailTo(t.outboxDir, account.email).at(-1)!.links[0]!);
    await t.app.request(`/reset-password/${token}`);
    const all = JSON.stringify(logs);
    expect(all).not.toContain(token);
    expect(all).not.toMatch(/[?&/]token=|[A-Za-z0-9_-]{43}/);
    expect(logs.some((l) => JSON.stringify(l.links) === '["/reset-password/:token"]')).toBe(true);
    // The outbox keeps the whole mail.
    expect(readOutbox(t.outboxDir).some((m) => m.links.some((l) => l.includes(token)))).toBe(true);
  });

  it('keys rate-limit rows by an HMAC under SESSION_SECRET: no address, no IP, no plain hash of either', async () => {
    const rows = await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(rows.length).toBeGreaterThan(5);
    const { sha256Hex } = await import('#server/modules/auth/tokens.ts');
    for (const { key } of rows) {
      expect(key).toMatch(/^[a-z:]+:[0-9a-f]{32}$/);
      expect(key).not.toContain('@');
      expect(key).not.toContain('198.18');
      expect(key).not.toContain(sha256Hex('victim@example.com').slice(0, 32));
    }
  });
});
