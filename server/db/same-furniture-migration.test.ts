// Migration 0016 (decision 0256): batches made before it keep designs chosen per photo (false); a
// batch inserted afterwards without the column asks for the same furniture (true).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';

const dir = fromRoot('server/db/migrations');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const db = new PGlite();
afterAll(() => db.close());

async function apply(file: string) {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement);
}

it('leaves existing batches false and makes new ones true', async () => {
  const at = files.indexOf('0016_same_furniture.sql');
  expect(at).toBeGreaterThan(0);
  for (const f of files.slice(0, at)) await apply(f);
  // An account without its plan's row (the catalogue is seeded after the migrations, not here).
  await db.exec('set session_replication_role = replica');
  const user = await db.query<{ id: string }>(
    `insert into users (email) values ('agent@example.com') returning id`,
  );
  const userId = user.rows[0]!.id;
  await db.exec('set session_replication_role = default');
  await db.query(`insert into batches (user_id, style, photo_count) values ($1, 'modern', 2)`, [userId]);
  for (const f of files.slice(at)) await apply(f);
  await db.query(`insert into batches (user_id, style, photo_count) values ($1, 'modern', 3)`, [userId]);
  const rows = await db.query<{ photo_count: number; same_furniture: boolean }>(
    'select photo_count, same_furniture from batches order by photo_count',
  );
  expect(rows.rows).toEqual([
    { photo_count: 2, same_furniture: false },
    { photo_count: 3, same_furniture: true },
  ]);
  const set = await db.query(`select furniture_set from transformations limit 0`);
  expect(set.fields.map((f) => f.name)).toEqual(['furniture_set']);
});
