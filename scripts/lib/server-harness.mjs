// Starts the built server on a free port with a fresh database (PGlite in a temp DATA_DIR, or a fresh
// database on the PostgreSQL server named by TEST_DATABASE_URL). Used by the E2E run and the benchmarks.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
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

export async function startServer({ env = {}, label = 'e2e', quiet = true, healthTimeoutMs = 120_000 } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `roomstage-${label}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dbName;
  let child;
  // Undoes whatever was set up so far; used by stop() and when the start fails, so a server that never
  // became healthy does not keep running (and holding its port, database and temp folder) after we give up.
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A server stuck in start-up may not handle SIGTERM promptly; it must not outlive the harness.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (dbName) await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    let databaseUrl;
    if (serverUrl) {
      const name = `rs_${label}_${crypto.randomBytes(4).toString('hex')}`;
      await adminQuery(serverUrl, `create database "${name}"`);
      dbName = name;
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
    child = spawn(process.execPath, ['dist/server/index.js'], {
      env: childEnv,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitHealthy(child, baseUrl, healthTimeoutMs);
    return { baseUrl, dataDir, databaseUrl, pid: child.pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitHealthy(child, baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
