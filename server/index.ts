import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { startBackground } from './background.ts';
import { createContext } from './boot.ts';
import { EnvError, loadEnv } from './env.ts';
import { mailSettled } from './lib/mail/background.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const bootedAt = new Date();
  // Web and staging workers in one process, unless WORKERS=0 (web only; `npm run worker` renders).
  const ctx = await createContext(env);
  const app = createApp(ctx);
  const stopBackground = await startBackground(ctx, bootedAt);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    ctx.logger.info(
      { port: info.port, db: ctx.database.kind, storage: ctx.storage.kind, workers: ctx.jobs.hasWorkers },
      `Roomstage listening on http://localhost:${info.port}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // Requests still running after 15 s are cut off so a deploy never hangs.
    const force = setTimeout(() => {
      ctx.logger.warn('shutdown timed out; closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 15_000);
    force.unref();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    server.close(() => {
      // In-flight staging jobs finish, then mails handed off after a response (reset links) go out,
      // before the database closes.
      void stopBackground()
        .then(() => mailSettled(ctx.mailer))
        .then(() => Promise.all([ctx.pool.close(), ctx.database.close()]))
        .catch((err: unknown) => ctx.logger.error({ err }, 'closing database'))
        .finally(() => {
          ctx.logger.info('stopped');
          process.exit(0);
        });
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Roomstage failed to start:', err);
  process.exit(1);
});
