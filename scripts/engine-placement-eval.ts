// Where the local engine puts furniture, against photos annotated by hand with their open floor and
// hazards (server/engines/local/eval/placement.ts):
//   npm run engine:placement-eval -- <dir or .json>... [--out <folder>] [--styles modern,bohemian]
//                                     [--split all|tune|holdout] [--only <substring>]
// Plans each photo (no rendering) for each annotated room type and style, judges every floor
// footprint, prints a row per staging and the figures per split, and writes a contact sheet per
// split to --out (default data/placement-eval): footprints green when right, red when wrong, the
// open floor in cyan and the hazards in orange. A third of the photos, fixed by a hash of the file
// name (eval/labels.ts), is held out: tune on the rest, report on those.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { fileDigest, oneCopyPerPhoto } from '#server/engines/local/eval/copies.ts';
import { FRESH_HELD_OUT, heldOutByName } from '#server/engines/local/eval/labels.ts';
import {
  annotationSetSchema,
  judgeFootprint,
  placementFigures,
  PLACEMENT_TARGETS,
  type AnnotationSet,
  type FootprintVerdict,
  type PhotoAnnotation,
  type Pt,
  type StagingOutcome,
} from '#server/engines/local/eval/placement.ts';
import { footprintQuad } from '#server/engines/local/plan-layout.ts';
import { planStaging } from '#server/engines/local/plan-staging.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { fromRoot, projectRoot } from '#server/lib/paths.ts';
import { STYLES, type Style } from '#shared/constants/staging.ts';
import { captionLines, stackTile } from './lib/sheet.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: fromRoot('data', 'placement-eval') },
    styles: { type: 'string', default: 'modern,minimalist,bohemian' },
    split: { type: 'string', default: 'all' },
    only: { type: 'string' },
  },
});
const styles = values.styles.split(',') as Style[];
if (
  !positionals.length ||
  styles.some((s) => !STYLES.includes(s)) ||
  !['all', 'tune', 'holdout'].includes(values.split)
) {
  console.error(
    `usage: npm run engine:placement-eval -- <annotations dir or .json>... [--styles ${STYLES.join(',')}] [--split all|tune|holdout] [--out folder]`,
  );
  process.exit(2);
}

/** Every annotation set under the given paths, with its photo folder resolved. */
function loadSets(paths: string[]): { set: AnnotationSet; dir: string }[] {
  const missing = paths.find((p) => !fs.existsSync(p));
  if (missing) {
    console.error(`no annotations at ${missing}`);
    process.exit(2);
  }
  const files = paths.flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => path.join(p, f))
      : [p],
  );
  return files.flatMap((f) => {
    const parsed = annotationSetSchema.safeParse(JSON.parse(fs.readFileSync(f, 'utf8')));
    if (!parsed.success) throw new Error(`${f}: ${parsed.error.message}`);
    const dir = path.resolve(projectRoot(), parsed.data.photoDir);
    // The extra set's photos are not in git (tests/placement/README.md says how to fetch them).
    if (!fs.existsSync(dir)) {
      console.log(`skipped: ${f}: its photos are not on this machine (${dir})`);
      return [];
    }
    return [{ set: parsed.data, dir }];
  });
}

interface Row {
  outcome: StagingOutcome;
  label: string;
  photo: PhotoAnnotation;
  path: string;
  feet: { quad: Pt[]; verdict: FootprintVerdict; kind: string }[];
}

