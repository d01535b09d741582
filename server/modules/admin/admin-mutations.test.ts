import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger } from '#server/db/schema/index.ts';
import { ledgerSum } from '#server/modules/credits/index.ts';
import { api, createVerifiedAccount, login, signIn, userById } from '#tests/helpers/auth.ts';
import {
  adminApi,
  auditRowById,
  auditRows,
  insertTransformation,
  useAdminKit,
} from '#tests/helpers/admin-kit.ts';
import { ADMIN_MESSAGES, changeRole } from './admin.service.ts';

const k = useAdminKit();

const post = (path: string, body: Record<string, unknown>, cookie = k.admin.cookie) =>
  adminApi(k.t, cookie, 'POST', path, body);

/** Runs `fn` and returns the audit rows it added (newest first). */
async function newAudit(fn: () => Promise<unknown>) {
  const before = (await auditRows(k.t)).length;
  await fn();
  const rows = await auditRows(k.t);
  return rows.slice(0, rows.length - before);
}

describe('credits', () => {
  it('grants through the ledger with the audit row id as source, one audit row with before/after', async () => {
    let res!: Response;
    const added = await newAudit(
      async () => (res = await post(`/api/admin/users/${k.user.id}/credits`, { credits: 5 })),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: k.user.id, creditsBalance: 5 });
    expect(added).toHaveLength(1);
    const audit = added[0]!;
    expect(audit).toMatchObject({
      adminUserId: k.admin.id,
      action: 'user.credits_granted',
      targetUserId: k.user.id,
      details: {
        before: { creditsBalance: 0 },
        after: { creditsBalance: 5 },
        amount: 5,
        ledgerBalanceAfter: 5,
      },
    });
    const ledger = await k.t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, k.user.id));
    expect(ledger).toMatchObject([{ delta: 5, source: 'admin_grant', sourceId: audit.id, balanceAfter: 5 }]);
    expect(await k.t.ctx.db.transaction((tx) => ledgerSum(tx, k.user.id))).toBe(5);
  });

  it('rejects 0, negatives, fractions, strings, huge numbers and junk with 400, writing nothing', async () => {
    const bad = [0, -3, 1.5, '5', 100_001, 1e300, null, true, [5], { n: 5 }];
    const added = await newAudit(async () => {
      for (const credits of bad) {
        const res = await post(`/api/admin/users/${k.user.id}/credits`, { credits });
        expect(res.status, JSON.stringify(credits)).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(
          'Credits must be a whole number from 1 to 100,000',
        );
      }
      expect((await post(`/api/admin/users/${k.user.id}/credits`, {})).status).toBe(400);
      const raw = await api(k.t, 'POST', `/api/admin/users/${k.user.id}/credits`, {
        cookie: k.admin.cookie,
        body: '{"credits":',
      });
      expect(raw.status).toBe(400);
    });
    expect(added).toEqual([]);
    expect((await userById(k.t, k.user.id))!.creditsBalance).toBe(5);
    expect(
      await k.t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, k.user.id)),
    ).toHaveLength(1);
  });

  it('accepts the largest grant', async () => {
    const res = await post(`/api/admin/users/${k.user.id}/credits`, { credits: 100_000 });
    expect(res.status).toBe(200);
    expect((await userById(k.t, k.user.id))!.creditsBalance).toBe(100_005);
  });
});

