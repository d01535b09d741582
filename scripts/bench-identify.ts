// Benchmark of the local engine's photo check: identify() on every fixture photo at full
// resolution, on one core, several rounds, with p50/p95 over the photos of 10 MP and more (a
// 12 MP phone photo is the budget case: p95 under 150 ms). Decoding is not timed.
//   npm run bench:identify [-- --rounds 5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames } from '#server/engines/local/fixture-photos.ts';
import { identifyImage } from '#server/engines/local/identify.ts';
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
for (const p of photos.slice(0, 3)) identifyImage(p.img);
const all: number[] = [];
const big: number[] = [];
for (let round = 0; round < Number(values.rounds); round++)
  for (const { img } of photos) {
    const t0 = performance.now();
    identifyImage(img);
    const ms = performance.now() - t0;
    all.push(ms);
    if (img.width * img.height >= 10e6) big.push(ms);
  }
console.log(
  `all photos (${all.length} runs): p50 ${pct(all, 0.5).toFixed(1)} ms, p95 ${pct(all, 0.95).toFixed(1)} ms`,
);
console.log(
  `photos >= 10 MP (${big.length} runs): p50 ${pct(big, 0.5).toFixed(1)} ms, p95 ${pct(big, 0.95).toFixed(1)} ms (target p95 < 150 ms)`,
);
