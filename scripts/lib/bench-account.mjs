// A verified, signed-in account on a server started by server-harness.mjs, for the benchmarks: registers,
// follows the verification link from the outbox, sets the plan (and credits) directly in the database.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'roomstage' };

/** Returns the session cookie and the user's id. */
export async function benchAccount(server, { plan = 'premium', credits = 0 } = {}) {
  const base = server.baseUrl;
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench-Password-1';
  await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password }),
  });
  const outbox = path.join(server.dataDir, 'outbox');
  const raw = fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(email))
    .join('\n')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = raw.match(/verify-email\?token=([A-Za-z0-9_-]+)/)[1];
  await fetch(`${base}/api/verify-email?token=${token}`);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `update users set subscription_plan = $2, credits_balance = $3 where email = $1 returning id`,
    [email, plan, credits],
  );
  await db.end();
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password }),
  });
  return { cookie: res.headers.getSetCookie()[0].split(';')[0], id: rows[0].id };
}
