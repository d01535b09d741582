import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '#server/app.ts';
import type { AppContext } from '#server/context.ts';
import { loadEnv, type Env } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createOutboxMailer } from '#server/lib/mail/index.ts';
import { createLocalDiskStorage } from '#server/lib/storage/index.ts';
import { engineConfig } from '#server/engines/registry.ts';
import { createEnginePool } from '#server/engines/worker/pool.ts';
import { cancelForDeactivation, createPaymentProvider } from '#server/modules/billing/billing.service.ts';
import { createStagingQueue } from '#server/modules/jobs/staging-queue.ts';
import { contentCredentials } from '#server/boot.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { withErrorContract } from './error-contract.ts';

export interface TestContext {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  testDb: TestDatabase;
  /** DATA_DIR of this context (images, outbox, and the PGlite folder with filePglite). */
  dataDir: string;
  /** Where the default (outbox) mailer writes .eml files; see tests/helpers/mail.ts. */
  outboxDir: string;
  /** Moves the injectable clock; undefined goes back to the real time. */
  setNow(date: Date | undefined): void;
  close(): Promise<void>;
}

/** A test file's app, created before its tests and closed after them; `ready` receives it. */
export function useTestContext(envOverrides: Record<string, string>, ready: (t: TestContext) => void): void {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await createTestContext(envOverrides);
    ready(t);
  });
  afterAll(async () => t?.close());
}

/** A whole app on a fresh database and a temporary data folder, for in-process HTTP tests. */
export async function createTestContext(
  envOverrides: Record<string, string> = {},
  /** Replaces parts of the context, e.g. `{ mailer }` for the SMTP tests. */
  overrides: Partial<AppContext> = {},
  /** A PGlite folder under the data folder instead of memory, for tests that hand it to a server process. */
  opts: { filePglite?: boolean } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-test-'));
  const env: Env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...envOverrides });
  const testDb = await createTestDatabase(opts.filePglite ? { pgliteDir: path.join(dataDir, 'pglite') } : {});
  let now: Date | undefined;
  const logger = createLogger(env.LOG_LEVEL);
  const outboxDir = path.join(dataDir, 'outbox');
  const credentials = await contentCredentials(env);
  const ctx: AppContext = {
    env,
    logger,
    database: testDb.database,
    db: testDb.database.db,
    storage: createLocalDiskStorage(path.join(dataDir, 'images')),
    clock: () => (now ? new Date(now) : new Date()),
    mailer: createOutboxMailer({ dir: outboxDir, from: env.MAIL_FROM, logger }),
    pool: createEnginePool({ workers: 1, maxQueue: env.ENGINE_QUEUE_MAX }),
    engine: engineConfig(env),
    // One staging loop in the test process (WORKERS=0: none), started with the queue on the first transform.
    jobs: createStagingQueue(testDb.database, env, logger, env.WORKERS >= 0 ? env.WORKERS : 1, () => ctx),
    billing: createPaymentProvider(env, testDb.database.db, () => (now ? new Date(now) : new Date())),
    onDeactivate: (user) => cancelForDeactivation(ctx, user.id),
    credentials,
    ...overrides,
  };
  const app = withErrorContract(createApp(ctx, { clientDir: path.join(dataDir, 'no-client') }));
  return {
    ctx,
    app,
    testDb,
    dataDir,
    outboxDir,
    setNow: (d) => {
      now = d;
    },
    async close() {
      // A test that ends with a run in flight does not wait the production bound (STAGING_TIMEOUT_MS + 30 s).
      await ctx.jobs.stop(5000);
      await ctx.pool.close();
      await testDb.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
