// Benchmark of the structure guard on a 12 MP photo, on one core: each recorded pair's photo is
// enlarged to 4000x3000, stored as a JPEG as an upload would be, and guarded against the tool's
// real output (model-sized, as providers return it). CPU milliseconds (user + system: what one
// core pays; wall time also counts waiting on a loaded machine), per phase, in columns:
//   decode    the upload's JPEG to pixels (the worker pays it with or without a guard)
//   analysis  guardStructure: alignment, comparison, score, the delivery plan (the guard's own cost)
//   deliver   the plan drawn and streamed into the JPEG encoder, disclosure mark included, as the
//             worker does it (a recomposition blends into the decoded upload, which it consumes)
//   plain     the delivery without a guard: the model's image stretched to the photo's exact size,
//             marked and encoded (what the worker would pay anyway)
//   old       (--old) the plan drawn as a raw 12 MP frame, marked on a copy, then encoded
//   guard     analysis + (deliver - plain): what the guard adds to a delivery
// Single figures swing by 2x between rounds on a loaded machine, so each pair runs once untimed
// (code compiled, files cached), then --rounds times; rounds alternate the pairs' order and which of
// deliver / plain runs first. The summary is per pair medians (guard = median analysis + median
// deliver - median plain, never below the analysis), then p50 / p95 over the pairs, with the load
// average of each round: a figure taken at a load over the core count is not a quiet-machine figure.
//   npm run bench:guard [-- --pairs <dir>] [-- --rounds 3] [-- --only <substring>] [-- --old]
import os from 'node:os';
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
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    old: { type: 'boolean', default: false },
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

const recordings = (await listRecordings(path.resolve(values.pairs))).filter(
  (r) => !values.only || r.name.includes(values.only),
);
if (!recordings.length) throw new Error(`no pairs at ${values.pairs}`);
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
  // The worker hands over its decoded upload (consumeInput); a copy made here, untimed, stands for it.
  const consumed = { ...photo, data: photo.data.slice() };
  const streamed = () =>
    encodeDelivery(consumed, g.output, g.plan.render, { mark: true, consumeInput: true });
  const work = { width: photo.width, height: photo.height };
  const stretch = { kind: 'model' as const, affine: IDENTITY, zoom: 1, work };
  const guardless = () => encodeDelivery(photo, model, stretch, { mark: true });
  let deliver: number;
  let plain: number;
  if (round % 2) {
    [, plain] = await cpuMs(guardless);
    [, deliver] = await cpuMs(streamed);
  } else {
    [, deliver] = await cpuMs(streamed);
    [, plain] = await cpuMs(guardless);
  }
  let old = 0;
  if (values.old)
    [, old] = await cpuMs(async () => {
      const { image } = await renderDelivery(photo, g.output, g.plan.render);
      return encodeImage(applyDisclosureMark(image), 'jpeg');
    });
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

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(p * v.length) - 1)] ?? 0;
const loadavg = () => os.loadavg()[0]!.toFixed(1);
const fmt = (row: Row) => cols.map((c) => row[c].toFixed(0).padStart(8)).join(' ');

const loads = [loadavg()];
for (const r of recordings) await measure(r.name, r.after, 0);
const rows = new Map<string, (Row & { plan: string })[]>();
const head = `${'pair'.padEnd(44)} ${'round'.padStart(5)} ${cols.map((c) => c.padStart(8)).join(' ')}  plan`;
console.log(`cpu ms per phase, 12 MP (${W}x${H}), one libvips thread, ${os.cpus().length} cores\n${head}`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const order = round % 2 ? recordings : [...recordings].reverse();
  for (const r of order) {
    const row = await measure(r.name, r.after, round);
    rows.set(r.name, [...(rows.get(r.name) ?? []), row]);
    console.log(`${r.name.slice(0, 44).padEnd(44)} ${String(round).padStart(5)} ${fmt(row)}  ${row.plan}`);
  }
  loads.push(loadavg());
  console.log(`load average (1 min) after round ${round}: ${loads.at(-1)}`);
}

console.log(`\nper pair medians over ${values.rounds} rounds\n${head}`);
const medians: Row[] = [];
for (const r of recordings) {
  const all = rows.get(r.name)!;
  const m = Object.fromEntries(cols.map((c) => [c, median(all.map((x) => x[c]))])) as Row;
  m.guard = m.analysis + Math.max(0, m.deliver - m.plain);
  medians.push(m);
  console.log(`${r.name.slice(0, 44).padEnd(44)} ${'med'.padStart(5)} ${fmt(m)}  ${all[0]!.plan}`);
}
for (const p of [0.5, 0.95])
  console.log(
    `${`p${p * 100}`.padEnd(50)} ${cols
      .map((c) =>
        pct(
          medians.map((r) => r[c]),
          p,
        )
          .toFixed(0)
          .padStart(8),
      )
      .join(' ')}`,
  );
const over = medians.filter((m) => m.guard >= 300).length;
console.log(`pairs with guard >= 300 ms: ${over} of ${medians.length}`);
console.log(
  `load average (1 min) at start and after each round: ${loads.join(', ')} on ${os.cpus().length} cores`,
);
