// `npm run bench:api`: the built server on PostgreSQL, loaded with transform-room requests by autocannon.
// Prints requests/s and latency for 3 MP photos with the local engine, the server's own overhead (total
// minus time in the worker pool, from the Server-Timing header) for 3 MP and for ~10 MB uploads, the
// event-loop delay measured inside the server during each run and `/api/health` latency meanwhile
// (probed every 20 ms: while ~10 MB uploads arrive it shows whether reading uploads blocks the server),
// then a 12 MP JPEG end to end (upload to stored result, local engine) on a copy with one worker.
// Bounded: fixed request counts and durations, and the whole run stops after BENCH_MAX_MINUTES (15).
// `--no-build` skips the build; `--only=3mp,10mb,uploads,12mp` runs some parts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { benchAccount } from './lib/bench-account.mjs';
import { startServer } from './lib/server-harness.mjs';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const FIXTURE = path.resolve('../shared/fixtures/rooms/empty-dining-01.jpg');
const pct = (xs, p) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN;

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const part = (name) => only === undefined || only.includes(name);
const E2E_REQUESTS = Number(process.env.BENCH_12MP_REQUESTS ?? 10);
const servers = [];
// Hard stop: a benchmark must end by itself even if the machine is far slower than expected.
setTimeout(
  async () => {
    console.error(
      `\nbench:api stopped after ${process.env.BENCH_MAX_MINUTES ?? 15} minutes (BENCH_MAX_MINUTES)`,
    );
    await Promise.allSettled(servers.map((s) => s.stop()));
    process.exit(2);
  },
  Number(process.env.BENCH_MAX_MINUTES ?? 15) * 60_000,
).unref();

if (!process.argv.includes('--no-build'))
  spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
