import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import { getPackages, getPlans } from './catalog.service.ts';

export function catalogRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .get('/subscription-plans', async (c) =>
      c.json(await getPlans(ctx.db, ctx.env.SUPPORT_PHONE !== undefined)),
    )
    .get('/credit-packages', async (c) => c.json(await getPackages(ctx.db)));
}
