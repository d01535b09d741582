// `npm run bench:jobs`: the staging job queue on PostgreSQL, with a web-only copy (WORKERS=0) taking the
// uploads and separate worker processes (`dist/server/worker.js`, one engine thread each) rendering.
// 1. Plan priority under a mixed load: a Free, a Pro and a Premium agent submit batches together, in
//    rounds, while one worker renders; prints each plan's median and max wait (enqueue to start) and
//    checks every Free job against the bound that the head-start rule gives it.
// 2. CPU per job and throughput on 3 MP photos with one worker process, then with two, alternating
//    (BENCH_CPU_REPEATS rounds, 2): CPU seconds per job of the worker processes (every thread; target:
//    two within 10 % of one) and first job start to last job end, from pg-boss. The workers are
//    started first, then one batch is sent.
// Loopback only; bounded by fixed job counts and a hard stop after BENCH_MAX_MINUTES (20).
// `--no-build` skips the build; `--only=priority` or `--only=throughput` runs one part.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { benchAccount } from './lib/bench-account.mjs';
import { addCpu, cpuSeconds, threadCpu } from './lib/proc-cpu.mjs';
import { startServer } from './lib/server-harness.mjs';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const FIXTURE = path.resolve('../shared/fixtures/rooms/empty-dining-01.jpg');
const ROUNDS = Number(process.env.BENCH_PRIORITY_ROUNDS ?? 3);
const PER_BATCH = Number(process.env.BENCH_PRIORITY_PHOTOS ?? 2);
const THROUGHPUT_PHOTOS = Number(process.env.BENCH_THROUGHPUT_PHOTOS ?? 8);
// Jobs per worker before the measured batch: a worker's first jobs cost up to three times its later
// ones (engine thread start, engine load, V8 compiling the hot code in tiers), about five of them.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
// Must match server/modules/jobs/priority.ts (the bench reads the priorities pg-boss stored, not these).
const HEAD_START = { premium: 120, pro: 60, free: 0 };
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : NaN);

let server;
const workers = new Set();
const stopAll = async () => {
  await Promise.allSettled([...workers].map(stopWorker));
  await server?.stop();
};
setTimeout(
  async () => {
    console.error(
      `\nbench:jobs stopped after ${process.env.BENCH_MAX_MINUTES ?? 20} minutes (BENCH_MAX_MINUTES)`,
    );
    await stopAll();
    process.exit(2);
  },
  Number(process.env.BENCH_MAX_MINUTES ?? 20) * 60_000,
).unref();

if (!process.argv.includes('--no-build'))
  spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// A loaded machine renders slowly and jobs wait long in the priority run: a generous deadline keeps
// them from failing as "took too long" (queue wait counts against it), which would hide the order.
const JOB_ENV = { STAGING_TIMEOUT_MS: process.env.STAGING_TIMEOUT_MS ?? '900000', LOG_LEVEL: 'warn' };
server = await startServer({ label: 'benchjobs', env: { WORKERS: '0', ...JOB_ENV } });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  if (only !== 'throughput') await priority();
  if (only !== 'priority') await throughput();
} finally {
  await db.end();
  await stopAll();
}

