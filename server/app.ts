import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '#shared/constants/availability.ts';
import type { AppBindings, AppContext } from './context.ts';
import { isPagePath } from '#shared/constants/pages.ts';
import { acceptedEncoding } from './lib/compression.ts';
import { csrfProtection } from './lib/csrf.ts';
import { loadClientHtml, type ClientHtml } from './lib/client-html.ts';
import { AppError, errorBody, httpExceptionCode } from './lib/errors.ts';
import { loggablePath } from './lib/logger.ts';
import { fromRoot } from './lib/paths.ts';
import { bodyLimits, jsonOnly, sameOrigin } from './lib/request-guards.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { engineHealthRoutes } from './modules/engine-health/engine-health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { testCheckoutRoutes } from './modules/billing/test-checkout.routes.ts';
import { loadSession } from './modules/auth/index.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { publicLinksRoutes } from './modules/transformations/public-links.routes.ts';
import { publicPageRoutes } from './modules/transformations/public-page.routes.ts';
import { batchesRoutes } from './modules/batches/batches.routes.ts';
import { siteConfigRoutes } from './modules/site-config/site-config.routes.ts';
import { stagingRoutes } from './modules/staging/staging.routes.ts';
import { transformationsRoutes } from './modules/transformations/transformations.routes.ts';
import { usageRoutes } from './modules/credits/usage.routes.ts';

export interface AppOptions {
  /** Folder of the built client; defaults to dist/client. Missing folder: API only. */
  clientDir?: string;
}

export function createApp(ctx: AppContext, opts: AppOptions = {}): Hono<AppBindings> {
  const app = new Hono<AppBindings>();
  const clientDir = opts.clientDir ?? fromRoot('dist/client');
  const clientHtml = loadClientHtml(clientDir);

  app.use('*', requestId());
  app.use('*', requestLogger(ctx));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: csp(ctx, clientHtml?.scriptHashes ?? []),
      crossOriginEmbedderPolicy: false,
    }),
  );
  // 64 KB for JSON, 12 MB for the image uploads; refused before anything is buffered.
  app.use('/api/*', bodyLimits());
  // After the body limit (an oversized request is refused as 413 whatever its headers).
  app.use('/api/*', sameOrigin(ctx.env.APP_URL));
  app.use('/api/*', csrfProtection());
  app.use('/api/*', jsonOnly());
  app.use('/api/*', loadSession(ctx));

  app.route('/api', healthRoutes(ctx));
  app.route('/api', authRoutes(ctx));
  app.route('/api', catalogRoutes(ctx));
  app.route('/api', contactRoutes(ctx));
  app.route('/api', siteConfigRoutes(ctx));
  app.route('/api', stagingRoutes(ctx));
  app.route('/api', transformationsRoutes(ctx));
  app.route('/api', usageRoutes(ctx));
  app.route('/api', billingRoutes(ctx));
  app.route('/api', testCheckoutRoutes(ctx));
  app.route('/api', adminRoutes(ctx));
  app.route('/api', engineHealthRoutes(ctx));
  app.route('/api', jobsRoutes(ctx));
  app.route('/api', batchesRoutes(ctx));
  app.route('/api', publicLinksRoutes(ctx));

  app.all('/api/*', (c) => c.json(errorBody('not_found', 'Not found'), 404));
  // Public original pages (issue 32): server-rendered, outside /api, no session.
  app.route('/', publicPageRoutes(ctx));
  if (clientHtml) mountClient(app, clientDir, clientHtml);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      if (err.status >= 500) ctx.logger.error({ err, reqId: c.get('requestId') }, err.message);
      return c.json(errorBody(err.code, err.message, err.field), err.status as 400);
    }
    if (ctx.database.isConnectionFailure(err)) {
      // The transaction died with its connection, so PostgreSQL rolled it back: nothing was changed.
      ctx.logger.warn({ err: errorText(err), reqId: c.get('requestId') }, 'database connection failed');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE), 503);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json(errorBody(httpExceptionCode(err.status), err.message || 'Bad request'), err.status);
    }
    ctx.logger.error({ err, reqId: c.get('requestId') }, 'unhandled error');
    return c.json(errorBody('internal', 'Internal server error'), 500);
  });
  return app;
}

/** The innermost message: Drizzle's wrapper repeats the whole query, the cause says what happened. */
function errorText(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

function requestLogger(ctx: AppContext) {
  return async (c: Context<AppBindings>, next: () => Promise<void>) => {
    const start = performance.now();
    await next();
    // Method, path and status only: no bodies, no query strings, no cookies, no tokens in paths.
    ctx.logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      },
      'request',
    );
  };
}

function csp(ctx: AppContext, inlineScriptHashes: string[]) {
  const imgSrc = ["'self'", 'data:', 'blob:'];
  return {
    defaultSrc: ["'self'"],
    // The client's own inline scripts by hash (the early-tap recorder in client/index.html), no others.
    scriptSrc: ["'self'", ...inlineScriptHashes],
    // Radix positions popovers with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc,
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    // Checkout is reached with window.location.assign, not a form post; keep forms on our origin.
    formAction: ["'self'"],
    ...(ctx.env.isProduction ? { upgradeInsecureRequests: [] } : {}),
  };
}

function mountClient(app: Hono<AppBindings>, clientDir: string, html: ClientHtml) {
  // The build wrote a .br and a .gz next to each text file (scripts/compress-assets.mjs): `precompressed`
  // sends the one the request accepts, with Content-Encoding. Decision 0121.
  const varyIfText = (p: string, c: Context) => {
    if (COMPRESSIBLE.test(p.replace(/\.(?:br|gz)$/, ''))) c.header('Vary', 'Accept-Encoding');
  };
  // Vite puts content-hashed files under /assets: cache them for a year.
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (p, c) => {
        varyIfText(p, c);
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (p, c) => {
        varyIfText(p, c);
        c.header('Cache-Control', 'public, max-age=3600');
      },
    }),
  );
  // Every other GET is the client: a page of the site, or the client's own 404 screen with a 404 status.
  app.get('*', (c) => {
    const known = isPagePath(c.req.path);
    // Only "/" is pre-rendered; another path's page must not show the home page before its own.
    const page = c.req.path === '/' ? html.home : html.shell;
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    if (encoding) c.header('Content-Encoding', encoding);
    const body = encoding ? page[encoding] : page.identity;
    return c.body(new Uint8Array(body).buffer, known ? 200 : 404);
  });
}

/** Files the build compresses (scripts/compress-assets.mjs); responses for them vary by encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
