import { Hono } from 'hono';
import type { AppBindings, AppContext } from '../../context.ts';
import { siteConfig } from './site-config.service.ts';

export function siteConfigRoutes(ctx: AppContext) {
  return new Hono<AppBindings>().get('/config', (c) => {
    // The answer depends on who asks (the phone number is for subscribers): never shared by caches.
    c.header('Cache-Control', 'private, no-store');
    return c.json(siteConfig(ctx.env, c.get('user')));
  });
}
