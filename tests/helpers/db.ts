import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { seed } from '#server/db/seed.ts';
import { loadEnv } from '#server/env.ts';

export interface TestDatabase {
  database: Database;
  /** The URL of the fresh database on a real server, or undefined for PGlite. */
  url: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A clean, migrated, seeded database for one test file: a fresh in-memory PGlite by default, or a fresh
 * database on the real server named by TEST_DATABASE_URL (dropped again in cleanup).
 */
export async function createTestDatabase(
  /** pgliteDir: a PGlite folder instead of memory (another process can open it once this one closes). */
  opts: { seed?: boolean; pgliteDir?: string } = {},
): Promise<TestDatabase> {
  const serverUrl = loadEnv().TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `rs_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ url, pgliteDir: opts.pgliteDir ?? 'memory://', poolMax: 5 });
  await database.migrate();
  if (opts.seed !== false) await seed(database.db);
  return {
    database,
    url,
    async cleanup() {
      await database.close();
      await dropDatabase();
    },
  };
}
