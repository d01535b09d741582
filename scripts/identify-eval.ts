// Measures the local engine's photo check on labelled photos: confusion table (interior or not, room
// type claimed vs true, furnished flag), precision and recall, p95 and the slowest photo.
//   npm run identify:eval -- <dir with labels.csv, or the fixture folder> [--sample N]
//     [--split all|tune|holdout] [--check] [--list]
// --check exits 1 when a target is missed; --list prints every photo that was judged wrongly.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames } from '#server/engines/local/fixture-photos.ts';
import { MIN_SHORT_SIDE } from '#server/engines/local/identify.ts';
import { conflictingCopies, fileDigest, oneCopyPerPhoto } from '#server/engines/local/eval/copies.ts';
import { judgePhoto } from '#server/engines/local/eval/judge.ts';
import { inSplit, loadLabels, sample, type Split } from '#server/engines/local/eval/labels.ts';
import {
  computeFigures,
  formatReport,
  missedTargets,
  type PhotoResult,
} from '#server/engines/local/eval/metrics.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    sample: { type: 'string' },
    split: { type: 'string', default: 'all' },
    check: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});
const dir = positionals[0];
if (!dir || !fs.existsSync(dir)) {
  console.error(
    'usage: npm run identify:eval -- <dir with labels.csv> [--sample N] [--split all|tune|holdout] [--check] [--list]',
  );
  process.exit(2);
}
const split = values.split as Split;
if (!['all', 'tune', 'holdout'].includes(split)) {
  console.error('--split must be all, tune or holdout');
  process.exit(2);
}
// One core, as the engine worker runs; decoding is not timed.
sharp.concurrency(1);
const labelled = loadLabels(dir);
const digest = new Map(labelled.map((p) => [p.file, fileDigest(path.resolve(dir, p.file))]));
// A photo filed twice with two labels has no known truth; one filed twice counts once; a held-out copy
// of a photo tuned on (the tune split, or a fixture the rules were written on) is not held out.
const conflicts = conflictingCopies(
  labelled.map((p) => ({ file: p.file, digest: digest.get(p.file)!, label: p.subject })),
);
const fixtures =
  path.resolve(dir) === FIXTURE_DIR
    ? []
    : fixtureNames().map((f) => ({
        file: `fixture ${f}`,
        digest: fileDigest(path.join(FIXTURE_DIR, f)),
        part: 'tune' as const,
      }));
const skipped = oneCopyPerPhoto([
  ...fixtures,
  ...labelled.map((p) => ({
    file: p.file,
    digest: digest.get(p.file)!,
    part: inSplit(p, 'tune') ? ('tune' as const) : ('held-out' as const),
  })),
]);
for (const file of conflicts) console.log(`skipped: ${file} is the same photo as another with another label`);
for (const [file, copy] of skipped)
  if (!conflicts.has(file)) console.log(`skipped: ${file} is the same photo as ${copy}`);
let photos = labelled.filter((p) => inSplit(p, split) && !conflicts.has(p.file) && !skipped.has(p.file));
if (values.sample) photos = sample(photos, Number(values.sample));

const results: PhotoResult[] = [];
// Warm-up: the first call also pays for compiling the code and loading the detector.
if (photos[0]) await judgePhoto(dir, photos[0]);
for (const photo of photos) results.push(await judgePhoto(dir, photo));
const figures = computeFigures(results, MIN_SHORT_SIDE);
console.log(formatReport(figures, `${dir} (${results.length} photos, split ${split})`));
if (values.list) {
  console.log('\nwrongly judged:');
  for (const x of results) {
    const p = x.photo;
    const sized = x.short >= MIN_SHORT_SIDE;
    const wrong =
      (p.interior && sized && !x.isValid) ||
      (!p.interior && x.isValid) ||
      (x.roomType !== null && x.roomType !== p.roomType) ||
      (p.furnished !== null && sized && x.isValid && x.furnished !== p.furnished);
    if (wrong)
      console.log(
        `  ${path.relative(process.cwd(), path.resolve(dir, p.file)).padEnd(40)} ${p.subject.padEnd(11)} -> ${x.isValid ? `accepted ${x.roomType ?? '-'}${x.furnished ? ' furnished' : ''}` : `refused: ${x.reason}`}`,
      );
  }
}
const missed = missedTargets(figures);
if (missed.length) console.log(`\nbelow target:\n  ${missed.join('\n  ')}`);
else console.log('\nall measurable targets met');
if (values.check && missed.length) process.exit(1);
