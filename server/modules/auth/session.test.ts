import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, login, signIn } from '#tests/helpers/auth.ts';
import { sha256Hex } from './tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const sessionRow = async (cookie: string) =>
  (
    await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sha256Hex(cookie.split('=')[1]!)))
  )[0] ?? null;
const me = (cookie: string) => api(t, 'GET', '/api/auth/user', { cookie });

describe('sessions', () => {
  it('uses a plain cookie without Secure on http, and never stores the token', async () => {
    const account = await createVerifiedAccount(t);
    const { res, cookie } = await login(t, account.email, account.password);
    expect(res.headers.getSetCookie().join()).toMatch(
      /^rs_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const row = await sessionRow(cookie!);
    expect(row!.sid).not.toContain(cookie!.split('=')[1]);
    expect(JSON.stringify(row!.sess)).not.toContain(cookie!.split('=')[1]);
    expect(row!.userId).toBe(account.id);
  });

  it('issues a new session id at login and ends the one the browser had (no fixation)', async () => {
    const account = await createVerifiedAccount(t);
    const before = await signIn(t, account);
    const { cookie: after } = await login(t, account.email, account.password, before);
    expect(after).not.toBe(before);
    expect(await sessionRow(before)).toBeNull();
    expect((await me(before)).status).toBe(401);
    expect((await me(after!)).status).toBe(200);
    // A cookie value an attacker planted before login is never adopted.
    const planted = 'rs_session=' + 'x'.repeat(43);
    const { cookie } = await login(t, account.email, account.password, planted);
    expect(cookie).not.toBe(planted);
  });

  it('ends after 7 idle days, and clears the cookie', async () => {
    const start = new Date('2032-01-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      const cookie = await signIn(t, account);
      t.setNow(new Date(start.getTime() + 7 * DAY - 1000));
      expect((await me(cookie)).status).toBe(200);
      // That request slid the deadline: 7 more idle days from now.
      t.setNow(new Date(start.getTime() + 14 * DAY - 2000));
      expect((await me(cookie)).status).toBe(200);
      t.setNow(new Date(start.getTime() + 21 * DAY));
      const res = await me(cookie);
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().join()).toContain('rs_session=; Max-Age=0');
      expect(await sessionRow(cookie)).toBeNull();
    } finally {
      t.setNow(undefined);
    }
  });

  it('slides the idle deadline at most once an hour', async () => {
    const start = new Date('2032-02-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      const cookie = await signIn(t, account);
      const initial = (await sessionRow(cookie))!.expire.getTime();
      expect(initial).toBe(start.getTime() + 7 * DAY);
      t.setNow(new Date(start.getTime() + 59 * 60_000));
      await me(cookie);
      expect((await sessionRow(cookie))!.expire.getTime()).toBe(initial);
      t.setNow(new Date(start.getTime() + 61 * 60_000));
      await me(cookie);
      expect((await sessionRow(cookie))!.expire.getTime()).toBe(start.getTime() + 61 * 60_000 + 7 * DAY);
    } finally {
      t.setNow(undefined);
    }
  });

  it('ends after 30 days however active', async () => {
    const start = new Date('2032-03-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      const cookie = await signIn(t, account);
      for (let day = 2; day < 30; day += 2) {
        t.setNow(new Date(start.getTime() + day * DAY));
        expect((await me(cookie)).status).toBe(200);
      }
      // Never slid past the absolute end.
      expect((await sessionRow(cookie))!.expire.getTime()).toBe(start.getTime() + 30 * DAY);
      t.setNow(new Date(start.getTime() + 30 * DAY));
      expect((await me(cookie)).status).toBe(401);
      expect(await sessionRow(cookie)).toBeNull();
    } finally {
      t.setNow(undefined);
    }
  });

  // A second app on its own database.
  it(
    'names the cookie __Host-rs_session with Secure in production over https',
    { timeout: 120_000 },
    async () => {
      const prod = await createTestContext({
        NODE_ENV: 'production',
        APP_URL: 'https://roomstage.example',
        SESSION_SECRET: 'x'.repeat(40),
        C2PA_ENABLED: 'false',
      });
      try {
        const account = await createVerifiedAccount(prod);
        const { res, cookie } = await login(prod, account.email, account.password);
        expect(res.headers.getSetCookie().join()).toMatch(
          /^__Host-rs_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        );
        expect((await api(prod, 'GET', '/api/auth/user', { cookie: cookie! })).status).toBe(200);
        // The unprefixed name is not accepted there.
        expect(
          (await api(prod, 'GET', '/api/auth/user', { cookie: cookie!.replace('__Host-', '') })).status,
        ).toBe(401);
      } finally {
        await prod.close();
      }
    },
  );
});
