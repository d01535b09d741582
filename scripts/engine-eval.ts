// Evaluation of an engine plus the structure guard, the way production runs them (runWithGuard).
//   npm run engine:eval -- --pairs <dir>          recorded before/after pairs, through the replay engine
//   npm run engine:eval -- --engine local|gemini  the fixture photos through a live engine
// Options: --only <substring>, --out <png> (default data/engine-eval.png; delivered images beside it
// in engine-eval/), --verbose (the guard's measurements per photo).
// Prints one row per photo: structure score, decision, share of original pixels kept, alignment,
// time; writes a contact sheet: before | model output | delivered | change mask. With --pairs, a
// PAIRS.md beside the pairs (a "category" and a "note" column) gives the expected verdict, and the
// summary is split into tuning and held-out pairs (a fixed hash of the pair's name holds ~30 % back).
// Every delivered image is checked as the worker checks it before storing (exact size, no uncovered
// border or wedge, no stretch, no unconfirmed turn: delivery-check.ts); a pair that breaks one, or
// that cannot be staged at all (a recording the replay engine does not recognise), is a FAILED row,
// the run goes on, and the exit code is 1.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  encodeCheckedDelivery,
  renderDelivery,
  runWithGuard,
  type GuardedStaging,
  type Rendered,
} from '#server/engines/guard/index.ts';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createEngine, engineConfig } from '#server/engines/registry.ts';
import { createReplayEngine, listRecordings } from '#server/engines/replay/index.ts';
import type { RawImage, RoomImage, StagingEngine } from '#server/engines/types.ts';
import { loadEnv, type Env } from '#server/env.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { storedFailures } from './lib/delivery-assert.ts';
import { captionLines, stackTile } from './lib/sheet.ts';
import { expectations, type Expectation } from './engine-eval-expect.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string' },
    engine: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});

interface Case {
  name: string;
  file: string;
  expect: Expectation | null;
}

let engine: StagingEngine;
let replayDir: string | null = null;
let cases: Case[];
if (values.pairs) {
  const dir = path.resolve(values.pairs);
  engine = createReplayEngine({ dir });
  const expected = expectations(dir);
  cases = (await listRecordings(dir)).map((r) => ({
    name: r.name,
    file: r.before,
    expect: expected.get(r.name) ?? null,
  }));
  // Several recordings may share one "before" photo (a tool run twice): each case replays its own.
  replayDir = dir;
} else {
  const id = values.engine ?? 'local';
  engine = createEngine(engineConfig({ ...loadEnv(), STAGING_ENGINE: id as Env['STAGING_ENGINE'] }));
  cases = fixtureNames()
    .filter((f) => f.startsWith('empty-'))
    .map((f) => ({ name: f, file: path.join(FIXTURE_DIR, f), expect: null }));
}
cases = cases.filter((c) => !values.only || c.name.includes(values.only));

/** Holds a pair back from tuning: the first hex digit of sha1(name) below 5 (~31 %). */
const heldOut = (name: string) => parseInt(crypto.createHash('sha1').update(name).digest('hex')[0]!, 16) < 5;

const TW = 320;
const TH = 220;
const LABEL = 34;
async function tile(img: RawImage, lines: string[]): Promise<Buffer> {
  const body = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(TW, TH, { fit: 'contain', background: '#222' })
    .png()
    .toBuffer();
  const size = { width: TW, height: TH, label: LABEL };
  return stackTile(body, captionLines(lines, size, 58), size);
}

/** The change mask in white over a dimmed delivered image; red where the recomposition kept model pixels. */
function maskView(r: GuardedStaging, d: Rendered): RawImage {
  const { changed, width: w, height: h } = r.debug;
  const { width: W, height: H } = d.image;
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p =
        Math.min(H - 1, Math.floor(((y + 0.5) * H) / h)) * W +
        Math.min(W - 1, Math.floor(((x + 0.5) * W) / w));
      const g = d.image.data[p * 3 + 1]! * 0.3;
      const m = d.mask !== null && d.mask[p]! > 0;
      data[i * 3] = changed[i] ? 255 : m ? 200 : g;
      data[i * 3 + 1] = changed[i] ? 255 : g;
      data[i * 3 + 2] = changed[i] ? 255 : g;
    }
  return { width: w, height: h, channels: 3, data };
}

