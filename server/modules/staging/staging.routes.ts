import { Hono } from 'hono';
import { transformFieldsSchema } from '#shared/schemas/staging.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { parseWith } from '../../lib/http.ts';
import { hit } from '../../lib/rate-limit.ts';
import { clientIp, requireUser } from '../auth/session.middleware.ts';
import * as staging from './staging.service.ts';
import { readUpload } from './upload.ts';

/** Identification is open to visitors, so it is rate-limited per IP (counters live in the database). */
export const IDENTIFY_RULE = { limit: 30, windowMs: 10 * 60 * 1000 };

export function stagingRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    // Public like the options card that uses it: which choices the configured engine can honour.
    .get('/engine', (c) => c.json(staging.engineInfo(ctx)))
    .post('/identify-room', async (c) => {
      const limit = await hit(ctx.db, `identify:ip:${clientIp(c, ctx.env)}`, IDENTIFY_RULE, ctx.clock());
      if (!limit.allowed) throw tooManyRequests('Too many images checked. Please wait a few minutes and try again.', limit.retryAfterSeconds);
      const { bytes } = await readUpload(c);
      return c.json(await staging.identify(ctx, bytes));
    })
    .post('/check-existing-transformations', async (c) => {
      const user = requireUser(c);
      const { bytes } = await readUpload(c);
      return c.json(await staging.checkExisting(ctx, user.id, bytes));
    })
    .post('/transform-room', async (c) => {
      const user = requireUser(c);
      const { bytes, fields } = await readUpload(c);
      const req = parseWith(transformFieldsSchema, fields);
      const result = await staging.transform(ctx, user.id, bytes, req);
      c.header('Server-Timing', `engine;dur=${result.timings.engineMs.toFixed(1)}, total;dur=${result.timings.totalMs.toFixed(1)}`);
      const { timings: _t, ...body } = result;
      return c.json(body);
    });
}
