import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  adminListQuerySchema,
  creditsInputSchema,
  NEXT_CURSOR_HEADER,
  roleInputSchema,
  statusInputSchema,
  transformationStatusInputSchema,
} from '#shared/schemas/admin.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { parseWith, readJson } from '../../lib/http.ts';
import { requireAdmin } from '../auth/index.ts';
import * as lists from './admin-lists.service.ts';
import * as service from './admin.service.ts';

const userIdSchema = z.uuid({ error: 'Invalid user id' });
const transformationIdSchema = z.uuid({ error: 'Invalid transformation id' });

/** Lists answer the spec's plain array; the next page's cursor travels in a header (docs/decisions/0009). */
function pageResponse<T>(c: Context<AppBindings>, page: lists.Page<T>) {
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return c.json(page.items);
}

const listQuery = (c: Context<AppBindings>) => parseWith(adminListQuerySchema, c.req.query());

/** Every /api/admin path, unknown ones included: 401 for visitors, 403 (logged) for non-admins. */
function adminOnly(ctx: AppContext): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    try {
      requireAdmin(c);
    } catch (err) {
      if (err instanceof AppError && err.status === 403) {
        ctx.logger.warn(
          { userId: c.get('user')?.id, path: c.req.path, method: c.req.method },
          'admin access refused',
        );
      }
      throw err;
    }
    await next();
  };
}

export function adminRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .use('/admin/*', adminOnly(ctx))
    .get('/admin/stats', async (c) => c.json(await lists.getStats(ctx)))
    .get('/admin/users', async (c) => pageResponse(c, await lists.listUsers(ctx, listQuery(c))))
    .get('/admin/transformations', async (c) =>
      pageResponse(c, await lists.listTransformations(ctx, listQuery(c))),
    )
    .get('/admin/audit-logs', async (c) => pageResponse(c, await lists.listAuditLogs(ctx, listQuery(c))))
    .post('/admin/users/:userId/role', async (c) => {
      const userId = parseWith(userIdSchema, c.req.param('userId'));
      const { role } = await readJson(c, roleInputSchema);
      return c.json(await service.changeRole(ctx, requireAdmin(c), userId, role));
    })
    .post('/admin/users/:userId/status', async (c) => {
      const userId = parseWith(userIdSchema, c.req.param('userId'));
      const { isActive } = await readJson(c, statusInputSchema);
      return c.json(await service.changeStatus(ctx, requireAdmin(c), userId, isActive));
    })
    .post('/admin/users/:userId/credits', async (c) => {
      const userId = parseWith(userIdSchema, c.req.param('userId'));
      const { credits } = await readJson(c, creditsInputSchema);
      return c.json(await service.grantCredits(ctx, requireAdmin(c), userId, credits));
    })
    .post('/admin/transformations/:transformationId/status', async (c) => {
      const id = parseWith(transformationIdSchema, c.req.param('transformationId'));
      const input = await readJson(c, transformationStatusInputSchema);
      return c.json(await service.changeTransformationStatus(ctx, requireAdmin(c), id, input));
    });
}
