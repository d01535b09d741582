// `npm run bench:api`: the built server on PostgreSQL, loaded with transform-room requests by autocannon.
// Prints requests/s and latency for 3 MP photos with the local engine, the server's own overhead (total
// minus time in the worker pool, from the Server-Timing header) for 3 MP and for ~10 MB uploads, and the
// event-loop delay measured inside the server during each run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { startServer } from './lib/server-harness.mjs';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const FIXTURE = path.resolve('../shared/fixtures/rooms/empty-dining-01.jpg');
const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);

if (!process.argv.includes('--no-build')) spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const server = await startServer({ label: 'bench', env: { METRICS_ENABLED: 'true', ENGINE_QUEUE_MAX: '256', LOG_LEVEL: 'warn' } });
const base = server.baseUrl;
try {
  const cookie = await signUp();
  const photo3mp = await sharp(FIXTURE).resize(2000, 1500, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  const upload10mb = await sharp(FIXTURE).resize(2100, 1560, { fit: 'fill' }).png({ compressionLevel: 0 }).toBuffer();
  console.log(`inputs: 3 MP JPEG ${(photo3mp.length / 1e6).toFixed(2)} MB; large PNG ${(upload10mb.length / 1048576).toFixed(2)} MiB`);
  await run('3 MP JPEG, local engine', photo3mp, 'image/jpeg', { connections: 2, duration: 30 }, cookie);
  await run('~10 MB PNG upload, local engine', upload10mb, 'image/png', { connections: 1, amount: 8 }, cookie);
} finally {
  await server.stop();
}

async function signUp() {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Password-1';
  const h = { 'content-type': 'application/json', 'x-requested-with': 'roomstage' };
  await fetch(`${base}/api/register`, { method: 'POST', headers: h, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password }) });
  const outbox = path.join(server.dataDir, 'outbox');
  const raw = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).join('\n').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = raw.match(/verify-email\?token=([A-Za-z0-9_-]+)/)[1];
  await fetch(`${base}/api/verify-email?token=${token}`);
  // Unlimited plan, so the benchmark measures staging, not the allowance.
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  await db.query(`update users set subscription_plan = 'premium' where email = $1`, [email]);
  await db.end();
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: h, body: JSON.stringify({ email, password }) });
  return res.headers.getSetCookie()[0].split(';')[0];
}

function multipart(bytes, type) {
  const boundary = '----roomstage-bench';
  const head = (name, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${head('style')}\r\nmodern\r\n${head('roomType')}\r\nliving-room\r\n`),
    Buffer.from(`${head('image', '; filename="room"')}Content-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function run(label, bytes, type, opts, cookie) {
  const { body, contentType } = multipart(bytes, type);
  const overhead = [];
  const engine = [];
  const probes = [];
  await fetch(`${base}/api/internal/event-loop?reset=1`);
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`);
      probes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await autocannon({
    url: `${base}/api/transform-room`,
    method: 'POST',
    headers: { 'content-type': contentType, cookie, 'x-requested-with': 'roomstage' },
    body,
    timeout: 120,
    ...opts,
    setupClient: (client) =>
      client.on('headers', (h) => {
        // autocannon passes the HTTP parser's info: raw headers as a flat [name, value, …] list.
        const flat = Array.isArray(h.headers) ? h.headers : [];
        const i = flat.findIndex((x, n) => n % 2 === 0 && String(x).toLowerCase() === 'server-timing');
        const timing = i >= 0 ? String(flat[i + 1]) : '';
        const e = /engine;dur=([\d.]+)/.exec(timing);
        const t = /total;dur=([\d.]+)/.exec(timing);
        if (e && t) {
          engine.push(Number(e[1]));
          overhead.push(Number(t[1]) - Number(e[1]));
        }
      }),
  });
  probing = false;
  await probe;
  const loop = await (await fetch(`${base}/api/internal/event-loop`)).json();
  console.log(`\n== ${label}`);
  console.log(`requests: ${result.requests.total} (${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors)`);
  console.log(`throughput: ${result.requests.average.toFixed(2)} req/s`);
  console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(`worker pool time (decode + stage): p50 ${pct(engine, 50)?.toFixed(0)} ms`);
  console.log(`server overhead (total - worker): p50 ${pct(overhead, 50)?.toFixed(1)} ms, p99 ${pct(overhead, 99)?.toFixed(1)} ms  [target p50 < 150 ms]`);
  console.log(`event-loop delay: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms  [target p99 < 50 ms]`);
  console.log(`/api/health while rendering: p50 ${pct(probes, 50)?.toFixed(1)} ms, p99 ${pct(probes, 99)?.toFixed(1)} ms`);
}
