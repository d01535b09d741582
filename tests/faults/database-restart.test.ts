// A PostgreSQL restart under a running server copy (web and one staging worker, so pg-boss polls too),
// on a PostgreSQL instance of the test's own: a payment caught mid-transaction by the restart gets a 503
// and pays nothing; while the database is down the copy answers 503 and stays up; within 5 s of the
// database coming back it answers 200, the payment goes through once, and the ledger sums to the
// balance. Skipped (one line) where the PostgreSQL server binaries are not installed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '#shared/constants/availability.ts';
import { registration, sessionCookieFrom, tokenFromLink } from '#tests/helpers/auth.ts';
import { mailTo } from '#tests/helpers/mail.ts';
import { postgresBin, startOwnPostgres, type OwnPostgres } from '#tests/helpers/own-postgres.ts';
import { freePort, startServerProcess, type ServerProcess } from '#tests/helpers/processes.ts';

const bin = postgresBin();
if (!bin) console.log('database-restart: skipped, no PostgreSQL server binaries under /usr/lib/postgresql');

let db: OwnPostgres | undefined;
let server: ServerProcess | undefined;
let dataDir: string;
let base: string;

beforeAll(async () => {
  if (!bin) return;
  db = await startOwnPostgres(bin);
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('create database roomstage');
  await admin.end();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-restart-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess('index', {
    DATABASE_URL: db.url.replace(/\/postgres$/, '/roomstage'),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    WORKERS: '1',
    ENGINE_WORKERS: '1',
    DB_CONNECT_TIMEOUT_MS: '1000',
  });
  await server.waitForLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Roomstage listening'));
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  db?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(method: string, urlPath: string, opts: { body?: object; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'X-Requested-With': 'roomstage' };
  if (opts.body) headers['Content-Type'] = 'application/json';
  if (opts.cookie) headers.Cookie = opts.cookie;
  const body = opts.body ? JSON.stringify(opts.body) : undefined;
  return fetch(`${base}${urlPath}`, { method, headers, body });
}

async function signedUpUser(): Promise<{ cookie: string; email: string }> {
  const email = `restart-${Date.now()}@example.com`;
  expect((await call('POST', '/api/register', { body: registration(email) })).status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = mailTo(path.join(dataDir, 'outbox'), email).at(-1)?.links[0];
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  const token = encodeURIComponent(tokenFromLink(link as string));
  expect((await call('GET', `/api/verify-email?token=${token}`)).status).toBe(200);
  const login = await call('POST', '/api/login', { body: { email, password: registration(email).password } });
  return { cookie: sessionCookieFrom(login) as string, email };
}

/** Balance, ledger sum and checkout status, read straight from the database. */
async function money(email: string, sessionId: string) {
  const c = new pg.Client({ connectionString: db!.url.replace(/\/postgres$/, '/roomstage') });
  await c.connect();
  try {
    const { rows } = await c.query<{ balance: number; ledger: number; status: string }>(
      `select u.credits_balance as balance,
              (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger,
              (select status from test_checkout_sessions where id = $2) as status
         from users u where lower(u.email) = $1`,
      [email.toLowerCase(), sessionId],
    );
    return rows[0];
  } finally {
    await c.end();
  }
}

describe.skipIf(!bin)('a PostgreSQL restart under a running copy', () => {
  it('is survived: 503 while down, 200 within 5 s of the database coming back, no money moved twice', async () => {
    const { cookie, email } = await signedUpUser();
    const started = await call('POST', '/api/purchase-credits', { cookie, body: { packageId: 'popular' } });
    const sessionId = ((await started.json()) as { url: string }).url.split('/').pop() as string;

    // Another session holds the user's row lock, so the payment's transaction is open and waiting when
    // the database goes down.
    const other = new pg.Client({ connectionString: db!.url.replace(/\/postgres$/, '/roomstage') });
    other.on('error', () => undefined);
    await other.connect();
    await other.query('begin');
    await other.query('select id from users where lower(email) = $1 for update', [email.toLowerCase()]);
    const paying = call('POST', `/api/checkout/test/${sessionId}/pay`, { cookie });
    for (let i = 0; i < 100; i++) {
      const { rows } = await other.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    db!.stop();
    const paid = await paying;
    expect(paid.status).toBe(503);
    expect(paid.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await paid.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });

    // Down for a while: requests fail fast with 503, the pg-boss worker's polls fail, the process stays.
    const down = await call('GET', '/api/subscription-plans');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await call('GET', '/api/health')).status).toBe(503);
    await new Promise((r) => setTimeout(r, 2000));
    expect(server!.child.exitCode).toBeNull();

    db!.start();
    const back = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - back < 10_000) {
      status = (await call('GET', '/api/health')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(5000);

    expect(await money(email, sessionId)).toEqual({ balance: 0, ledger: 0, status: 'open' });
    expect((await call('POST', `/api/checkout/test/${sessionId}/pay`, { cookie })).status).toBe(200);
    expect(await money(email, sessionId)).toEqual({ balance: 50, ledger: 50, status: 'paid' });
    expect(server!.child.exitCode).toBeNull();
    expect(server!.logs.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  }, 90_000);
});
