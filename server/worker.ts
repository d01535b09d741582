// `npm run worker`: a copy that only renders. It takes staging jobs from the shared database, reads
// uploads from and writes results to the shared storage, and serves no HTTP.
import { startBackground } from './background.ts';
import { createContext } from './boot.ts';
import { EnvError, loadEnv } from './env.ts';
import { workerCount } from './modules/jobs/staging-queue.ts';

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
  const workers = workerCount(env);
  if (workers === 0) {
    console.error('WORKERS=0 leaves a worker copy with nothing to do; unset it or set it to 1 or more.');
    process.exit(1);
  }
  const bootedAt = new Date();
  const ctx = await createContext(env, undefined, workers);
  const stop = await startBackground(ctx, bootedAt);
  ctx.logger.info({ workers, db: ctx.database.kind, storage: ctx.storage.kind }, 'Roomstage worker started');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down: finishing staging jobs in flight');
    void stop()
      .then(() => Promise.all([ctx.pool.close(), ctx.database.close()]))
      .catch((err: unknown) => ctx.logger.error({ err }, 'shutdown'))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Roomstage worker failed to start:', err);
  process.exit(1);
});
