// Benchmark of the local engine's photo check: identify() (features and object detector) on every
// fixture photo at full resolution, on one core, several rounds, with p50/p95 over the photos of
// 10 MP and more (a 12 MP phone photo is the budget case: p95 under 150 ms). Decoding is not timed.
// Wall-clock and CPU time of this thread are both reported; under load only the CPU time means much.
//   npm run bench:identify [-- --rounds 5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames } from '#server/engines/local/fixture-photos.ts';
import { identifyPhoto } from '#server/engines/local/identify.ts';
import { decodeImage } from '#server/lib/images/index.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
sharp.concurrency(1);
const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0;
};
const photos = await Promise.all(
  fixtureNames().map(async (f) => ({
    file: f,
    img: await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, f)))),
  })),
);
// Warm-up: the first calls also compile the code.
for (const p of photos.slice(0, 3)) await identifyPhoto(p.img);
const all: number[] = [];
const big: number[] = [];
const allCpu: number[] = [];
const bigCpu: number[] = [];
for (let round = 0; round < Number(values.rounds); round++)
  for (const { img } of photos) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await identifyPhoto(img);
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000;
    all.push(ms);
    allCpu.push(cpu);
    if (img.width * img.height >= 10e6) {
      big.push(ms);
      bigCpu.push(cpu);
    }
  }
const line = (v: number[], c: number[]) =>
  `wall p50 ${pct(v, 0.5).toFixed(1)} ms, p95 ${pct(v, 0.95).toFixed(1)} ms; cpu p50 ${pct(c, 0.5).toFixed(1)} ms, p95 ${pct(c, 0.95).toFixed(1)} ms`;
console.log(`all photos (${all.length} runs): ${line(all, allCpu)}`);
console.log(`photos >= 10 MP (${big.length} runs): ${line(big, bigCpu)} (target p95 < 150 ms)`);
