// A PostgreSQL connection that dies while it is checked out (inside a transaction, or mid-query) fails
// that work with an error the app recognises, is logged, and never reaches the process as an
// unhandled 'error' event (which would end it). PostgreSQL only: PGlite has no connection to lose.
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '#server/env.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db.ts';
import { startFaultProxy, type FaultProxy } from '#tests/helpers/fault-proxy.ts';
import { openDatabase, type Database } from './client.ts';

const onPostgres = Boolean(loadEnv().TEST_DATABASE_URL);
if (!onPostgres) console.log('connection-faults: skipped, TEST_DATABASE_URL (PostgreSQL) is not set');

let testDb: TestDatabase;
let proxy: FaultProxy;
let database: Database;
let holder: pg.Client;
const logged: { level: number; msg: string }[] = [];
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  if (!onPostgres) return;
  testDb = await createTestDatabase({ seed: false });
  const url = testDb.url as string;
  const u = new URL(url);
  proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  database = await openDatabase({ url: proxy.urlFor(url), poolMax: 3, connectTimeoutMs: 2000, logger });
  holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('create table faults (id int primary key, note text)');
  await holder.query(`insert into faults values (1, 'original')`);
  // Vitest reports an uncaught exception too, but only after the file; this makes it the test's failure.
  process.prependListener('uncaughtException', onUncaught);
});

afterEach(() => {
  proxy?.delay(0);
  proxy?.refuse(false);
});

afterAll(async () => {
  process.removeListener('uncaughtException', onUncaught);
  await holder?.end();
  await database?.close();
  await proxy?.close();
  await testDb?.cleanup();
});

const note = async () =>
  (await holder.query<{ note: string }>('select note from faults where id = 1')).rows[0]?.note;

/** Updates the row inside a transaction that first waits for `waitMs` (under the row's lock). */
const slowUpdate = (waitMs: number) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`update faults set note = 'changed' where id = 1`);
    await tx.execute(sql`select pg_sleep(${waitMs / 1000})`);
  });

async function expectConnectionFailure(work: Promise<unknown>) {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  expect(database.isConnectionFailure(err)).toBe(true);
}

describe.skipIf(!onPostgres)('a checked-out connection that dies (PostgreSQL)', () => {
  it('pg_terminate_backend while the transaction waits for a row lock: a handled error, no change', async () => {
    await holder.query('begin');
    await holder.query('select * from faults where id = 1 for update');
    const work = database.db.transaction(async (tx) => {
      await tx.execute(sql`update faults set note = 'changed' where id = 1`);
    });
    // It fails while the test is still awaiting the terminate: mark it handled now (it is checked below),
    // or Node reports the rejection as unhandled in that gap.
    work.catch(() => undefined);
    let pid: number | undefined;
    for (let i = 0; i < 100 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const { rows } = await holder.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      pid = rows[0]?.pid;
    }
    expect(pid).toBeDefined();
    await holder.query('select pg_terminate_backend($1)', [pid]);
    await expectConnectionFailure(work);
    await holder.query('rollback');
    // The client's late 'error' event was heard (logged), not thrown at the process.
    await new Promise((r) => setTimeout(r, 100));
    expect(logged.some((l) => l.msg === 'postgres connection lost')).toBe(true);
    expect(uncaught).toEqual([]);
    expect(await note()).toBe('original');
    await database.ping();
  });

  it('a reset in the middle of a transaction rolls it back and the pool serves the next query', async () => {
    const fired = proxy.faultOn('pg_sleep', 'reset', 100);
    await expectConnectionFailure(slowUpdate(2000));
    await fired;
    expect(await note()).toBe('original');
    await database.ping();
    expect(uncaught).toEqual([]);
  });

  it('a clean cut mid-query (FIN from the network) fails the query, not the process', async () => {
    const fired = proxy.faultOn('pg_sleep', 'cut', 100);
    await expectConnectionFailure(database.executeSql('select pg_sleep(2)'));
    await fired;
    await database.ping();
    expect(uncaught).toEqual([]);
  });

  it('cutting idle pooled connections is survived: the next query opens a new one', async () => {
    await Promise.all([database.ping(), database.ping(), database.ping()]);
    expect(proxy.open()).toBeGreaterThan(0);
    proxy.fault('reset');
    await new Promise((r) => setTimeout(r, 50));
    await database.ping();
    expect(uncaught).toEqual([]);
  });

  it('a slow network delays the work but changes nothing else', async () => {
    proxy.delay(150);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update faults set note = 'slow' where id = 1`);
    });
    expect(await note()).toBe('slow');
    await holder.query(`update faults set note = 'original' where id = 1`);
  });

  it('a database that refuses connections is a connection failure too', async () => {
    proxy.fault('cut');
    await new Promise((r) => setTimeout(r, 50));
    proxy.refuse(true);
    // Every pooled client was cut, so this needs a new connection, which is refused.
    await expectConnectionFailure(database.db.execute(sql`select 1`));
    proxy.refuse(false);
    await database.ping();
  });

  it('a query the database refuses is not a connection failure', async () => {
    const err = await database.db.execute(sql`select * from no_such_table`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(database.isConnectionFailure(err)).toBe(false);
  });
});
