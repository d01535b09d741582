import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '#tests/helpers/auth.ts';
import { adminApi, auditRows, insertTransformation, useAdminKit } from '#tests/helpers/admin-kit.ts';

const k = useAdminKit();
let transformationId: string;
beforeAll(async () => {
  transformationId = await insertTransformation(k.t, k.user.id, 'failed');
});

const routes = () =>
  [
    ['GET', '/api/admin/stats', undefined],
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/transformations', undefined],
    ['GET', '/api/admin/audit-logs', undefined],
    ['POST', `/api/admin/users/${k.user.id}/role`, { role: 'admin' }],
    ['POST', `/api/admin/users/${k.user.id}/status`, { isActive: false }],
    ['POST', `/api/admin/users/${k.user.id}/credits`, { credits: 5 }],
    ['POST', `/api/admin/transformations/${transformationId}/status`, { status: 'completed' }],
  ] as const;

describe('admin-only access, enforced by the server', () => {
  it('answers 401 to visitors on every admin route', async () => {
    for (const [method, path, body] of routes()) {
      const res = await api(k.t, method, path, body ? { body } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to signed-in non-admins, logs each attempt, and changes nothing', async () => {
    const warn = vi.spyOn(k.t.ctx.logger, 'warn');
    for (const [method, path, body] of routes()) {
      const res = await adminApi(k.t, k.user.cookie, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'You need admin privileges to access this page.' });
    }
    expect(warn).toHaveBeenCalledTimes(routes().length);
    expect(warn).toHaveBeenCalledWith(
      { userId: k.user.id, path: '/api/admin/stats', method: 'GET' },
      'admin access refused',
    );
    warn.mockRestore();
    expect(await auditRows(k.t)).toEqual([]);
  });

  it('guards unknown admin paths too', async () => {
    expect((await api(k.t, 'GET', '/api/admin/nothing-here')).status).toBe(401);
    expect((await adminApi(k.t, k.user.cookie, 'GET', '/api/admin/nothing-here')).status).toBe(403);
    expect((await adminApi(k.t, k.admin.cookie, 'GET', '/api/admin/nothing-here')).status).toBe(404);
  });

  it('lets the admin in', async () => {
    for (const [method, path] of routes().filter(([m]) => m === 'GET')) {
      expect((await adminApi(k.t, k.admin.cookie, method, path)).status, path).toBe(200);
    }
  });

  it('refuses malformed ids and unknown targets', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const bad = await adminApi(k.t, k.admin.cookie, 'POST', '/api/admin/users/not-a-uuid/role', {
      role: 'user',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Invalid user id' });
    const none = await adminApi(k.t, k.admin.cookie, 'POST', `/api/admin/users/${missing}/credits`, {
      credits: 1,
    });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ message: 'User not found' });
    const noT = await adminApi(k.t, k.admin.cookie, 'POST', `/api/admin/transformations/${missing}/status`, {
      status: 'completed',
    });
    expect(noT.status).toBe(404);
    const badStatus = await adminApi(
      k.t,
      k.admin.cookie,
      'POST',
      `/api/admin/transformations/${transformationId}/status`,
      {
        status: 'done',
      },
    );
    expect(badStatus.status).toBe(400);
    expect(await auditRows(k.t)).toEqual([]);
  });
});
