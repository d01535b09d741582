// Benchmark of the structure guard on a 12 MP photo, on one core: each recorded pair's photo is
// enlarged to 4000x3000 and guarded against the tool's real output (model-sized, as providers
// return it). Prints wall and CPU milliseconds per pair (CPU time, user + system, is what one core
// pays; wall time also counts waiting on a loaded machine), the decision, and p50/p95.
//   npm run bench:guard [-- --pairs <dir>] [-- --rounds 2]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { guardStructure } from '#server/engines/guard/index.ts';
import { listRecordings } from '#server/engines/replay/index.ts';
import type { RawImage } from '#server/engines/types.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '../shared/corpus/ai-staging-pairs' },
    rounds: { type: 'string', default: '1' },
  },
});
sharp.concurrency(1);
sharp.cache(false);
const W = 4000;
const H = 3000;

async function load(file: string, size?: [number, number]): Promise<RawImage> {
  let s = sharp(file, { autoOrient: true, limitInputPixels: false })
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .removeAlpha();
  if (size) s = s.resize(size[0], size[1], { fit: 'fill' });
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: 3,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

const dir = path.resolve(values.pairs);
if (!fs.existsSync(dir)) throw new Error(`no pairs at ${dir}`);
const recordings = await listRecordings(dir);
const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(p * v.length) - 1)] ?? 0;
const wall: number[] = [];
const cpu: number[] = [];
// One untimed run: the first guard also compiles its code.
{
  const r = recordings[0]!;
  await guardStructure(await load(r.before, [W, H]), {
    image: await load(r.after),
    furnitureMask: new Uint8Array(0),
    engineConfidence: 0.7,
    notes: [],
  });
}
console.log(`${'pair'.padEnd(46)} ${'wall ms'.padStart(8)} ${'cpu ms'.padStart(7)}  decision`);
for (let round = 0; round < Number(values.rounds); round++)
  for (const r of recordings) {
    const input = await load(r.before, [W, H]);
    const image = await load(r.after);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const g = await guardStructure(input, {
      image,
      furnitureMask: new Uint8Array(0),
      engineConfidence: 0.7,
      notes: [],
    });
    const ms = performance.now() - t0;
    const used = process.cpuUsage(c0);
    const cpuMs = (used.user + used.system) / 1000;
    wall.push(ms);
    cpu.push(cpuMs);
    console.log(
      `${r.name.slice(0, 46).padEnd(46)} ${ms.toFixed(0).padStart(8)} ${cpuMs.toFixed(0).padStart(7)}  ${g.decision} ${g.structureScore.toFixed(2)}`,
    );
  }
console.log(
  `12 MP (${W}x${H}), one libvips thread: wall p50 ${pct(wall, 0.5).toFixed(0)} p95 ${pct(wall, 0.95).toFixed(0)} ms; cpu p50 ${pct(cpu, 0.5).toFixed(0)} p95 ${pct(cpu, 0.95).toFixed(0)} ms`,
);
