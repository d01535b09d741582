import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { fromRoot } from '../lib/paths.ts';
import { isConnectionFailure, markDatabaseError } from './connection-errors.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a real query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies the checked-in migrations (safe when many copies start at once). */
  migrate(): Promise<void>;
  /**
   * Raw SQL for the job queue (pg-boss speaks `executeSql(text, values)`): on PostgreSQL the same pool
   * as the app, on PGlite the same embedded database, so jobs and rows share one database and backup.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Whether `err` is this database's connection failing (lost, refused, shutting down): a 503, not a 500. */
  isConnectionFailure(err: unknown): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for a real server; unset for the embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; 'memory://' for a throw-away in-memory database. */
  pgliteDir?: string;
  poolMax?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  logger?: Logger;
}

const MIGRATIONS = fromRoot('server/db/migrations');
// Any constant will do; it only has to be the same for every copy of the server.
const MIGRATION_LOCK = 724_211_001;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts);
  return openPglite(opts.pgliteDir ?? 'memory://');
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async ping() {
      if (closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      // Parameterless commands may be several statements (pg-boss's schema scripts): exec runs them
      // under PGlite's one lock; a failure inside an explicit BEGIN must not leave the only connection
      // in an aborted transaction.
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        if (/\bbegin\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    // The embedded database has no connection to lose.
    isConnectionFailure: () => false,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

function openPostgres(url: string, opts: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    statement_timeout: opts.statementTimeoutMs ?? 30_000,
    idle_in_transaction_session_timeout: 60_000,
    idleTimeoutMillis: 30_000,
  });
  // Without this listener an idle client's network error would crash the process.
  pool.on('error', (err) => opts.logger?.error({ err }, 'postgres pool error'));
  // The pool listens to a client's errors only while it is idle. A checked-out client (a transaction,
  // the migration lock) whose backend is terminated or whose socket drops emits 'error' after its query
  // already failed; with no listener that event would end the process. The query's caller has the
  // error; the pool drops the client when it is released (it is no longer queryable). Decision 0120.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.logger?.warn({ err: err.message }, 'postgres connection lost'));
  });
  const port = Number(new URL(url).port || 5432);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      // A session-level advisory lock on one dedicated connection: the first copy migrates, the others
      // wait and then find nothing left to do.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: MIGRATIONS });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        conn.release();
      }
    },
    async executeSql(text, values) {
      return pool.query(text, values).catch((err: unknown) => {
        throw markDatabaseError(err);
      });
    },
    isConnectionFailure: (err) => isConnectionFailure(err, port),
    async close() {
      await pool.end();
    },
  };
}
