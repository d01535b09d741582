import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPurchases, payments, sessions, transformations, users } from '#server/db/schema/index.ts';
import { createTestContext, type TestContext } from '#tests/helpers/context.ts';
import { api, createVerifiedAccount, login, signIn, userById } from '#tests/helpers/auth.ts';
import { imageKeysOfUser } from '../transformations/index.ts';
import { promoteConfiguredAdmins, purgeDeletedAccounts, setUserActive } from './account-lifecycle.service.ts';
import type { SessionUserRow } from './auth.repo.ts';

let t: TestContext;
const cancelled: string[] = [];
beforeAll(async () => {
  t = await createTestContext(
    {},
    { onDeactivate: (u: SessionUserRow) => Promise.resolve(void cancelled.push(u.id)) },
  );
});
afterAll(async () => t?.close());

const DAY = 24 * 3600_000;
const deactivate = (cookie: string | undefined, body: Record<string, unknown>) =>
  api(t, 'POST', '/api/auth/deactivate', { cookie, body });
const sessionCount = async (userId: string) =>
  (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('POST /api/auth/deactivate', () => {
  it('needs a password, and a wrong one changes nothing', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    const empty = await deactivate(cookie, { password: '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Password is required to deactivate account' });
    expect(await (await deactivate(cookie, {})).json()).toMatchObject({
      message: 'Password is required to deactivate account',
    });
    const wrong = await deactivate(cookie, { password: 'Wrong-Pass-1' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Incorrect password' });
    expect(await userById(t, account.id)).toMatchObject({
      deactivatedAt: null,
      scheduledDeletionDate: null,
      isActive: true,
    });
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(cancelled).not.toContain(account.id);
    expect((await deactivate(undefined, { password: account.password })).status).toBe(401);
  });

  it('schedules deletion in 30 days, calls the billing hook and ends every session', async () => {
    const now = new Date('2033-01-10T12:00:00Z');
    t.setNow(now);
    try {
      const account = await createVerifiedAccount(t);
      const cookie = await signIn(t, account);
      await signIn(t, account);
      const res = await deactivate(cookie, { password: account.password });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        success: true,
        message:
          'Your account has been deactivated. It will be permanently deleted in 30 days unless you sign in again.',
      });
      expect(res.headers.getSetCookie().join()).toContain('rs_session=; Max-Age=0');
      const row = await userById(t, account.id);
      expect(row!.deactivatedAt).toEqual(now);
      expect(row!.scheduledDeletionDate).toEqual(new Date(now.getTime() + 30 * DAY));
      expect(row!.isActive).toBe(true);
      expect(await sessionCount(account.id)).toBe(0);
      expect(cancelled).toContain(account.id);
      expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    } finally {
      t.setNow(undefined);
    }
  });

  it('changes nothing when the billing hook fails', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    const hook = t.ctx.onDeactivate;
    // The app reads the hook at call time, so swapping it on the shared context is enough.
    t.ctx.onDeactivate = () => Promise.reject(new Error('stripe down'));
    try {
      const res = await deactivate(cookie, { password: account.password });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        message:
          'We could not cancel your subscription, so your account was not deactivated. Please try again later.',
      });
      expect(await userById(t, account.id)).toMatchObject({
        deactivatedAt: null,
        scheduledDeletionDate: null,
      });
      expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    } finally {
      t.ctx.onDeactivate = hook;
    }
  });
});

