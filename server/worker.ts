// `npm run worker`: a copy that only renders. It takes staging jobs from the shared database, reads
// uploads from and writes results to the shared storage, and serves no HTTP.
import { startBackground } from './background.ts';
import { checkModelOrExit, createContext, exitOnStartFailure, loadEnvOrExit, stopOnSignal } from './boot.ts';
import { workerCount } from './modules/jobs/index.ts';

async function main() {
  const env = loadEnvOrExit();
  await checkModelOrExit(env);
  const workers = workerCount(env);
  if (workers === 0) {
    console.error('WORKERS=0 leaves a worker copy with nothing to do; unset it or set it to 1 or more.');
    process.exit(1);
  }
  const bootedAt = new Date();
  const ctx = await createContext(env, undefined, workers);
  const stopBackground = await startBackground(ctx, bootedAt);
  ctx.logger.info({ workers, db: ctx.database.kind, storage: ctx.storage.kind }, 'Roomstage worker started');
  stopOnSignal({ ctx, stopBackground });
}

main().catch((err: unknown) => exitOnStartFailure('Roomstage worker', err));