let server;
let base;
const start = async (env) => {
  server = await startServer({
    label: 'bench',
    env: { METRICS_ENABLED: 'true', ENGINE_QUEUE_MAX: '256', LOG_LEVEL: 'warn', ...env },
  });
  servers.push(server);
  base = server.baseUrl;
};
try {
  if (part('3mp') || part('10mb') || part('uploads')) {
    await start({});
    const cookie = await signUp();
    const photo3mp = await sharp(FIXTURE)
      .resize(2000, 1500, { fit: 'fill' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const upload10mb = await sharp(FIXTURE)
      .resize(2100, 1560, { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    console.log(
      `inputs: 3 MP JPEG ${(photo3mp.length / 1e6).toFixed(2)} MB; large PNG ${(upload10mb.length / 1048576).toFixed(2)} MiB`,
    );
    if (part('3mp'))
      await run('3 MP JPEG, local engine', photo3mp, 'image/jpeg', { connections: 2, duration: 30 }, cookie);
    if (part('10mb'))
      await run(
        '~10 MB PNG upload, local engine',
        upload10mb,
        'image/png',
        { connections: 1, amount: 8 },
        // A fresh account: the 3 MP runs above count against the first one's hourly limit.
        await signUp(),
      );
    // Reading uploads alone: 10 MB bodies that are read whole, then refused from their header (422, not
    // charged), so no rendering competes with the server for the CPU. A fresh account, as above.
    if (part('uploads')) await parseOnly();
    await server.stop();
  }
  if (part('12mp')) {
    // One copy with one staging worker on one engine thread: the end-to-end time of one photo.
    await start({ WORKERS: '1', ENGINE_WORKERS: '1' });
    const cookie = await signUp();
    const photo12mp = await sharp(FIXTURE)
      .resize(4000, 3000, { fit: 'fill' })
      .jpeg({ quality: 90 })
      .toBuffer();
    console.log(`\ninput: 12 MP JPEG (4000 x 3000) ${(photo12mp.length / 1e6).toFixed(2)} MB`);
    // The first staging after a start also loads the detector's weights and compiles the engine's code in
    // its thread: timed and printed on its own, so the figures below are a running worker's.
    const { body, contentType } = multipart(photo12mp, 'image/jpeg');
    const t0 = performance.now();
    const first = await fetch(`${base}/api/transform-room`, {
      method: 'POST',
      headers: { 'content-type': contentType, cookie, 'x-requested-with': 'roomstage' },
      body,
    });
    await first.arrayBuffer();
    console.log(
      `first request after start (cold engine thread, not counted below): ${first.status}, ${(performance.now() - t0).toFixed(0)} ms`,
    );
    await run(
      '12 MP JPEG end to end (upload to stored result), local engine, one worker',
      photo12mp,
      'image/jpeg',
      { connections: 1, amount: E2E_REQUESTS },
      cookie,
      { p95Target: 2000 },
    );
    await server.stop();
  }
} finally {
  await Promise.allSettled(servers.map((s) => s.stop()));
}

async function parseOnly() {
  const junk = Buffer.alloc(10 * 1024 * 1024 - 4096, 0x5a);
  junk.set([0xff, 0xd8, 0xff, 0xe0]);
  await run(
    '10 MB uploads arriving (read whole, then refused from the header: no rendering)',
    junk,
    'image/jpeg',
    { connections: 2, amount: 60 },
    await signUp(),
  );
}

// Unlimited plan, so the benchmark measures staging, not the allowance.
async function signUp() {
  return (await benchAccount(server, { plan: 'premium' })).cookie;
}

function multipart(bytes, type) {
  const boundary = '----roomstage-bench';
  const head = (name, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${head('style')}\r\nmodern\r\n${head('roomType')}\r\nliving-room\r\n`),
    Buffer.from(`${head('image', '; filename="room"')}Content-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function run(label, bytes, type, opts, cookie, { p95Target } = {}) {
  const { body, contentType } = multipart(bytes, type);
  const overhead = [];
  const engine = [];
  const probes = [];
  const latencies = [];
  const cpuBefore = await serverCpu();
  await fetch(`${base}/api/internal/event-loop?reset=1`);
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`);
      probes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const result = await autocannon({
    url: `${base}/api/transform-room`,
    method: 'POST',
    headers: { 'content-type': contentType, cookie, 'x-requested-with': 'roomstage' },
    body,
    timeout: 120,
    ...opts,
    setupClient: (client) => {
      client.on('response', (status, _bytes, ms) => {
        if (status >= 200 && status < 300) latencies.push(ms);
      });
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
      });
    },
  });
  probing = false;
  await probe;
  const loop = await (await fetch(`${base}/api/internal/event-loop`)).json();
  console.log(`\n== ${label}`);
  console.log(
    `requests: ${result.requests.total} (${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  );
  console.log(`throughput: ${result.requests.average.toFixed(2)} req/s`);
  console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  if (p95Target) {
    const p95 = pct(latencies, 95);
    console.log(
      `end to end (${latencies.length} ok): p50 ${pct(latencies, 50)?.toFixed(0)} ms, p95 ${p95?.toFixed(0)} ms  [target p95 < ${p95Target} ms: ${p95 < p95Target ? 'met' : 'NOT met'}]`,
    );
  }
  const cpu = await serverCpu();
  if (cpu && cpuBefore)
    console.log(`server process CPU (all threads): ${((cpu - cpuBefore) / 1e3).toFixed(1)} s`);
  if (engine.length) console.log(`worker pool time (decode + stage): p50 ${pct(engine, 50)?.toFixed(0)} ms`);
  if (overhead.length)
    console.log(
      `server overhead (total - worker): p50 ${pct(overhead, 50)?.toFixed(1)} ms, p99 ${pct(overhead, 99)?.toFixed(1)} ms  [target p50 < 150 ms]`,
    );
  console.log(
    `event-loop delay: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms  [target p99 < 50 ms]`,
  );
  console.log(
    `/api/health meanwhile (${probes.length} probes): p50 ${pct(probes, 50)?.toFixed(1)} ms, p99 ${pct(probes, 99)?.toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms  [target p99 < 50 ms]`,
  );
}

/** The server process's CPU time so far (user + system, ms), from /proc (Linux); null elsewhere. */
async function serverCpu() {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
