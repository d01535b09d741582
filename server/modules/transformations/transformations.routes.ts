import { Hono } from 'hono';
import { z } from 'zod';
import { DISCLOSURE_MARKS } from '#shared/constants/disclosure.ts';
import { DOWNLOAD_SIZES } from '#shared/constants/download.ts';
import { historyQuerySchema } from '#shared/schemas/history.ts';
import { arrangeRequestSchema } from '#shared/schemas/layout.ts';
import { favoriteInputSchema, updateTransformationSchema } from '#shared/schemas/staging.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { cleanFileName, imageResponse, parseWith, readJson } from '../../lib/http.ts';
import { requireUser } from '../auth/index.ts';
import { download } from './download.service.ts';
import * as layout from './layout.service.ts';
import * as service from './transformations.service.ts';
import { IMAGE_KINDS } from './transformations.service.ts';

const idSchema = z.uuid({ error: 'Invalid transformation id' });
const kindSchema = z.enum(IMAGE_KINDS, { error: 'Unknown image kind' });
const sizeSchema = z.enum(DOWNLOAD_SIZES, { error: 'size must be standard or 2x' });
const markSchema = z.enum(DISCLOSURE_MARKS, { error: 'disclosure must be none, link, qr or both' });

export function transformationsRoutes(ctx: AppContext) {
  return (
    new Hono<AppBindings>()
      .get('/transformations', async (c) => c.json(await service.list(ctx, requireUser(c).id)))
      .get('/transformations/search', async (c) => {
        const user = requireUser(c);
        return c.json(await service.search(ctx, user.id, parseWith(historyQuerySchema, c.req.query())));
      })
      .get('/transformations/favorites', async (c) =>
        c.json(await service.list(ctx, requireUser(c).id, true)),
      )
      .post('/transformations/:id/favorite', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        const { isFavorite } = await readJson(c, favoriteInputSchema);
        return c.json(await service.setFavorite(ctx, user.id, id, isFavorite));
      })
      .patch('/transformations/:id', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        return c.json(
          await service.updateText(ctx, user.id, id, await readJson(c, updateTransformationSchema)),
        );
      })
      .delete('/transformations/:id', async (c) => {
        const user = requireUser(c);
        await service.remove(ctx, user.id, parseWith(idSchema, c.req.param('id')));
        return c.json({ success: true, message: 'Transformation deleted' });
      })
      .get('/transformations/:id/download', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        const size = parseWith(sizeSchema, c.req.query('size') ?? 'standard');
        const mark = parseWith(markSchema, c.req.query('disclosure') ?? 'none');
        const { body, fileName } = await download(ctx, user, id, size, mark);
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': 'image/jpeg',
          'Content-Length': String(body.length),
          'Content-Disposition': `attachment; filename="${cleanFileName(fileName)}"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        });
      })
      // Arranging a local-engine staging by hand (issue 31): free, previews rate-limited.
      .get('/transformations/:id/layout', async (c) => {
        const user = requireUser(c);
        return c.json(await layout.getLayout(ctx, user.id, parseWith(idSchema, c.req.param('id'))));
      })
      .post('/transformations/:id/layout/preview', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        const { pieces } = await readJson(c, arrangeRequestSchema);
        const jpeg = await layout.preview(ctx, user.id, id, pieces);
        return c.body(new Uint8Array(jpeg), 200, {
          'Content-Type': 'image/jpeg',
          'Content-Length': String(jpeg.length),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        });
      })
      .post('/transformations/:id/layout', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        const { pieces } = await readJson(c, arrangeRequestSchema);
        return c.json(await layout.save(ctx, user.id, id, pieces));
      })
      .get('/transformations/:id/images/:kind', async (c) => {
        const user = requireUser(c);
        const id = parseWith(idSchema, c.req.param('id'));
        const { obj, fileName } = await service.image(
          ctx,
          user,
          id,
          parseWith(kindSchema, c.req.param('kind')),
        );
        return imageResponse(c, obj, fileName);
      })
  );
}