/** A worker process; resolves once it has started taking jobs (its "worker started" log line). */
async function startWorker() {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: server.databaseUrl,
    DATA_DIR: server.dataDir,
    APP_URL: server.baseUrl,
  };
  Object.assign(env, JOB_ENV, { LOG_LEVEL: 'info', WORKERS: '1', ENGINE_WORKERS: '1' });
  delete env.TEST_DATABASE_URL;
  // One core's worth of threads per process (see the README's scaling section): one libuv thread for
  // sharp and files, no parallel GC or V8 helper threads beside the one engine thread.
  env.UV_THREADPOOL_SIZE = '1';
  const child = spawn(
    process.execPath,
    ['--single-threaded-gc', '--v8-pool-size=1', 'dist/server/worker.js'],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (d) => {
      seen = (seen + d).slice(-4096);
      if (seen.includes('worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with code ${code}`)));
  });
  child.stdout.resume();
  return child;
}

async function stopWorker(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function submitBatch(cookie, photo, count) {
  const form = new globalThis.FormData();
  for (let i = 0; i < count; i++)
    form.append('images', new globalThis.Blob([photo], { type: 'image/jpeg' }), `room-${i}.jpg`);
  form.append('style', 'modern');
  form.append('roomType', 'living-room');
  const res = await fetch(`${server.baseUrl}/api/batches`, {
    method: 'POST',
    body: form,
    headers: { cookie, 'x-requested-with': 'roomstage' },
  });
  if (res.status !== 202) throw new Error(`POST /api/batches answered ${res.status}: ${await res.text()}`);
  return (await res.json()).id;
}

async function untilSettled(batchIds, limitMs) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as n from transformations where batch_id = any($1) and status = 'processing'`,
      [batchIds],
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still processing after ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** pg-boss's record of each job of these batches: priority, enqueue, start and end, with the owner's plan. */
async function jobTimes(batchIds) {
  const { rows } = await db.query(
    `select j.priority, j.created_on, j.started_on, j.completed_on, u.subscription_plan as plan, t.status, t.error_message
       from transformations t join pgboss.job j on j.id = t.id join users u on u.id = t.user_id
      where t.batch_id = any($1) and j.name = 'staging'`,
    [batchIds],
  );
  return rows.map((r) => ({
    plan: r.plan,
    status: r.status,
    error: r.error_message,
    priority: r.priority,
    enq: r.created_on.getTime(),
    start: r.started_on?.getTime() ?? NaN,
    end: r.completed_on?.getTime() ?? NaN,
  }));
}

async function priority() {
  const photo = await sharp(FIXTURE).resize(1200, 900, { fit: 'fill' }).jpeg({ quality: 88 }).toBuffer();
  const agents = {};
  for (const plan of ['free', 'pro', 'premium'])
    agents[plan] = await benchAccount(server, { plan, credits: 1000 });
  const worker = await startWorker();
  console.log(
    `\n== Plan priority: Free, Pro and Premium agents each submit ${ROUNDS} batches of ${PER_BATCH} photos (1 MP), one every 3 s, together; one worker`,
  );
  const batchIds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Free posts first in every round, so any Premium or Pro job that starts before it was moved ahead by priority.
    const free = submitBatch(agents.free.cookie, photo, PER_BATCH);
    await new Promise((r) => setTimeout(r, 20));
    batchIds.push(
      ...(await Promise.all([
        free,
        submitBatch(agents.pro.cookie, photo, PER_BATCH),
        submitBatch(agents.premium.cookie, photo, PER_BATCH),
      ])),
    );
    if (round < ROUNDS - 1) await new Promise((r) => setTimeout(r, 3000));
  }
  await untilSettled(batchIds, 10 * 60_000);
  await stopWorker(worker);
  const jobs = await jobTimes(batchIds);
  const failed = jobs.filter((j) => j.status !== 'completed');
  for (const f of failed) console.log(`a ${f.plan} job ${f.status}: ${f.error ?? ''}`);
  for (const plan of ['premium', 'pro', 'free']) {
    const waits = jobs.filter((j) => j.plan === plan).map((j) => (j.start - j.enq) / 1000);
    console.log(
      `${plan.padEnd(8)} jobs ${String(waits.length).padStart(2)}  wait median ${median(waits).toFixed(1)} s, max ${Math.max(...waits).toFixed(1)} s`,
    );
  }
  // The rule: pg-boss serves the highest priority (head start − enqueue second) first, then the earliest.
  // So the jobs that may run before a Free job J are exactly those enqueued before it plus the Pro jobs
  // enqueued up to 60 s and the Premium jobs up to 120 s after it; J's wait is at most their run times
  // (one worker) plus a pick-up per job (polling every 0.5 s; 1 s allowed). Nothing else may pass it.
  const ahead = (j, k) =>
    k !== j && (k.priority > j.priority || (k.priority === j.priority && k.enq < j.enq));
  let worst = 0;
  let passedAgainstRule = 0;
  for (const j of jobs.filter((x) => x.plan === 'free')) {
    const before = jobs.filter((k) => ahead(j, k));
    const bound = before.reduce((s, k) => s + (k.end - k.start), 0) + (before.length + 1) * 1000;
    worst = Math.max(worst, (j.start - j.enq) / bound);
    passedAgainstRule += jobs.filter((k) => k !== j && k.start < j.start && !ahead(j, k)).length;
  }
  const freeMedian = median(jobs.filter((j) => j.plan === 'free').map((j) => j.start - j.enq));
  const premiumMedian = median(jobs.filter((j) => j.plan === 'premium').map((j) => j.start - j.enq));
  console.log(`Premium median wait < Free median wait: ${premiumMedian < freeMedian ? 'yes' : 'NO'}`);
  console.log(
    `Free bound (head starts ${HEAD_START.premium} s Premium, ${HEAD_START.pro} s Pro): a Free job waits at most for the jobs enqueued before it plus the Pro jobs enqueued up to 60 s and the Premium jobs up to 120 s after it (their run times + 1 s pick-up each, per worker)`,
  );
  console.log(
    `Free jobs within that bound: ${worst <= 1 ? 'all' : 'NOT all'} (largest wait / bound ${worst.toFixed(2)}); jobs that passed a Free job against the rule: ${passedAgainstRule}; failed jobs: ${failed.length}`,
  );
}

async function throughput() {
  const photo = await sharp(FIXTURE).resize(2000, 1500, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  const repeats = Number(process.env.BENCH_CPU_REPEATS ?? 2);
  console.log(
    `\n== Throughput and CPU per job: ${THROUGHPUT_PHOTOS} photos of 3 MP queued, then rendered by one worker process, then by two (one engine thread each); ${repeats} rounds, alternating`,
  );
  // CPU seconds, not wall time, are the measure on a shared machine: what a job costs its worker
  // processes (every thread, from the batch's submission to its last job's end; start-up excluded).
  const runs = { 1: [], 2: [] };
  for (let round = 0; round < repeats; round++)
    for (const n of [1, 2]) {
      const agent = await benchAccount(server, { plan: 'premium' });
      // Every worker is up before the batch is sent (its photos are all enqueued at the end of the request),
      // so the clock (first job's start to last job's end, from pg-boss) measures rendering alone.
      const procs = await Promise.all(Array.from({ length: n }, startWorker));
      // A worker's first jobs also start its engine thread, load the engine and compile its hot code:
      // a cost per process, not per job, that two workers would pay twice over the same batch. So
      // BENCH_WARMUP jobs per worker run first (0 measures cold), their CPU shown apart.
      const warm0 = procs.reduce((s, p) => s + cpuSeconds(p.pid), 0);
      if (WARMUP) await untilSettled([await submitBatch(agent.cookie, photo, n * WARMUP)], 15 * 60_000);
      const warmup = (procs.reduce((s, p) => s + cpuSeconds(p.pid), 0) - warm0) / (n * WARMUP || 1);
      const cpu0 = procs.reduce((s, p) => s + cpuSeconds(p.pid), 0);
      const threads0 = procs.reduce((s, p) => addCpu(s, threadCpu(p.pid)), {});
      const batchId = await submitBatch(agent.cookie, photo, THROUGHPUT_PHOTOS);
      await untilSettled([batchId], 15 * 60_000);
      const cpu = procs.reduce((s, p) => s + cpuSeconds(p.pid), 0) - cpu0;
      const threads = addCpu(
        procs.reduce((s, p) => addCpu(s, threadCpu(p.pid)), {}),
        threads0,
        -1,
      );
      await Promise.all(procs.map(stopWorker));
      const jobs = await jobTimes([batchId]);
      const done = jobs.filter((j) => j.status === 'completed').length;
      const span = (Math.max(...jobs.map((j) => j.end)) - Math.min(...jobs.map((j) => j.start))) / 1000;
      const perJob = cpu / jobs.length;
      runs[n].push({ perJob, rate: jobs.length / span });
      const split = Object.entries(threads)
        .map(([k, v]) => `${k} ${(v / jobs.length).toFixed(2)}`)
        .join(', ');
      if (WARMUP)
        console.log(`  warm-up: ${warmup.toFixed(2)} s of CPU per job over each worker's first ${WARMUP}`);
      console.log(
        `${n} worker${n > 1 ? 's' : ' '}: ${jobs.length} jobs (${done} completed) in ${span.toFixed(1)} s = ${(jobs.length / span).toFixed(3)} jobs/s; CPU ${cpu.toFixed(1)} s = ${perJob.toFixed(2)} s per job (${split}); load average ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const perJob = (n) => mean(runs[n].map((r) => r.perJob));
  const rate = (n) => mean(runs[n].map((r) => r.rate));
  const ratio = perJob(2) / perJob(1);
  console.log(
    `CPU per job (mean of ${repeats} rounds): one worker ${perJob(1).toFixed(2)} s, two workers ${perJob(2).toFixed(2)} s; ratio two / one ${ratio.toFixed(2)} [target <= 1.10] ${ratio <= 1.1 ? 'ok' : 'OVER'}`,
  );
  console.log(
    `throughput two / one: ${(rate(2) / rate(1)).toFixed(2)}x (wall time: only meaningful with 2 free cores; load average now ${os.loadavg()[0].toFixed(1)})`,
  );
}