describe('status', () => {
  it('deactivating ends the sessions at once, blocks sign-in and is audited; reactivating lets them back', async () => {
    const target = await createVerifiedAccount(k.t);
    const cookie = await signIn(k.t, target);
    expect((await api(k.t, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    let res!: Response;
    const added = await newAudit(
      async () => (res = await post(`/api/admin/users/${target.id}/status`, { isActive: false })),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: target.id, isActive: false });
    expect(added).toMatchObject([
      {
        action: 'user.status_changed',
        targetUserId: target.id,
        details: { before: { isActive: true }, after: { isActive: false } },
      },
    ]);
    expect((await api(k.t, 'GET', '/api/auth/user', { cookie })).status).toBe(401);
    const refused = await login(k.t, target.email, target.password);
    expect(refused.res.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Your account has been disabled. Please contact support.',
    });

    expect((await post(`/api/admin/users/${target.id}/status`, { isActive: true })).status).toBe(200);
    expect((await login(k.t, target.email, target.password)).res.status).toBe(200);
  });

  it('refuses to deactivate yourself (409) and rejects a non-boolean', async () => {
    const added = await newAudit(async () => {
      const self = await post(`/api/admin/users/${k.admin.id}/status`, { isActive: false });
      expect(self.status).toBe(409);
      expect(await self.json()).toMatchObject({ message: ADMIN_MESSAGES.selfDeactivation });
      expect((await post(`/api/admin/users/${k.user.id}/status`, { isActive: 'no' })).status).toBe(400);
    });
    expect(added).toEqual([]);
  });
});

describe('role', () => {
  it('promotes and demotes with one audit row each; the demoted admin loses access at once', async () => {
    const added = await newAudit(async () => {
      expect((await post(`/api/admin/users/${k.user.id}/role`, { role: 'admin' })).status).toBe(200);
    });
    expect(added).toMatchObject([
      {
        action: 'user.role_changed',
        adminUserId: k.admin.id,
        targetUserId: k.user.id,
        details: { before: { role: 'user' }, after: { role: 'admin' } },
      },
    ]);
    expect((await adminApi(k.t, k.user.cookie, 'GET', '/api/admin/stats')).status).toBe(200);
    const res = await post(`/api/admin/users/${k.user.id}/role`, { role: 'user' });
    expect(await res.json()).toMatchObject({ id: k.user.id, role: 'user' });
    expect((await adminApi(k.t, k.user.cookie, 'GET', '/api/admin/stats')).status).toBe(403);
    expect((await post(`/api/admin/users/${k.user.id}/role`, { role: 'owner' })).status).toBe(400);
  });

  it('refuses self-demotion with 409 and writes nothing', async () => {
    const added = await newAudit(async () => {
      const res = await post(`/api/admin/users/${k.admin.id}/role`, { role: 'user' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: ADMIN_MESSAGES.selfDemotion });
    });
    expect(added).toEqual([]);
    expect((await userById(k.t, k.admin.id))!.role).toBe('admin');
  });

  it('never demotes the last admin, even for an admin whose own role was just taken away', async () => {
    const second = await createVerifiedAccount(k.t);
    expect((await post(`/api/admin/users/${second.id}/role`, { role: 'admin' })).status).toBe(200);
    // The race "two admins demote each other": the first wins; the second, checked earlier, must lose.
    expect((await post(`/api/admin/users/${second.id}/role`, { role: 'user' })).status).toBe(200);
    await expect(changeRole(k.t.ctx, { id: second.id }, k.admin.id, 'user')).rejects.toMatchObject({
      status: 409,
      message: ADMIN_MESSAGES.lastAdmin,
    });
    expect((await userById(k.t, k.admin.id))!.role).toBe('admin');
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await createVerifiedAccount(k.t);
    const b = await createVerifiedAccount(k.t);
    for (const u of [a, b]) await post(`/api/admin/users/${u.id}/role`, { role: 'admin' });
    await post(`/api/admin/users/${k.admin.id}/role`, { role: 'admin' });
    // Only a and b are admins besides k.admin; k.admin steps aside by having a demote it.
    expect(
      (await post(`/api/admin/users/${k.admin.id}/role`, { role: 'user' }, await signIn(k.t, a))).status,
    ).toBe(200);
    const [ca, cb] = [await signIn(k.t, a), await signIn(k.t, b)];
    const results = await Promise.all([
      post(`/api/admin/users/${b.id}/role`, { role: 'user' }, ca),
      post(`/api/admin/users/${a.id}/role`, { role: 'user' }, cb),
    ]);
    const [first, second] = results.map((r) => r.status).sort();
    expect(first).toBe(200);
    // 409 when both got past the role check before either committed, 403 when the loser came second.
    expect([403, 409]).toContain(second);
    const roles = [(await userById(k.t, a.id))!.role, (await userById(k.t, b.id))!.role];
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
    const winner = roles[0] === 'admin' ? ca : cb;
    // Hand the console back to the kit's admin for the tests that follow.
    expect((await post(`/api/admin/users/${k.admin.id}/role`, { role: 'admin' }, winner)).status).toBe(200);
  });
});

describe('transformation status', () => {
  it('changes a failed job to completed, clears the error, and audits owner and resource', async () => {
    const id = await insertTransformation(k.t, k.user.id, 'failed');
    let res!: Response;
    const added = await newAudit(
      async () => (res = await post(`/api/admin/transformations/${id}/status`, { status: 'completed' })),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      userId: k.user.id,
      status: 'completed',
      errorMessage: null,
    });
    expect(added).toHaveLength(1);
    expect(await auditRowById(k.t, added[0]!.id)).toMatchObject({
      action: 'transformation.status_changed',
      targetUserId: k.user.id,
      targetResourceId: id,
      details: {
        before: { status: 'failed', errorMessage: 'Engine timed out' },
        after: { status: 'completed', errorMessage: null },
      },
    });
    const again = await post(`/api/admin/transformations/${id}/status`, {
      status: 'failed',
      errorMessage: '  Bad input  ',
    });
    expect(await again.json()).toMatchObject({ status: 'failed', errorMessage: 'Bad input' });
  });
});
