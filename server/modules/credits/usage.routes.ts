import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import { requireUser } from '../auth/index.ts';
import { getUsage } from './usage.service.ts';

export function usageRoutes(ctx: AppContext) {
  return new Hono<AppBindings>().get('/usage', async (c) => c.json(await getUsage(ctx, requireUser(c).id)));
}
