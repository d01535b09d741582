// Benchmark of arranging a staging by hand (issue 31): for every empty-room fixture scaled to 12 MP,
// the engine plans its layout once (untimed), then pieces are moved and the arrangement is rendered
// as the worker renders it: previews (<= 1600 px, rendered, JPEG) and a save (render, structure guard,
// delivery checks, JPEG and thumbnail). One core, as a worker. A and B in one run, photo by photo:
// "no cache" decodes and measures the photo for every task (the path before decision 0180);
// "first preview" is an agent's first (the photo decoded at preview size and kept), "preview" the
// next ones, "save" one after them (the full-size photo decoded while the agent arranged).
// Each op's phases (wall/CPU) are printed at the end: where the time goes.
//   npm run bench:layout [-- --rounds 1]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { piecesOf, roomModelOf } from '#server/engines/local/arrange/room-model.ts';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { planStaging } from '#server/engines/local/plan-staging.ts';
import { photoCache, photosPrepared } from '#server/engines/worker/arrange-cache.ts';
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

/** The first piece of the main group moved (dx, dz metres) and turned (radians): an agent's edit. */
const moved = (pieces: Piece[], dx: number, dz = 0, turn = 0) =>
  pieces.map((p, i) =>
    i === pieces.findIndex((q) => q.group === 0)
      ? { ...p, x: p.x + dx, z: p.z + dz, rotation: p.rotation + turn }
      : p,
  );
const EDITS: [number, number, number][] = [
  [-0.3, 0, 0],
  [0, 0.2, 0],
  [0.3, 0, Math.PI / 12],
];

// CPU time of this process (the engine thread and libvips' one thread): on a shared machine the wall
// time includes waiting for a core; the CPU time is what one core spends.
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

interface Timed {
  wall: number;
  cpu: number;
}
const samples = new Map<string, Timed[]>();
const spans = new Map<string, Map<string, Timed>>();
const record = (op: string, t: Timed) => samples.set(op, [...(samples.get(op) ?? []), t]);

/** Runs one op, recording its wall and CPU time and those of each phase the task marks. */
async function timed(op: string, run: (span: (name: string) => void) => Promise<unknown>): Promise<Timed> {
  const t0 = performance.now();
  const c0 = cpuMs();
  let [tw, tc] = [t0, c0];
  const mine = spans.get(op) ?? new Map<string, Timed>();
  spans.set(op, mine);
  await run((name) => {
    const [w, c] = [performance.now(), cpuMs()];
    const s = mine.get(name) ?? { wall: 0, cpu: 0 };
    mine.set(name, { wall: s.wall + w - tw, cpu: s.cpu + c - tc });
    [tw, tc] = [w, c];
  });
  const t = { wall: performance.now() - t0, cpu: cpuMs() - c0 };
  record(op, t);
  return t;
}

const fmt = (t: Timed) => `${t.wall.toFixed(0).padStart(6)}ms ${t.cpu.toFixed(0).padStart(5)}ms`;
const same = (a: { image: Uint8Array }, b: { image: Uint8Array }) =>
  Buffer.from(a.image).equals(Buffer.from(b.image));
let identical = 0;
console.log(
  `${'photo'.padEnd(30)} ${'size'.padStart(9)} ${'no-cache prv'.padStart(14)} ${'preview'.padStart(14)} ${'no-cache save'.padStart(14)} ${'save'.padStart(14)}  (wall, cpu)`,
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
  const pieces = piecesOf(plan.items, plan.seed);
  const base = {
    op: 'arrange' as const,
    bytes: img.bytes,
    style,
    room,
    pieces: moved(pieces, 0.3),
    watermark: true,
  };
  const task = { ...base, key: `bench-${i}` };
  // Untimed once: the first render of a style loads its textures.
  if (i === 0) await arrange({ ...base, mode: 'preview' });
  for (let r = 0; r < Number(values.rounds); r++) {
    photoCache.clear();
    const a = await timed('preview (no cache)', (span) => arrange({ ...base, mode: 'preview' }, span));
    await timed('first preview', (span) => arrange({ ...task, mode: 'preview' }, span));
    await photosPrepared();
    const b = await timed('preview', (span) => arrange({ ...task, mode: 'preview' }, span));
    for (const [dx, dz, turn] of EDITS)
      await timed('preview', (span) =>
        arrange({ ...task, pieces: moved(pieces, dx, dz, turn), mode: 'preview' }, span),
      );
    const sa = await timed('save (no cache)', (span) => arrange({ ...base, mode: 'save' }, span));
    const sb = await timed('save', (span) => arrange({ ...task, mode: 'save' }, span));
    // The same arrangement from a kept photo and from scratch: the same bytes.
    const [pa, pb, xa, xb] = await Promise.all([
      arrange({ ...base, mode: 'preview' }),
      arrange({ ...task, mode: 'preview' }),
      arrange({ ...base, mode: 'save' }),
      arrange({ ...task, mode: 'save' }),
    ]);
    if (same(pa, pb) && same(xa, xb)) identical++;
    console.log(
      `${file.slice(0, 30).padEnd(30)} ${`${img.width}x${img.height}`.padStart(9)} ${fmt(a)} ${fmt(b)} ${fmt(sa)} ${fmt(sb)}`,
    );
  }
}
console.log(
  `\nkept photo vs from scratch: identical preview and save bytes on ${identical} of ${files.length * Number(values.rounds)}`,
);
console.log('');
const line = (v: number[]) => `p50 ${pct(v, 0.5).toFixed(0)} ms, p95 ${pct(v, 0.95).toFixed(0)} ms`;
const TARGETS: Record<string, number> = { preview: 700, save: 1500, 'first preview': 700 };
for (const [op, v] of samples)
  console.log(
    `${op} (${v.length}): wall ${line(v.map((t) => t.wall))}; cpu ${line(v.map((t) => t.cpu))}` +
      (TARGETS[op] ? ` (target p95 < ${TARGETS[op]} ms)` : ''),
  );
// Where the time goes: each phase's mean over the op's runs, wall and CPU.
for (const [op, phases] of spans) {
  const n = samples.get(op)?.length ?? 1;
  const parts = [...phases].map(
    ([name, t]) => `${name} ${(t.wall / n).toFixed(0)}/${(t.cpu / n).toFixed(0)}`,
  );
  console.log(`${op} phases, mean wall/cpu ms: ${parts.join(', ')}`);
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.availableParallelism()} cores`,
);
