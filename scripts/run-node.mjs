// Runs node with the given arguments under the allocator settings the server is measured with.
//   node scripts/run-node.mjs [node flags] <script> [args]
// glibc raises its mmap threshold each time a large block is freed, after which photo-sized
// buffers (5-30 MB: masks, render buffers) come from the heap and fragment it: a worker that has
// staged a few 12 MP photos keeps ~200 MB it no longer uses. A fixed threshold returns them to
// the OS. 2 MB keeps the many small analysis planes on the heap (mapping fresh zeroed pages for
// each of them cost ~25% of analysis time at 128 KB). Other platforms ignore these variables.
import { spawn } from 'node:child_process';
import os from 'node:os';

// Each of those blocks is fresh memory, and the engine touches ~400 MB of it per 12 MP photo: with
// 4 KB pages that is ~100k page faults per photo (a fifth of the engine's CPU time went to the
// kernel). glibc.malloc.hugetlb=1 asks for transparent huge pages on the mapped blocks (the kernel
// default here is "madvise"), which cuts the faults by two thirds; whole 2 MB pages add 10-30 MB to
// the peak RSS (bench:engine 435 -> 447 MB, loaded, side by side).
// glibc also gives each thread that allocates its own arena (up to 8 per core): sharp's and libvips'
// threads, V8's helpers and the engine worker threads each keep freed blocks below the mmap threshold
// in theirs, where no other thread reuses them. Two arenas (one per core here) cut the staging
// benchmark's peak RSS by 20-35 MB (decision 0175) at the same CPU time.
const env = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '2097152',
  MALLOC_TRIM_THRESHOLD_: '2097152',
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
  ...process.env,
};
const child = spawn(process.execPath, process.argv.slice(2), { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  console.error(`could not start node: ${err.message}`);
  process.exit(1);
});
// A child killed by a signal exits like the shell reports it: 128 + the signal's number.
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