const sets = loadSets(positionals);
// The same photo annotated under two names (a fixture that is also a corpus "before") is measured once.
const skipped = oneCopyPerPhoto(
  sets.flatMap(({ set, dir }) =>
    set.photos.map((p) => ({
      file: p.file,
      digest: fileDigest(path.join(dir, p.file)),
      part: FRESH_HELD_OUT.includes(p.file) ? 'fresh' : heldOutByName(p.file) ? 'held-out' : 'tune',
    })),
  ),
);
for (const [file, copy] of skipped) console.log(`skipped: ${file} is the same photo as ${copy}`);
const rows: Row[] = [];
console.log(`${'photo / room type / style'.padEnd(70)} ${'main'.padEnd(9)} wrong/feet  what`);
for (const { set, dir } of sets) {
  for (const photo of set.photos) {
    if ((values.only && !photo.file.includes(values.only)) || skipped.has(photo.file)) continue;
    const heldOut = heldOutByName(photo.file);
    if ((values.split === 'tune' && heldOut) || (values.split === 'holdout' && !heldOut)) continue;
    const file = path.join(dir, photo.file);
    const img = await decodeImage(new Uint8Array(fs.readFileSync(file)), { maxBytes: Infinity });
    if (img.width !== photo.width || img.height !== photo.height)
      throw new Error(
        `${photo.file}: annotated at ${photo.width}x${photo.height}, decodes at ${img.width}x${img.height}`,
      );
    for (const roomType of photo.roomTypes)
      for (const style of styles) {
        const plan = await planStaging(img, { style, roomType, variant: 0 });
        const feet = plan.items
          .filter((it) => !it.onWall)
          .map((it) => {
            const quad = footprintQuad(plan.analysis, it);
            return { quad, verdict: judgeFootprint(quad, photo), kind: it.kind };
          })
          .filter((f) => f.verdict.visible);
        const wrong = feet.filter((f) => f.verdict.wrong);
        const outcome: StagingOutcome = {
          file: photo.file,
          heldOut,
          empty: photo.empty,
          mainPieceExpected: photo.mainPieceExpected,
          mainPiece: plan.placement.mainPiece,
          footprints: feet.length,
          wrongFootprints: wrong.length,
        };
        const label = `${photo.file}${heldOut ? '*' : ''} ${roomType} ${style}`;
        const main = `${plan.placement.mainPiece ? 'placed' : 'refused'}${photo.mainPieceExpected === plan.placement.mainPiece ? '' : '!'}`;
        const what = wrong
          .map((f) => `${f.kind}:${f.verdict.hazard ?? `off ${(f.verdict.outside * 100).toFixed(0)}%`}`)
          .join(' ');
        console.log(
          `${label.slice(0, 70).padEnd(70)} ${main.padEnd(9)} ${`${wrong.length}/${feet.length}`.padEnd(10)}  ${what}`,
        );
        rows.push({ outcome, label, photo, path: file, feet });
      }
  }
}

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : '-');
function report(name: string, list: Row[]) {
  if (!list.length) return;
  const f = placementFigures(list.map((r) => r.outcome));
  const photos = new Set(list.map((r) => r.outcome.file)).size;
  const wrongShare = f.stagings ? f.wrongStagings / f.stagings : NaN;
  const cov = f.coverage.of ? f.coverage.hit / f.coverage.of : NaN;
  console.log(
    `${name}: ${photos} photos, ${f.stagings} stagings; wrong placements in ${f.wrongStagings} (${pct(f.wrongStagings, f.stagings)}, target <= ${PLACEMENT_TARGETS.wrongStagingsMax * 100}%${wrongShare <= PLACEMENT_TARGETS.wrongStagingsMax ? ' ok' : ' MISSED'}); ` +
      `wrong footprints ${f.wrongFootprints}/${f.footprints}; refusals ${f.refusals}; ` +
      `main piece on empty rooms ${f.coverage.hit}/${f.coverage.of} (${pct(f.coverage.hit, f.coverage.of)}, target >= ${PLACEMENT_TARGETS.coverageMin * 100}%${cov >= PLACEMENT_TARGETS.coverageMin ? ' ok' : ' MISSED'}); ` +
      `main piece where an expert would not: ${f.placedUnexpected}`,
  );
}
console.log('');
report(
  'tune',
  rows.filter((r) => !r.outcome.heldOut),
);
report(
  'held out (*)',
  rows.filter((r) => r.outcome.heldOut),
);
// The photos added after earlier rounds had measured the held-out part (decision 0200), apart.
const fresh = (r: Row) => FRESH_HELD_OUT.includes(r.outcome.file);
report(
  'held out, earlier',
  rows.filter((r) => r.outcome.heldOut && !fresh(r)),
);
report('held out, fresh', rows.filter(fresh));
report('all', rows);

const TW = 420;
const TH = 300;
const LABEL = 36;
async function tile(r: Row): Promise<Buffer> {
  const s = Math.min(TW / r.photo.width, TH / r.photo.height);
  const w = Math.round(r.photo.width * s);
  const h = Math.round(r.photo.height * s);
  const pts = (poly: readonly Pt[]) =>
    poly.map(([x, y]) => `${(x * s).toFixed(1)},${(y * s).toFixed(1)}`).join(' ');
  const shapes = [
    ...r.photo.openFloor.map(
      (p) =>
        `<polygon points="${pts(p)}" fill="none" stroke="#0ff" stroke-width="1.5" stroke-dasharray="4 3"/>`,
    ),
    ...r.photo.hazards.map(
      (hz) =>
        `<polygon points="${pts(hz.polygon)}" fill="#f80" fill-opacity="0.18" stroke="#f80" stroke-width="1"/>`,
    ),
    ...r.feet.map(
      (f) =>
        `<polygon points="${pts(f.quad)}" fill="${f.verdict.wrong ? '#f00' : '#0f0'}" fill-opacity="0.3" stroke="${f.verdict.wrong ? '#f00' : '#0f0'}" stroke-width="2"/>`,
    ),
  ].join('');
  const drawn = await sharp(r.path)
    .resize(w, h)
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${shapes}</svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  // Extended in a second pass: in one pipeline sharp extends first and centres the overlay.
  const body = await sharp(drawn)
    .extend({ right: TW - w, bottom: TH - h, background: '#222' })
    .png()
    .toBuffer();
  const o = r.outcome;
  const lines = [
    r.label,
    `main ${o.mainPiece ? 'placed' : 'refused'} (expected ${o.mainPieceExpected ? 'yes' : 'no'}), wrong ${o.wrongFootprints}/${o.footprints}`,
  ];
  const size = { width: TW, height: TH, label: LABEL };
  const warn = (i: number) => (i === 1 && o.wrongFootprints ? '#f66' : '#eee');
  return stackTile(body, captionLines(lines, size, 70, warn), size);
}

async function sheet(name: string, list: Row[]) {
  if (!list.length) return;
  const cols = 4;
  const tiles = await Promise.all(list.map(tile));
  const th = TH + LABEL;
  const out = path.join(values.out, `${name}.png`);
  await sharp({
    create: {
      width: cols * TW,
      height: Math.ceil(tiles.length / cols) * th,
      channels: 3,
      background: '#000',
    },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % cols) * TW, top: Math.floor(i / cols) * th })))
    .png()
    .toFile(out);
  console.log(`wrote ${out}`);
}
fs.mkdirSync(values.out, { recursive: true });
await sheet(
  'tune',
  rows.filter((r) => !r.outcome.heldOut),
);
await sheet(
  'holdout',
  rows.filter((r) => r.outcome.heldOut),
);
