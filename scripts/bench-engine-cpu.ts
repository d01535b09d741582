// CPU-time variant of the engine benchmark for a shared, loaded machine: wall-clock times there
// measure the queue for the cores, so this reports the process's CPU time (user + system) per
// photo instead, which load barely changes. Same photos, styles and warm-up as bench:engine.
//   npm run bench:engine:cpu
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { STYLES } from '#shared/constants/staging.ts';

sharp.concurrency(1);
sharp.cache(false);
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const files = fixtureNames();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(p * v.length) - 1)] ?? 0;
const stage = (
  img: Awaited<ReturnType<typeof decodeImage>>,
  i: number,
  file: string,
  onPhase?: (p: string, ms: number) => void,
) =>
  createLocalEngine({ onPhase }).stage(img, {
    style: STYLES[i % STYLES.length]!,
    roomType: roomTypeFromName(file) ?? 'living-room',
    variant: 0,
    signal: new AbortController().signal,
  });
await stage(
  await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, files[0]!)))),
  0,
  files[0]!,
);
const totals: number[] = [];
const big: number[] = [];
const analyses: number[] = [];
for (const [i, file] of files.entries()) {
  collect();
  const img = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
  let c = cpuMs();
  let analysis = 0;
  const t0 = cpuMs();
  await stage(img, i, file, (p) => {
    const now = cpuMs();
    if (p === 'analysis') analysis = now - c;
    c = now;
  });
  const total = cpuMs() - t0;
  const mp = (img.width * img.height) / 1e6;
  totals.push(total);
  analyses.push(analysis);
  if (mp >= 10) big.push(total);
  console.log(
    `${file.slice(0, 36).padEnd(36)} ${mp.toFixed(1).padStart(5)} MP analysis ${analysis.toFixed(0).padStart(5)} ms cpu, total ${total.toFixed(0).padStart(5)} ms cpu`,
  );
}
console.log(
  `all (${totals.length}): cpu p50 ${pct(totals, 0.5).toFixed(0)} ms, p95 ${pct(totals, 0.95).toFixed(0)} ms; analysis p95 ${pct(analyses, 0.95).toFixed(0)} ms`,
);
console.log(
  `>= 10 MP (${big.length}): cpu p50 ${pct(big, 0.5).toFixed(0)} ms, p95 ${pct(big, 0.95).toFixed(0)} ms`,
);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
