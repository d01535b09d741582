import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, signIn, userRow } from '#tests/helpers/auth.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ APP_URL: 'https://app.roomstage.test' });
});
afterAll(async () => t?.close());

describe('session endpoints', () => {
  it('GET /api/auth/user answers 401 {message} when signed out or with a forged cookie', async () => {
    for (const cookie of [undefined, 'rs_session=' + 'A'.repeat(43), 'rs_session=garbage']) {
      const res = await api(t, 'GET', '/api/auth/user', { cookie });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Unauthorized' });
      // The site's own check asks with ?optional=1 and gets 200 null: no console error for visitors.
      const optional = await api(t, 'GET', '/api/auth/user?optional=1', { cookie });
      expect(optional.status).toBe(200);
      expect(await optional.json()).toBeNull();
    }
    const account = await createVerifiedAccount(t);
    const me = await api(t, 'GET', '/api/auth/user?optional=1', { cookie: await signIn(t, account) });
    expect(((await me.json()) as { email: string }).email).toBe(account.email);
  });

  it('POST /api/logout deletes the row and clears the cookie; GET and HEAD change nothing', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    for (const method of ['GET', 'HEAD']) {
      const res = await api(t, method, '/api/logout', { cookie });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    const res = await api(t, 'POST', '/api/logout', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Signed out' });
    expect(res.headers.getSetCookie().join()).toMatch(
      /rs_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    // Signed out already: still fine.
    expect((await api(t, 'POST', '/api/logout')).status).toBe(200);
  });

  it('PATCH /api/auth/user changes only the names', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    const res = await api(t, 'PATCH', '/api/auth/user', {
      cookie,
      body: {
        firstName: '  Augusta ',
        lastName: 'King',
        email: 'x@evil.com',
        role: 'admin',
        creditsBalance: 99,
        emailVerified: false,
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; user: Record<string, unknown> };
    expect(body).toMatchObject({ success: true, message: 'Profile updated successfully' });
    expect(body.user).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      email: account.email,
      role: 'user',
      creditsBalance: 0,
    });
    expect(await userRow(t, account.email)).toMatchObject({
      firstName: 'Augusta',
      lastName: 'King',
      role: 'user',
      creditsBalance: 0,
      emailVerified: true,
    });

    const tooLong = await api(t, 'PATCH', '/api/auth/user', { cookie, body: { lastName: 'x'.repeat(51) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: 'Last name must be less than 50 characters' });
    expect((await userRow(t, account.email))!.lastName).toBe('King');

    const onlyOne = await api(t, 'PATCH', '/api/auth/user', { cookie, body: { firstName: 'Ada' } });
    expect(((await onlyOne.json()) as { user: unknown }).user).toMatchObject({
      firstName: 'Ada',
      lastName: 'King',
    });

    const signedOut = await api(t, 'PATCH', '/api/auth/user', { body: { firstName: 'Eve' } });
    expect(signedOut.status).toBe(401);
  });
});
