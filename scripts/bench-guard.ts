// Benchmark of the structure guard on a 12 MP photo, on one core: each recorded pair's photo is
// enlarged to 4000x3000, stored as a JPEG as an upload would be, and guarded against the tool's
// real output (model-sized, as providers return it). CPU milliseconds (user + system: what one
// core pays; wall time also counts waiting on a loaded machine), per phase, in columns:
//   decode    the upload's JPEG to pixels (the worker pays it with or without a guard)
//   analysis  guardStructure: alignment, comparison, score, the delivery plan (the guard's own cost)
//   deliver   the plan drawn and streamed into the JPEG encoder, disclosure mark included
//   plain     the delivery without a guard: the model's image stretched to the photo's exact size,
//             marked and encoded (what the worker would pay anyway)
//   old       the plan drawn as a raw 12 MP frame, marked on a copy, then encoded (the former path)
//   guard     analysis + (deliver - plain): what the guard adds to a delivery
// Each pair is run once untimed first (code compiled, files cached), then the rounds alternate
// their order (forward, backward) and the two delivery paths alternate which runs first.
//   npm run bench:guard [-- --pairs <dir>] [-- --rounds 2] [-- --only <substring>]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { IDENTITY } from '#server/engines/guard/align.ts';
import { encodeDelivery, guardStructure, renderDelivery } from '#server/engines/guard/index.ts';
import { listRecordings } from '#server/engines/replay/index.ts';
import type { RawImage } from '#server/engines/types.ts';
import { applyDisclosureMark, decodeImage, encodeImage } from '#server/lib/images/index.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '../shared/corpus/ai-staging-pairs' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
sharp.concurrency(1);
sharp.cache(false);
const W = 4000;
const H = 3000;

async function load(file: string): Promise<RawImage> {
  const s = sharp(file, { autoOrient: true, limitInputPixels: false })
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .removeAlpha();
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
}

const cpuMs = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const c0 = process.cpuUsage();
  const v = await f();
  const u = process.cpuUsage(c0);
  return [v, (u.user + u.system) / 1000];
};

const dir = path.resolve(values.pairs);
if (!fs.existsSync(dir)) throw new Error(`no pairs at ${dir}`);
const recordings = (await listRecordings(dir)).filter((r) => !values.only || r.name.includes(values.only));
// The uploads: each photo at 12 MP as a JPEG, made once, outside any timing.
const uploads = new Map<string, Uint8Array>();
for (const r of recordings)
  uploads.set(
    r.name,
    new Uint8Array(
      await sharp(r.before, { limitInputPixels: false })
        .resize(W, H, { fit: 'fill' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );

const cols = ['decode', 'analysis', 'deliver', 'plain', 'old', 'guard'] as const;
type Row = Record<(typeof cols)[number], number>;

async function measure(name: string, after: string, round: number): Promise<Row & { plan: string }> {
  const [photo, decode] = await cpuMs(() => decodeImage(uploads.get(name)!, { maxBytes: Infinity }));
  const model = await load(after);
  const staged = { image: model, furnitureMask: new Uint8Array(0), engineConfidence: 0.7, notes: [] };
  const [g, analysis] = await cpuMs(() => guardStructure(photo, staged, { canRetry: true }));
  const streamed = () => encodeDelivery(photo, g.output, g.plan.render, { mark: true });
  const materialised = async () => {
    const { image } = await renderDelivery(photo, g.output, g.plan.render);
    return encodeImage(applyDisclosureMark(image), 'jpeg');
  };
  let deliver: number;
  let old: number;
  if (round % 2) {
    [, old] = await cpuMs(materialised);
    [, deliver] = await cpuMs(streamed);
  } else {
    [, deliver] = await cpuMs(streamed);
    [, old] = await cpuMs(materialised);
  }
  const stretch = { kind: 'model' as const, affine: IDENTITY, zoom: 1, work: g.plan.render.work };
  const [, plain] = await cpuMs(() => encodeDelivery(photo, model, stretch, { mark: true }));
  const guard = analysis + Math.max(0, deliver - plain);
  return {
    decode,
    analysis,
    deliver,
    plain,
    old,
    guard,
    plan: `${g.plan.action} ${g.structureScore.toFixed(2)}`,
  };
}

for (const r of recordings) await measure(r.name, r.after, 0);
const all: Row[] = [];
const head = `${'pair'.padEnd(44)} ${'round'.padStart(5)} ${cols.map((c) => c.padStart(8)).join(' ')}  plan`;
console.log(`cpu ms per phase, 12 MP (${W}x${H}), one libvips thread\n${head}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const order = round % 2 ? recordings : [...recordings].reverse();
  for (const r of order) {
    const row = await measure(r.name, r.after, round);
    all.push(row);
    console.log(
      `${r.name.slice(0, 44).padEnd(44)} ${String(round).padStart(5)} ${cols.map((c) => row[c].toFixed(0).padStart(8)).join(' ')}  ${row.plan}`,
    );
  }
}
const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(p * v.length) - 1)] ?? 0;
for (const p of [0.5, 0.95])
  console.log(
    `${`p${p * 100}`.padEnd(50)} ${cols
      .map((c) =>
        pct(
          all.map((r) => r[c]),
          p,
        )
          .toFixed(0)
          .padStart(8),
      )
      .join(' ')}`,
  );
const [l1, l5] = (await import('node:os')).loadavg();
console.log(
  `load average ${l1!.toFixed(1)} / ${l5!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores`,
);