describe('reactivation and purge', () => {
  it('signing in within 30 days reactivates the account', async () => {
    const start = new Date('2033-02-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      await deactivate(await signIn(t, account), { password: account.password });
      t.setNow(new Date(start.getTime() + 30 * DAY - 60_000));
      const { res, body, cookie } = await login(t, account.email, account.password);
      expect(res.status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        reactivated: true,
        message: 'Welcome back! Your account has been reactivated.',
      });
      expect(await userById(t, account.id)).toMatchObject({
        deactivatedAt: null,
        scheduledDeletionDate: null,
      });
      expect((await api(t, 'GET', '/api/auth/user', { cookie: cookie! })).status).toBe(200);
      // Nothing left for the purge.
      t.setNow(new Date(start.getTime() + 40 * DAY));
      await purgeDeletedAccounts(t.ctx, imageKeysOfUser);
      expect(await userById(t, account.id)).not.toBeNull();
    } finally {
      t.setNow(undefined);
    }
  });

  it('after 30 days the account is gone: login fails, the purge deletes images and rows, payments stay anonymised', async () => {
    const start = new Date('2033-03-01T00:00:00Z');
    t.setNow(start);
    try {
      const account = await createVerifiedAccount(t);
      const keeper = await createVerifiedAccount(t);
      const keys = ['originals/2033/03/aaa.jpg', 'results/2033/03/bbb.png', 'thumbs/2033/03/ccc.webp'];
      for (const key of keys) await t.ctx.storage.put(key, Buffer.from('img'), 'image/jpeg');
      await t.ctx.storage.put('originals/2033/03/keep.jpg', Buffer.from('img'), 'image/jpeg');
      await t.ctx.db.insert(transformations).values([
        {
          userId: account.id,
          style: 'modern',
          roomType: 'bedroom',
          originalImageUrl: keys[0],
          transformedImageUrl: keys[1],
          thumbnailUrl: keys[2],
        },
        {
          userId: account.id,
          style: 'bohemian',
          roomType: 'office',
          originalImageUrl: keys[0],
          status: 'failed',
        },
        {
          userId: keeper.id,
          style: 'modern',
          roomType: 'bedroom',
          originalImageUrl: 'originals/2033/03/keep.jpg',
        },
      ]);
      await t.ctx.db.insert(payments).values({
        userId: account.id,
        amount: '29.00',
        status: 'succeeded',
        planId: 'pro',
        stripePaymentId: 'pi_1',
      });
      await t.ctx.db.insert(creditPurchases).values({
        userId: account.id,
        packageId: 'starter',
        creditsReceived: 10,
        amount: '15.00',
        status: 'succeeded',
        stripePaymentId: 'pi_2',
      });
      await deactivate(await signIn(t, account), { password: account.password });

      t.setNow(new Date(start.getTime() + 29 * DAY));
      expect((await purgeDeletedAccounts(t.ctx, imageKeysOfUser)).usersDeleted).toBe(0);

      t.setNow(new Date(start.getTime() + 30 * DAY));
      const { res, body } = await login(t, account.email, account.password);
      expect(res.status).toBe(401);
      expect(body).toMatchObject({ message: 'Invalid email or password' });

      // Several copies at once: the account is deleted exactly once.
      const reports = await Promise.all([
        purgeDeletedAccounts(t.ctx, imageKeysOfUser),
        purgeDeletedAccounts(t.ctx, imageKeysOfUser),
      ]);
      expect(reports.reduce((n, r) => n + r.usersDeleted, 0)).toBe(1);
      expect(reports.reduce((n, r) => n + r.imagesDeleted, 0)).toBe(3);
      expect(await userById(t, account.id)).toBeNull();
      for (const key of keys) expect(await t.ctx.storage.get(key)).toBeNull();
      expect(await t.ctx.storage.get('originals/2033/03/keep.jpg')).not.toBeNull();
      expect(
        await t.ctx.db.select().from(transformations).where(eq(transformations.userId, account.id)),
      ).toHaveLength(0);
      expect(
        await t.ctx.db.select().from(transformations).where(eq(transformations.userId, keeper.id)),
      ).toHaveLength(1);
      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.stripePaymentId, 'pi_1'));
      expect(payment).toMatchObject({ userId: null, amount: '29.00', status: 'succeeded' });
      const [purchase] = await t.ctx.db
        .select()
        .from(creditPurchases)
        .where(eq(creditPurchases.stripePaymentId, 'pi_2'));
      expect(purchase).toMatchObject({ userId: null, creditsReceived: 10 });
      expect(await userById(t, keeper.id)).not.toBeNull();
      // The address is free again.
      const again = await api(t, 'POST', '/api/register', {
        body: { firstName: 'New', lastName: 'Owner', email: account.email, password: account.password },
      });
      expect(again.status).toBe(201);
      expect((await t.ctx.db.select().from(users).where(eq(users.email, account.email)))[0]!.id).not.toBe(
        account.id,
      );
    } finally {
      t.setNow(undefined);
    }
  });
});

describe('admin helpers', () => {
  it('setting a user inactive ends their sessions and blocks them', async () => {
    const account = await createVerifiedAccount(t);
    const cookie = await signIn(t, account);
    expect(await setUserActive(t.ctx.db, account.id, false, new Date())).toBe(true);
    expect(await sessionCount(account.id)).toBe(0);
    expect((await api(t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect(await setUserActive(t.ctx.db, '00000000-0000-4000-8000-000000000000', false, new Date())).toBe(
      false,
    );
  });

  it('ADMIN_EMAILS at start promotes existing users', async () => {
    const account = await createVerifiedAccount(t, 'Promote.Me@example.com');
    const promoted = await promoteConfiguredAdmins(t.ctx.db, [
      'promote.me@example.com',
      'missing@example.com',
    ]);
    expect(promoted.map((p) => p.id)).toEqual([account.id]);
    const cookie = await signIn(t, account);
    expect(await (await api(t, 'GET', '/api/auth/user', { cookie })).json()).toMatchObject({ role: 'admin' });
  });
});
