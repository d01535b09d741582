import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/index.ts';
import { getEngineHealth } from './engine-health.service.ts';

/** GET /api/admin/engine-health: the admin console's engine entry (decision 0153). */
export function engineHealthRoutes(ctx: AppContext) {
  return new Hono<AppBindings>().get('/admin/engine-health', async (c) => {
    requireAdmin(c);
    return c.json(await getEngineHealth(ctx));
  });
}
