import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail/index.ts';
import type { ImageStorage } from './lib/storage/index.ts';
import type { SigningCredentials } from './lib/c2pa/index.ts';
import type { EngineConfig } from './engines/registry.ts';
import type { EnginePool } from './engines/worker/pool.ts';
import type { JobQueue } from './ports/job-queue.ts';
import type { PaymentProvider } from './ports/payment-provider.ts';
import type { SessionUserRow } from './ports/session-user.ts';

export type Clock = () => Date;

/** Everything a request handler may need, built once at boot (or per test). */
export interface AppContext {
  env: Env;
  logger: Logger;
  database: Database;
  db: Db;
  storage: ImageStorage;
  /** Injectable so expiry rules can be tested without waiting. */
  clock: Clock;
  mailer: Mailer;
  /** Worker threads for CPU-heavy work (decode, identify, stage, structure guard). */
  pool: EnginePool;
  /** The durable queue of staging jobs (pg-boss on the same database). */
  jobs: JobQueue;
  /** The configured staging engine, as plain data for the workers. */
  engine: EngineConfig;
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the embedded test checkout. */
  billing: PaymentProvider;
  /** Signs every delivered JPEG with Content Credentials; null when C2PA_ENABLED=false (decision 0190). */
  credentials: SigningCredentials | null;
  /**
   * Called when a user deactivates their own account, before anything changes; throwing aborts the
   * deactivation. The billing module plugs subscription cancellation in here.
   */
  onDeactivate?: (user: SessionUserRow) => Promise<void>;
}

/** Hono's typed variables for every route. */
export interface AppBindings {
  Variables: {
    requestId: string;
    /** The signed-in user (set by loadSession on /api/*), or null. */
    user: SessionUserRow | null;
  };
}
