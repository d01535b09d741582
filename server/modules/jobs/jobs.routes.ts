import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings, AppContext } from '../../context.ts';
import { parseWith } from '../../lib/http.ts';
import { requireAdmin, requireUser } from '../auth/index.ts';
import { failAndRefundJob, retryJob } from './jobs-admin.service.ts';
import { currentJob, jobStatus } from './job-status.service.ts';

const idSchema = z.uuid({ error: 'Invalid transformation id' });

export function jobsRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .get('/transformations/:id/status', async (c) => {
      const user = requireUser(c);
      return c.json(await jobStatus(ctx, user.id, parseWith(idSchema, c.req.param('id'))));
    })
    .get('/jobs/current', async (c) => c.json(await currentJob(ctx, requireUser(c).id)))
    .post('/admin/transformations/:id/retry', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await retryJob(ctx, admin, parseWith(idSchema, c.req.param('id'))));
    })
    .post('/admin/transformations/:id/fail-and-refund', async (c) => {
      const admin = requireAdmin(c);
      return c.json(await failAndRefundJob(ctx, admin, parseWith(idSchema, c.req.param('id'))));
    });
}
