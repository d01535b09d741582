import { Hono } from 'hono';
import { contactSchema } from '#shared/schemas/contact.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { clientIp } from '../auth/index.ts';
import { submitContact } from './contact.service.ts';

export function contactRoutes(ctx: AppContext) {
  return new Hono<AppBindings>().post('/contact', async (c) =>
    c.json(await submitContact(ctx, clientIp(c, ctx.env), await readJson(c, contactSchema))),
  );
}
