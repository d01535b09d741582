import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import type { AppContext } from './context.ts';
import { checkModel, refusedLine } from './engines/model-check.ts';
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
import { loadSigningCredentials, type SigningCredentials } from './lib/c2pa/index.ts';
import { createStagingQueue, stopBoundMs, workerCount } from './modules/jobs/index.ts';

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
    await database.close().catch(() => undefined);
    if (env.DATABASE_URL && database.isConnectionFailure(err))
      throw new StartError(`cannot reach the database at ${where(env.DATABASE_URL)} (${innermost(err)})`);
    throw err;
  }
  return database;
}

/** A start-up failure the operator can act on from one line; printed without a stack. */
export class StartError extends Error {
  override name = 'StartError';
}

/** Host, port and database of a postgres:// URL: never its user or password. */
const where = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/** The innermost cause's message (Drizzle wraps the driver's error in one that repeats the query). */
function innermost(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  if (e instanceof AggregateError && e.errors[0] instanceof Error) e = e.errors[0];
  return e instanceof Error ? e.message : String(e);
}

/**
 * Ends a process that could not start: a known cause (StartError) as one line, anything else (a bug)
 * with its stack. Exit code 1 either way.
 */
export function exitOnStartFailure(what: string, err: unknown): never {
  if (err instanceof StartError) console.error(`${what} failed to start: ${err.message}`);
  else console.error(`${what} failed to start:`, err);
  process.exit(1);
}

/** Builds the whole runtime context from the environment. */
export async function createContext(
  env: Env,
  logger = createLogger(env.LOG_LEVEL),
  /** Staging jobs this process runs at once (0: web only); WORKERS or one per engine thread by default. */
  workers = workerCount(env),
): Promise<AppContext> {
  // Before the database: credentials that cannot sign stop the start at once, with nothing opened.
  const credentials = await contentCredentials(env, logger);
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
    credentials,
  };
  ctx.onDeactivate = (user) => cancelForDeactivation(ctx, user.id);
  return ctx;
}

/**
 * The signer of Content Credentials (decision 0190), or null when C2PA_ENABLED=false. A certificate
 * or key that cannot be used stops the start with one line, not the first download.
 */
export async function contentCredentials(env: Env, logger?: Logger): Promise<SigningCredentials | null> {
  if (!env.C2PA_ENABLED) return null;
  try {
    const credentials = await loadSigningCredentials(
      { certPem: env.C2PA_CERT_PEM, keyPem: env.C2PA_KEY_PEM, devDir: path.join(env.dataDir, 'c2pa') },
      logger,
    );
    logger?.info(
      { signer: credentials.subject, development: credentials.development },
      'C2PA: signing delivered JPEGs',
    );
    return credentials;
  } catch (err) {
    throw new StartError(`C2PA credentials: ${err instanceof Error ? err.message : String(err)}`);
  }
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
 * Asks the provider whether the configured model exists before anything else starts: a retired model
 * prints one line and ends the process. A provider that cannot be asked only warns (an outage is not
 * a configuration error).
 */
export async function checkModelOrExit(env: Env): Promise<void> {
  const config = engineConfig(env);
  const check = await checkModel(config);
  if (check.status === 'refused') {
    console.error(refusedLine(config, check));
    process.exit(1);
  }
  if (check.status === 'unknown')
    console.warn(`STAGING_ENGINE=${config.id}: the model could not be checked (${check.reason}).`);
}

/** What a process stops when it is told to: its context, its background work, its web server if any. */
export interface RunningProcess {
  ctx: AppContext;
  /** From `startBackground`: stops the periodic jobs and the queue, letting running staging jobs finish. */
  stopBackground: () => Promise<void>;
  server?: ServerType | undefined;
}

/**
 * Shuts a process down in order. At once: no new staging jobs, no new connections. Then the staging
 * jobs in flight finish and so do the requests in flight (a transform request waiting on one of those
 * jobs gets its answer), both bounded by `stopBoundMs` (STAGING_TIMEOUT_MS + DEADLINE_GRACE_MS). Then
 * mails handed off after a response (reset links) go out, and the engine pool and the database close:
 * the requests and the runs needed both until here. Decision 0040, "Shutdown".
 */
export async function shutdown(proc: RunningProcess, signal: string): Promise<void> {
  const { ctx, server } = proc;
  const boundMs = stopBoundMs(ctx.env);
  const started = Date.now();
  ctx.logger.info(
    { signal, jobsInFlight: ctx.jobs.inFlight(), boundMs },
    'shutting down: no new jobs or connections, finishing those in flight',
  );
  try {
    await Promise.all([proc.stopBackground(), server && closeServer(ctx, server, boundMs)]);
    await mailSettled(ctx.mailer);
    // A run still going at the bound is left as a kill would leave it (its row processing, for
    // recovery to re-run at the next start): closing the pool and the database under it would fail
    // it halfway and crash the process on its last write.
    if (ctx.jobs.inFlight() === 0) await Promise.all([ctx.pool.close(), ctx.database.close()]);
  } catch (err) {
    ctx.logger.error({ err }, 'shutdown');
  }
  ctx.logger.info({ ms: Date.now() - started, jobsUnfinished: ctx.jobs.inFlight() }, 'stopped');
}

/** Stops accepting connections; resolves once the requests in flight are answered or cut off at the bound. */
function closeServer(ctx: AppContext, server: ServerType, boundMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      ctx.logger.warn({ boundMs }, 'shutdown bound reached; closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, boundMs);
    force.unref();
    // `close` closes the keep-alive connections idle at that moment (Node 19+); each busy one is closed
    // as soon as its response is out, or it would wait for the keep-alive timeout (65 s) before the
    // server counts as closed.
    const sweep = setInterval(() => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    }, 250);
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
  });
}

/**
 * The first SIGTERM or SIGINT shuts the process down (`shutdown`) and exits 0. A second one exits at
 * once: the runs it abandons keep their rows processing, and recovery re-runs them at the next start.
 */
export function stopOnSignal(proc: RunningProcess): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) {
        proc.ctx.logger.warn(
          { signal, jobsUnfinished: proc.ctx.jobs.inFlight() },
          'second signal: exiting now; recovery re-runs unfinished staging jobs at the next start',
        );
        process.exit(1);
      }
      stopping = true;
      void shutdown(proc, signal).finally(() => process.exit(0));
    });
  }
}
