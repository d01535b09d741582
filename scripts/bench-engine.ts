// Benchmark of the local engine: stages every fixture photo at full resolution on one core and
// prints per-image analysis and total milliseconds, p50/p95 and peak RSS.
//   npm run bench:engine [-- --rounds 1]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { STYLES, type RoomType } from '#shared/constants/staging.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '1' } } });
// One core: libvips single-threaded (decode is not timed anyway), the engine itself is plain JS.
sharp.concurrency(1);
// As in the engine worker (tasks.ts): no operation cache.
sharp.cache(false);
// Run with --expose-gc (npm run bench:engine does): garbage from the previous photo is collected
// before the next one, so the peak below is what staging one photo needs, not how lazily V8
// returns the last photo's buffers.
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const files = fixtureNames();
const roomFor = (f: string): RoomType => roomTypeFromName(f) ?? 'living-room';

const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0;
};

const totals: number[] = [];
const analyses: number[] = [];
const big: number[] = [];
// Steady state, as in a worker that has served a request: one untimed run first, so the first
// photo in the table does not also pay for compiling the engine (~100 ms).
{
  const warm = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, files[0]!))));
  await createLocalEngine().stage(warm, {
    style: STYLES[0],
    roomType: roomFor(files[0]!),
    variant: 0,
    signal: new AbortController().signal,
  });
}
console.log(
  `${'photo'.padEnd(36)} ${'size'.padStart(11)} ${'MP'.padStart(5)} ${'analysis'.padStart(9)} ${'total'.padStart(7)}`,
);
for (let round = 0; round < Number(values.rounds); round++)
  for (const [i, file] of files.entries()) {
    collect();
    const img = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
    let analysis = 0;
    const engine = createLocalEngine({ onPhase: (p, ms) => p === 'analysis' && (analysis = ms) });
    const t0 = performance.now();
    await engine.stage(img, {
      style: STYLES[i % STYLES.length]!,
      roomType: roomFor(file),
      variant: round,
      signal: new AbortController().signal,
    });
    const total = performance.now() - t0;
    const mp = (img.width * img.height) / 1e6;
    totals.push(total);
    analyses.push(analysis);
    if (mp >= 10) big.push(total);
    console.log(
      `${file.slice(0, 36).padEnd(36)} ${`${img.width}x${img.height}`.padStart(11)} ${mp.toFixed(1).padStart(5)} ${analysis.toFixed(0).padStart(7)}ms ${total.toFixed(0).padStart(5)}ms`,
    );
  }
const rssMb = process.resourceUsage().maxRSS / 1024;
console.log('');
console.log(
  `all photos (${totals.length}): total p50 ${pct(totals, 0.5).toFixed(0)} ms, p95 ${pct(totals, 0.95).toFixed(0)} ms; analysis p50 ${pct(analyses, 0.5).toFixed(0)} ms, p95 ${pct(analyses, 0.95).toFixed(0)} ms`,
);
if (big.length)
  console.log(
    `photos >= 10 MP (${big.length}): total p50 ${pct(big, 0.5).toFixed(0)} ms, p95 ${pct(big, 0.95).toFixed(0)} ms (target p95 < 1500 ms)`,
  );
console.log(
  `peak RSS ${rssMb.toFixed(0)} MB (target < 500 MB; ${collect.name === 'gc' ? 'garbage collected between photos' : 'run with --expose-gc to collect garbage between photos'})`,
);
