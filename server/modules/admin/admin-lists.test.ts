import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import type { AdminStats, AdminTransformation, AdminUser, AuditLog } from '#shared/schemas/admin.ts';
import { api, STRONG_PASSWORD } from '#tests/helpers/auth.ts';
import { adminApi, insertTransformation, useAdminKit } from '#tests/helpers/admin-kit.ts';

const k = useAdminKit();
const get = async <T>(path: string) => {
  const res = await adminApi(k.t, k.admin.cookie, 'GET', path);
  expect(res.status, path).toBe(200);
  return { items: (await res.json()) as T, next: res.headers.get('X-Next-Cursor') };
};

beforeAll(async () => {
  // Users: the admin and the kit's user, plus three registered directly (no mail round-trip needed here).
  const extra = [
    { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
    { email: 'pct_100%@example.com', firstName: 'Percent', lastName: null },
    { email: 'linus@example.com', firstName: null, lastName: 'Torvalds', isActive: false, creditsBalance: 0 },
  ];
  for (const u of extra) await k.t.ctx.db.insert(users).values({ ...u, passwordHash: STRONG_PASSWORD });
  await k.t.ctx.db
    .update(users)
    .set({ creditsBalance: 7, monthlyUsage: 3 })
    .where(eq(users.email, 'grace@example.com'));
  const base = Date.parse('2025-03-01T10:00:00Z');
  const statuses = ['completed', 'completed', 'pending', 'failed', 'failed', 'processing'];
  for (const [i, s] of statuses.entries())
    await insertTransformation(k.t, k.user.id, s, new Date(base + i * 60_000));
});

describe('GET /api/admin/stats', () => {
  it('matches the seeded counts', async () => {
    const { items } = await get<AdminStats>('/api/admin/stats');
    expect(items).toEqual({
      totalUsers: 5,
      activeUsers: 4,
      usersWithCredits: 1,
      totalTransformations: 6,
      pendingTransformations: 1,
      failedTransformations: 2,
      processingTransformations: 1,
      stuckTransformations: 0,
    });
  });
});

describe('GET /api/admin/users', () => {
  it('answers an array of the spec shape, newest first, without secrets', async () => {
    const { items, next } = await get<AdminUser[]>('/api/admin/users');
    expect(next).toBeNull();
    expect(items).toHaveLength(5);
    expect(items[0]!.email).toBe('linus@example.com');
    expect(Object.keys(items[0]!).sort()).toEqual([
      'creditsBalance',
      'email',
      'firstName',
      'id',
      'isActive',
      'lastName',
      'monthlyUsage',
      'role',
      'subscriptionPlan',
    ]);
    expect(items.find((u) => u.id === k.admin.id)).toMatchObject({
      role: 'admin',
      isActive: true,
      subscriptionPlan: 'free',
    }); // Balance and usage come from credits, merged by user id (decision 0196).
    expect(items.find((u) => u.email === 'grace@example.com')).toMatchObject({
      creditsBalance: 7,
      monthlyUsage: 3,
    });
    expect(items.find((u) => u.email === 'linus@example.com')).toMatchObject({
      creditsBalance: 0,
      monthlyUsage: 0,
    });
  });

  it('pages with an opaque cursor in X-Next-Cursor until the last page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: AdminUser[]; next: string | null } = await get<AdminUser[]>(
        `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((u) => u.id));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const all = (await get<AdminUser[]>('/api/admin/users')).items.map((u) => u.id);
    expect(seen).toEqual(all);
  });

  it('searches e-mail, first, last and full name; % and _ match only themselves', async () => {
    const emails = async (q: string) =>
      (await get<AdminUser[]>(`/api/admin/users?search=${encodeURIComponent(q)}`)).items
        .map((u) => u.email)
        .sort();
    expect(await emails('GRACE@')).toEqual(['grace@example.com']);
    expect(await emails('torv')).toEqual(['linus@example.com']);
    expect(await emails('grace hop')).toEqual(['grace@example.com']);
    expect(await emails('%')).toEqual(['pct_100%@example.com']);
    // As a wildcard '_' would match the 'e' of grace.
    expect(await emails('grac_')).toEqual([]);
    expect(await emails('_100')).toEqual(['pct_100%@example.com']);
  });

  it('refuses a forged cursor and an out-of-range limit', async () => {
    for (const q of [
      'cursor=abc',
      `cursor=${Buffer.from('{"ts":"x; drop","id":"1"}').toString('base64url')}`,
      'limit=0',
      'limit=101',
    ]) {
      expect((await adminApi(k.t, k.admin.cookie, 'GET', `/api/admin/users?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /api/admin/transformations and /audit-logs', () => {
  it('lists transformations newest first in the spec shape', async () => {
    const { items } = await get<AdminTransformation[]>('/api/admin/transformations');
    expect(items.map((i) => i.status)).toEqual([
      'processing',
      'failed',
      'failed',
      'pending',
      'completed',
      'completed',
    ]);
    expect(items[1]).toMatchObject({
      userId: k.user.id,
      style: 'modern',
      roomType: 'bedroom',
      regenerationCount: 0,
      createdAt: '2025-03-01T10:04:00.000Z',
      errorMessage: 'Engine timed out',
    });
    const p1 = await get<AdminTransformation[]>('/api/admin/transformations?limit=4');
    const p2 = await get<AdminTransformation[]>(`/api/admin/transformations?limit=4&cursor=${p1.next}`);
    expect([...p1.items, ...p2.items].map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(p2.next).toBeNull();
  });

  it('lists audit rows newest first, with targets and details', async () => {
    const grace = (await get<AdminUser[]>('/api/admin/users?search=grace')).items[0]!;
    await adminApi(k.t, k.admin.cookie, 'POST', `/api/admin/users/${grace.id}/credits`, { credits: 3 });
    await adminApi(k.t, k.admin.cookie, 'POST', `/api/admin/users/${grace.id}/role`, { role: 'admin' });
    const { items } = await get<AuditLog[]>('/api/admin/audit-logs');
    expect(items.map((a) => a.action)).toEqual(['user.role_changed', 'user.credits_granted']);
    expect(items[1]).toMatchObject({
      adminUserId: k.admin.id,
      targetUserId: grace.id,
      targetResourceId: null,
    });
    // The console names people: the admin's and the target's e-mails come with the ids.
    expect(items[1]).toMatchObject({ adminEmail: k.admin.email, targetUserEmail: 'grace@example.com' });
    expect(Object.keys(items[0]!).sort()).toEqual([
      'action',
      'adminEmail',
      'adminUserId',
      'createdAt',
      'details',
      'id',
      'targetResourceId',
      'targetUserEmail',
      'targetUserId',
    ]);
    expect((await api(k.t, 'GET', '/api/admin/audit-logs')).status).toBe(401);
  });
});
