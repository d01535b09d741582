// CPU seconds of a process and of its threads, from /proc (Linux), for the benchmarks.
import fs from 'node:fs';

/** A process's CPU time so far (user + system, seconds), from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds per thread of a process, from /proc/<pid>/task (Linux), grouped: the main thread (event
 * loop: pg-boss, the database client, storage, logging), the engine thread (Node 20 names every thread
 * "node": it is the busiest one after the main thread, which under a staging load nobody else comes
 * near), libvips' own threads, and every other thread (V8's GC and compiler helpers, libuv's pool).
 * Threads that have exited are not listed; their time is only in the process total.
 */
export function threadCpu(pid) {
  const rows = [];
  let tasks = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return {};
  }
  for (const tid of tasks) {
    try {
      const raw = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      rows.push({
        tid,
        comm: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
        secs: (Number(f[11]) + Number(f[12])) / 100,
      });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  const out = { main: 0, engine: 0, libvips: 0, other: 0 };
  const others = rows
    .filter((r) => r.tid !== String(pid) && !/vips/.test(r.comm))
    .sort((a, b) => b.secs - a.secs);
  for (const r of rows) {
    const kind =
      r.tid === String(pid) ? 'main' : /vips/.test(r.comm) ? 'libvips' : r === others[0] ? 'engine' : 'other';
    out[kind] += r.secs;
  }
  return out;
}

export function addCpu(a, b, sign = 1) {
  return Object.fromEntries(Object.keys(b).map((k) => [k, (a[k] ?? 0) + sign * b[k]]));
}