const rows: Buffer[][] = [];
const results: { c: Case; r: GuardedStaging; d: Rendered; ok: boolean | null; identical: number }[] = [];
const failed: string[] = [];
console.log(
  `${'photo'.padEnd(46)} ${'expect'.padEnd(7)} ${'score'.padStart(5)} ${'decision'.padEnd(20)} ${'kept'.padStart(5)} ${'alignment'.padEnd(40)} ${'ms'.padStart(6)}  reasons`,
);
for (const c of cases) {
  try {
    await evaluate(c);
  } catch (err) {
    failed.push(`${c.name}: ${err instanceof Error ? err.message : String(err)}`);
    console.log(
      `${c.name.slice(0, 46).padEnd(46)} FAILED  ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** The delivery guarantees on the drawn picture and on the JPEG the worker would store. */
async function deliveryCheck(img: RoomImage, r: GuardedStaging, d: Rendered): Promise<string[]> {
  const checked = await storedFailures(img, r, d);
  const out = checked.stored;
  const stored = await encodeCheckedDelivery({ ...img, data: img.data.slice() }, r.output, r.plan, {
    mark: false,
  });
  // The worker's own check on its JPEG must agree with this one on the raw drawing.
  if (stored.fellBack !== checked.fellBack)
    out.push(
      `the worker's JPEG check ${stored.fellBack ? 'fell back' : 'did not fall back'}, the raw check did not`,
    );
  if (checked.fellBack)
    console.log(`   caught by the pixel check, stored as cover: ${checked.drawn.join('; ')}`);
  return out;
}

async function evaluate(c: Case) {
  const img: RoomImage = await decodeImage(new Uint8Array(fs.readFileSync(c.file)), { maxBytes: Infinity });
  let model: RawImage | null = null;
  const caseEngine = replayDir ? createReplayEngine({ dir: replayDir, name: c.name }) : engine;
  const spy: StagingEngine = {
    id: engine.id,
    identify: (i) => caseEngine.identify(i),
    stage: async (i, req) => {
      const s = await caseEngine.stage(i, req);
      model = s.image;
      return s;
    },
  };
  const room = roomTypeFromName(path.basename(c.file)) ?? 'living-room';
  const r = await runWithGuard(spy, img, {
    style: 'modern',
    roomType: room,
    variant: 0,
    signal: new AbortController().signal,
  });
  // The plan drawn (raw, to check it): verified, not assumed, outside the mask the bytes are the photo's.
  const d = await renderDelivery(img, r.output, r.plan.render);
  let outside = 0;
  let same = 0;
  const mask = d.mask ?? new Uint8Array(0);
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) continue;
    outside++;
    if (
      d.image.data[p * 3] === img.data[p * 3] &&
      d.image.data[p * 3 + 1] === img.data[p * 3 + 1] &&
      d.image.data[p * 3 + 2] === img.data[p * 3 + 2]
    )
      same++;
  }
  const identical = outside ? same / outside : 1;
  const broken = await deliveryCheck(img, r, d);
  if (broken.length) failed.push(`${c.name}: delivery ${broken.join('; ')}`);
  // The plan followed: recompose | model | flag (retry shows as 2 attempts).
  const decision = `${r.plan.action}${r.attempts > 1 ? ', retried' : ''}`;
  const a = r.alignment;
  const align = `z${a.scaleX.toFixed(3)}/${a.scaleY.toFixed(3)} r${a.rotation.toFixed(1)} d${(a.dx * 100).toFixed(1)},${(a.dy * 100).toFixed(1)} c${a.coverage.toFixed(2)} m${a.after.toFixed(2)}`;
  const ms = r.timings.guardMs.reduce((s, v) => s + v, 0);
  const ok = c.expect
    ? c.expect.keep
      ? r.passed
      : !r.passed && (c.expect.reasons.length === 0 || c.expect.reasons.some((x) => r.reasons.includes(x)))
    : null;
  const tag = c.expect ? `${c.expect.keep ? 'keep' : 'change'}${heldOut(c.name) ? '*' : ''}` : '';
  const m = r.metrics;
  console.log(
    `${c.name.slice(0, 46).padEnd(46)} ${tag.padEnd(7)} ${r.structureScore.toFixed(2).padStart(5)} ${decision.padEnd(20)} ${(d.keptShare * 100).toFixed(0).padStart(4)}% ${align.padEnd(40)} ${String(ms).padStart(6)}  ${r.reasons.join(',')}${ok === false ? '  <-- MISMATCH' : ''}${r.plan.render.kind === 'cover' ? '  (cover: ' + r.delivery.join(',') + ')' : ''}${broken.length ? '  FAILED delivery: ' + broken.join('; ') : ''}`,
  );
  if (values.verbose)
    console.log(
      `   lines ${m.linesUpper.toFixed(2)}/${m.linesLower.toFixed(2)} surface ${m.surface.toFixed(2)} changed ${m.changedShare.toFixed(2)} high ${m.highShare.toFixed(2)} seam ${m.seam?.toFixed(1) ?? '-'}`,
    );
  const info = `lines ${m.linesUpper.toFixed(2)}/${m.linesLower.toFixed(2)} surf ${m.surface.toFixed(2)} chg ${m.changedShare.toFixed(2)} hi ${m.highShare.toFixed(2)} seam ${m.seam?.toFixed(1) ?? '-'}`;
  rows.push([
    await tile(img, [c.name, c.expect ? `${c.expect.category}: ${tag}` : '']),
    await tile(model ?? img, [
      `model ${model ? `${(model as RawImage).width}x${(model as RawImage).height}` : ''}`,
      align,
    ]),
    await tile(d.image, [
      `${r.structureScore.toFixed(2)} ${decision} kept ${(d.keptShare * 100).toFixed(0)}%`,
      r.reasons.join(', ') || 'no reasons',
    ]),
    await tile(maskView(r, d), [info, `identical outside mask ${(identical * 100).toFixed(1)}%`]),
  ]);
  results.push({ c, r, d, ok, identical });
  // Full-size delivered images, for looks at 100 % zoom.
  const full = path.join(path.dirname(values.out ?? fromRoot('data', 'engine-eval.png')), 'engine-eval');
  fs.mkdirSync(full, { recursive: true });
  await sharp(d.image.data, { raw: { width: d.image.width, height: d.image.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(path.join(full, `${c.name.replace(/[/\\]/g, '_')}${r.decision}.jpg`));
}

const summary = (label: string, list: typeof results) => {
  const keep = list.filter((x) => x.c.expect?.keep);
  const change = list.filter((x) => x.c.expect && !x.c.expect.keep);
  const n = (l: typeof results) => l.filter((x) => x.ok).length;
  console.log(
    `${label}: structure kept -> passed ${n(keep)}/${keep.length}; structure changed -> flagged with a matching reason ${n(change)}/${change.length}`,
  );
};
if (results.some((x) => x.c.expect)) {
  summary(
    'tuning   ',
    results.filter((x) => !heldOut(x.c.name)),
  );
  summary(
    'held out*',
    results.filter((x) => heldOut(x.c.name)),
  );
}
const recomposed = results.filter((x) => x.r.decision === 'recomposed');
if (recomposed.length)
  console.log(
    `recomposed ${recomposed.length}: identical outside the mask min ${(Math.min(...recomposed.map((x) => x.identical)) * 100).toFixed(1)} %`,
  );
const times = results.map((x) => x.r.timings.guardMs[0]!).sort((a, b) => a - b);
console.log(
  `guard ms per attempt: median ${times[times.length >> 1]} max ${times.at(-1)} (work at 512 px; input sizes vary)`,
);

const out = values.out ?? fromRoot('data', 'engine-eval.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
await sharp({
  create: { width: TW * 4, height: (TH + LABEL) * rows.length, channels: 3, background: '#111' },
})
  .composite(
    rows.flatMap((row, i) => row.map((input, j) => ({ input, left: j * TW, top: i * (TH + LABEL) }))),
  )
  .png()
  .toFile(out);
console.log(`wrote ${out}`);
const covers = results.filter((x) => x.r.plan.render.kind === 'cover');
console.log(
  `delivery check: ${results.length - failed.filter((f) => f.includes(': delivery ')).length}/${results.length} delivered images pass (exact size, no uncovered border or wedge, no stretch, no unconfirmed turn); ${covers.length} drawn as cover${covers.length ? ` (${covers.map((x) => x.c.name).join(', ')})` : ''}`,
);
if (failed.length) {
  console.log(`FAILED ${failed.length}:`);
  for (const f of failed) console.log(`  ${f}`);
  process.exitCode = 1;
}
