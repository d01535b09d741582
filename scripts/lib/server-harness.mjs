// Starts the built server on a free port with a fresh database (PGlite in a temp DATA_DIR, or a fresh
// database on the PostgreSQL server named by TEST_DATABASE_URL). Used by the E2E run and the benchmarks.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function adminQuery(serverUrl, sql) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function startServer({ env = {}, label = 'e2e', quiet = true } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `roomstage-${label}-`));
  const port = await freePort();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl;
  let dbName;
  if (serverUrl) {
    dbName = `rs_${label}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database "${dbName}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const childEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  delete childEnv.TEST_DATABASE_URL;
  if (!databaseUrl) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: childEnv,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (dbName) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
