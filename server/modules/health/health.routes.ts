import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import type { Health } from '#shared/schemas/common.ts';

let loop: IntervalHistogram | undefined;

export function healthRoutes(ctx: AppContext) {
  const app = new Hono<AppBindings>().get('/health', async (c) => {
    try {
      await ctx.database.ping();
      return c.json({ status: 'ok', db: 'ok' } satisfies Health);
    } catch (err) {
      ctx.logger.warn({ err }, 'health check: database unreachable');
      return c.json({ status: 'error', db: 'error' } satisfies Health, 503);
    }
  });
  if (ctx.env.METRICS_ENABLED) {
    // For benchmarks: event-loop delay since the last reset, in milliseconds.
    loop ??= monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const h = loop;
    app.get('/internal/event-loop', (c) => {
      const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
      const body = { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count };
      if (c.req.query('reset') === '1') h.reset();
      return c.json(body);
    });
  }
  return app;
}
