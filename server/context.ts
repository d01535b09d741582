import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { ImageStorage } from './lib/storage/index.ts';

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
}

/** Hono's typed variables for every route. */
export interface AppBindings {
  Variables: {
    requestId: string;
  };
}
