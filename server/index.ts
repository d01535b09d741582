import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { startBackground } from './background.ts';
import { checkModelOrExit, createContext, exitOnStartFailure, loadEnvOrExit, stopOnSignal } from './boot.ts';

async function main() {
  const env = loadEnvOrExit();
  await checkModelOrExit(env);
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
  // Node closes an idle keep-alive connection after 5 s; a client or proxy that reuses it at that moment
  // gets a reset instead of an answer. Idle connections stay open longer than load balancers keep theirs
  // (60 s is the usual default), so the side that sends requests is always the one that closes first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  stopOnSignal({ ctx, stopBackground, server });
}

main().catch((err: unknown) => exitOnStartFailure('Roomstage', err));
