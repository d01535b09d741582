import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings, AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/http.ts';
import { renderPublicPage } from './public-page.html.ts';
import { publicImage, publicPage } from './public-page.service.ts';

const idSchema = z.uuid({ error: 'Invalid photo id' });
const kindSchema = z.enum(['original', 'staged'], { error: 'Unknown image kind' });
/**
 * The page may be stored anywhere but is revalidated on every visit (ETag, 304): a revoked link says
 * withdrawn at once. Its images are fixed for a token, so they are cached for five minutes outright.
 */
const PAGE_CACHE = 'public, no-cache';
const CACHE = 'public, max-age=300';
const etagOf = (html: string) => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

/** The public original pages, outside /api: no session, no CSRF, the same answer for everyone. */
export function publicPageRoutes(ctx: AppContext) {
  return (
    new Hono<AppBindings>()
      // The link as printed on the image is in capitals; typed back, it arrives here.
      .get('/P/:token', (c) => c.redirect(`/p/${c.req.param('token').toLowerCase()}`, 301))
      .get('/p/:token', async (c) => {
        const page = await publicPage(ctx, c.req.param('token')).catch((err: unknown) => {
          // A mistyped link is shown a page, not a JSON error.
          if (err instanceof AppError && err.code === 'not_found') return { state: 'unknown' as const };
          throw err;
        });
        const html = renderPublicPage(page);
        const etag = etagOf(html);
        c.header('Cache-Control', PAGE_CACHE);
        c.header('ETag', etag);
        if (page.state !== 'live' || !page.indexable) c.header('X-Robots-Tag', 'noindex');
        if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
        return c.html(html, page.state === 'live' ? 200 : page.state === 'unknown' ? 404 : 410);
      })
      .get('/p/:token/:id/:kind', async (c) => {
        const id = parseWith(idSchema, c.req.param('id'));
        const kind = parseWith(kindSchema, c.req.param('kind'));
        const obj = await publicImage(ctx, c.req.param('token'), id, kind);
        if (obj === 'withdrawn') return c.body(null, 410, { 'Cache-Control': CACHE });
        return c.body(new Uint8Array(obj.body), 200, {
          'Content-Type': obj.contentType,
          'Content-Length': String(obj.body.length),
          'X-Content-Type-Options': 'nosniff',
          'X-Robots-Tag': 'noindex',
          'Cache-Control': CACHE,
        });
      })
  );
}
