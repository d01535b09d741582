// Migration 0016 (decision 0256): batches made before it keep designs chosen per photo (false); a
// batch inserted afterwards without the column asks for the same furniture (true). On PGlite, and on
// a PostgreSQL server of the test's own where its binaries are installed.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';
import { postgresBin, startOwnPostgres, type OwnPostgres } from '#tests/helpers/own-postgres.ts';

const dir = fromRoot('server/db/migrations');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const at = files.indexOf('0016_same_furniture.sql');

interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

async function check(db: Sql) {
  const apply = async (file: string) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await db.query(statement);
  };
  expect(at).toBeGreaterThan(0);
  for (const f of files.slice(0, at)) await apply(f);
  // An account without its plan's row (the catalogue is seeded after the migrations, not here).
  await db.query('set session_replication_role = replica');
  const user = await db.query(`insert into users (email) values ('agent@example.com') returning id`);
  await db.query('set session_replication_role = default');
  const userId = user.rows[0]!.id;
  await db.query(`insert into batches (user_id, style, photo_count) values ($1, 'modern', 2)`, [userId]);
  for (const f of files.slice(at)) await apply(f);
  await db.query(`insert into batches (user_id, style, photo_count) values ($1, 'modern', 3)`, [userId]);
  const rows = await db.query('select photo_count, same_furniture from batches order by photo_count');
  expect(rows.rows).toEqual([
    { photo_count: 2, same_furniture: false },
    { photo_count: 3, same_furniture: true },
  ]);
  await db.query('insert into transformations (user_id, style, room_type) values ($1, $2, $3)', [
    userId,
    'modern',
    'bedroom',
  ]);
  expect((await db.query('select furniture_set from transformations')).rows).toEqual([
    { furniture_set: null },
  ]);
}

describe('migration 0016', () => {
  it('on PGlite: existing batches false, new ones true', async () => {
    const db = new PGlite();
    await check({ query: (text, params) => db.query(text, params) }).finally(() => db.close());
  });

  const bin = postgresBin();
  let server: OwnPostgres | undefined;
  afterAll(() => server?.destroy());
  it.skipIf(!bin)(
    'on PostgreSQL: existing batches false, new ones true',
    async () => {
      server = await startOwnPostgres(bin!);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await check({ query: (text, params) => client.query(text, params) }).finally(() => client.end());
    },
    60_000,
  );
});
