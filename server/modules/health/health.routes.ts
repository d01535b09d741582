import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import type { Health } from '#shared/schemas/common.ts';

export function healthRoutes(ctx: AppContext) {
  return new Hono<AppBindings>().get('/health', async (c) => {
    try {
      await ctx.database.ping();
      return c.json({ status: 'ok', db: 'ok' } satisfies Health);
    } catch (err) {
      ctx.logger.warn({ err }, 'health check: database unreachable');
      return c.json({ status: 'error', db: 'error' } satisfies Health, 503);
    }
  });
}
