import path from 'node:path';
import type { AppContext } from './context.ts';
import { engineConfig } from './engines/registry.ts';
import { createEnginePool } from './engines/worker/pool.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seed } from './db/seed.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './lib/mail/index.ts';
import { mailSettled } from './lib/mail/background.ts';
import { promoteConfiguredAdmins } from './modules/auth/index.ts';
import { cancelForDeactivation, createPaymentProvider } from './modules/billing/index.ts';
import { createStorage } from './lib/storage/index.ts';
import { createStagingQueue, workerCount } from './modules/jobs/index.ts';

/** Opens the configured database, brings it to the current schema and catalogue. */
export async function prepareDatabase(env: Env, logger: Logger): Promise<Database> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    poolMax: env.DB_POOL_MAX,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  try {
    await database.migrate();
    await seed(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Builds the whole runtime context from the environment. */
export async function createContext(
  env: Env,
  logger = createLogger(env.LOG_LEVEL),
  /** Staging jobs this process runs at once (0: web only); WORKERS or one per engine thread by default. */
  workers = workerCount(env),
): Promise<AppContext> {
  const database = await prepareDatabase(env, logger);
  const admins = await promoteConfiguredAdmins(database.db, env.ADMIN_EMAILS);
  if (admins.length > 0) logger.info({ count: admins.length }, 'ADMIN_EMAILS: admin role ensured');
  const clock = () => new Date();
  const ctx: AppContext = {
    env,
    logger,
    database,
    db: database.db,
    storage: createStorage(env),
    clock,
    mailer: createMailer(env, logger),
    pool: createEnginePool({ workers: env.ENGINE_WORKERS, maxQueue: env.ENGINE_QUEUE_MAX }),
    engine: engineConfig(env),
    jobs: createStagingQueue(database, env, logger, workers, () => ctx),
    billing: createPaymentProvider(env, database.db, clock),
  };
  ctx.onDeactivate = (user) => cancelForDeactivation(ctx, user.id);
  return ctx;
}

/** The validated environment; a configuration error is printed as is and ends the process. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Shuts a context down in order: background work stops (in-flight staging jobs finish), mails handed
 * off after a response (reset links) go out, then the engine pool and the database close.
 */
export async function closeContext(ctx: AppContext, stopBackground: () => Promise<void>): Promise<void> {
  try {
    await stopBackground();
    await mailSettled(ctx.mailer);
    await Promise.all([ctx.pool.close(), ctx.database.close()]);
  } catch (err) {
    ctx.logger.error({ err }, 'shutdown');
  }
}

/** Calls `shutdown` once, on the first SIGTERM or SIGINT. */
export function onShutdownSignal(shutdown: (signal: string) => void): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      shutdown(signal);
    });
  }
}
