import { Hono } from 'hono';
import { z } from 'zod';
import { enablePublicLinkSchema, updatePublicLinkSchema } from '#shared/schemas/public-links.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { parseWith, readJson } from '../../lib/http.ts';
import { requireUser } from '../auth/index.ts';
import * as service from './public-links.service.ts';

const transformationId = z.uuid({ error: 'Invalid transformation id' });
const batchId = z.uuid({ error: 'Invalid batch id' });
const linkId = z.uuid({ error: 'Invalid link id' });

/** The owner's side: turn a page on per photo or per listing, read it, change indexing, keep longer, revoke. */
export function publicLinksRoutes(ctx: AppContext) {
  return new Hono<AppBindings>()
    .get('/transformations/:id/public-link', async (c) => {
      const user = requireUser(c);
      const id = parseWith(transformationId, c.req.param('id'));
      return c.json(await service.stateForTransformation(ctx, user.id, id));
    })
    .post('/transformations/:id/public-link', async (c) => {
      const user = requireUser(c);
      const id = parseWith(transformationId, c.req.param('id'));
      const input = await readJson(c, enablePublicLinkSchema);
      return c.json(await service.enableForTransformation(ctx, user.id, id, input), 201);
    })
    .get('/batches/:id/public-link', async (c) => {
      const user = requireUser(c);
      return c.json(await service.stateForBatch(ctx, user.id, parseWith(batchId, c.req.param('id'))));
    })
    .post('/batches/:id/public-link', async (c) => {
      const user = requireUser(c);
      const id = parseWith(batchId, c.req.param('id'));
      const input = await readJson(c, enablePublicLinkSchema);
      return c.json(await service.enableForBatch(ctx, user.id, id, input), 201);
    })
    .patch('/public-links/:id', async (c) => {
      const user = requireUser(c);
      const id = parseWith(linkId, c.req.param('id'));
      const { indexable } = await readJson(c, updatePublicLinkSchema);
      return c.json(await service.setIndexable(ctx, user.id, id, indexable));
    })
    .post('/public-links/:id/revoke', async (c) => {
      const user = requireUser(c);
      return c.json(await service.revoke(ctx, user.id, parseWith(linkId, c.req.param('id'))));
    })
    .post('/public-links/:id/extend', async (c) => {
      const user = requireUser(c);
      return c.json(await service.extend(ctx, user.id, parseWith(linkId, c.req.param('id'))));
    });
}
