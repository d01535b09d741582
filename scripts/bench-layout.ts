// Benchmark of arranging a staging by hand (issue 31): for every empty-room fixture scaled to 12 MP,
// the engine plans its layout once (untimed), then the main piece is moved and the arrangement is
// rendered as the worker renders it: a preview (decoded at <= 1600 px, rendered, JPEG) and a save
// (full decode, render, structure guard, delivery checks, JPEG and thumbnail). One core, as a worker.
//   npm run bench:layout [-- --rounds 1]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { piecesOf, roomModelOf } from '#server/engines/local/arrange/room-model.ts';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { planStaging } from '#server/engines/local/plan-staging.ts';
import { arrange } from '#server/engines/worker/arrange-task.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { STYLES } from '#shared/constants/staging.ts';
import type { Piece } from '#shared/schemas/layout.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '1' } } });
sharp.concurrency(1);
sharp.cache(false);
const TARGET_PIXELS = 12_000_000;
const files = fixtureNames(/^(empty|edge-empty)-/);

const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? 0;
};

/** The fixture as a 12 MP JPEG, as a camera would upload it. */
async function twelveMegapixel(file: string): Promise<Uint8Array> {
  const src = fs.readFileSync(path.join(FIXTURE_DIR, file));
  const meta = await sharp(src).metadata();
  const k = Math.sqrt(TARGET_PIXELS / (meta.width * meta.height));
  const out = await sharp(src)
    .resize(Math.round(meta.width * k), Math.round(meta.height * k))
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The first piece of the main group, moved 30 cm along the wall (or back where it cannot go). */
const moved = (pieces: Piece[]) =>
  pieces.map((p, i) => (i === pieces.findIndex((q) => q.group === 0) ? { ...p, x: p.x + 0.3 } : p));

const previews: number[] = [];
const saves: number[] = [];
const previewCpu: number[] = [];
const saveCpu: number[] = [];
// CPU time of this process (the engine thread and libvips' one thread): on a shared machine the wall
// time includes waiting for a core; the CPU time is what one core spends.
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
console.log(
  `${'photo'.padEnd(36)} ${'size'.padStart(11)} ${'preview'.padStart(8)} ${'(cpu)'.padStart(7)} ${'save'.padStart(7)} ${'(cpu)'.padStart(7)}`,
);
for (const [i, file] of files.entries()) {
  const bytes = await twelveMegapixel(file);
  const img = await decodeImage(bytes);
  const style = STYLES[i % STYLES.length]!;
  const plan = await planStaging(img, {
    style,
    roomType: roomTypeFromName(file) ?? 'living-room',
    variant: 0,
  });
  const room = roomModelOf(plan);
  const pieces = moved(piecesOf(plan.items, plan.seed));
  const task = { op: 'arrange' as const, bytes: img.bytes, style, room, pieces, watermark: true };
  // Untimed once: the first render of a style loads its textures.
  if (i === 0) await arrange({ ...task, mode: 'preview' });
  for (let r = 0; r < Number(values.rounds); r++) {
    let t0 = performance.now();
    let c0 = cpuMs();
    await arrange({ ...task, mode: 'preview' });
    const preview = performance.now() - t0;
    const pCpu = cpuMs() - c0;
    t0 = performance.now();
    c0 = cpuMs();
    await arrange({ ...task, mode: 'save' });
    const save = performance.now() - t0;
    const sCpu = cpuMs() - c0;
    previews.push(preview);
    saves.push(save);
    previewCpu.push(pCpu);
    saveCpu.push(sCpu);
    console.log(
      `${file.slice(0, 36).padEnd(36)} ${`${img.width}x${img.height}`.padStart(11)} ${preview.toFixed(0).padStart(6)}ms ${pCpu.toFixed(0).padStart(5)}ms ${save.toFixed(0).padStart(5)}ms ${sCpu.toFixed(0).padStart(5)}ms`,
    );
  }
}
console.log('');
const line = (v: number[]) => `p50 ${pct(v, 0.5).toFixed(0)} ms, p95 ${pct(v, 0.95).toFixed(0)} ms`;
console.log(
  `preview (${previews.length}): wall ${line(previews)}; cpu ${line(previewCpu)} (target p95 < 700 ms)`,
);
console.log(`save (${saves.length}): wall ${line(saves)}; cpu ${line(saveCpu)} (target p95 < 1500 ms)`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.availableParallelism()} cores`,
);
