// Stage one photo with the local engine:
//   npm run stage -- <photo> --style modern --room living-room [--variant 1] [--out file] [--debug] [--no-mark]
// --debug also writes <out>.analysis.png with the measured floor, horizon, segments and openings.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { analysisOverlaySvg } from '#server/engines/local/debug-overlay.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { applyDisclosureMark, decodeImage, encodeImage } from '#server/lib/images/index.ts';
import { ROOM_TYPES, STYLES, type RoomType, type Style } from '#shared/constants/staging.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    style: { type: 'string', default: 'modern' },
    room: { type: 'string', default: 'living-room' },
    variant: { type: 'string', default: '0' },
    out: { type: 'string' },
    debug: { type: 'boolean', default: false },
    'no-mark': { type: 'boolean', default: false },
  },
});
const input = positionals[0];
if (!input || !STYLES.includes(values.style as Style) || !ROOM_TYPES.includes(values.room as RoomType)) {
  console.error(
    `usage: npm run stage -- <photo> --style ${STYLES.join('|')} --room ${ROOM_TYPES.join('|')} [--variant N] [--out file]`,
  );
  process.exit(2);
}
const img = await decodeImage(new Uint8Array(fs.readFileSync(input)));
const engine = createLocalEngine();
const id = await engine.identify(img);
console.log(
  `identify: valid=${id.isValid} room=${id.roomType ?? '-'} confidence=${id.confidence.toFixed(2)}${id.reason ? ` reason="${id.reason}"` : ''}`,
);
for (const issue of id.issues) console.log(`  note: ${issue}`);
const t0 = performance.now();
const staged = await engine.stage(img, {
  style: values.style as Style,
  roomType: values.room as RoomType,
  variant: Number(values.variant),
  signal: new AbortController().signal,
});
const ms = performance.now() - t0;
const covered = staged.furnitureMask.reduce((n, v) => n + (v ? 1 : 0), 0) / staged.furnitureMask.length;
console.log(
  `staged in ${ms.toFixed(0)} ms, confidence ${staged.engineConfidence.toFixed(2)}, mask ${(covered * 100).toFixed(1)}%`,
);
for (const note of staged.notes) console.log(`  note: ${note}`);
const out =
  values.out ??
  path.join('data', `${path.parse(input).name}-${values.style}-${values.room}-v${values.variant}.jpg`);
fs.mkdirSync(path.dirname(out), { recursive: true });
const marked = values['no-mark'] ? staged.image : applyDisclosureMark(staged.image);
fs.writeFileSync(out, await encodeImage(marked, out.endsWith('.png') ? 'png' : 'jpeg'));
console.log(`wrote ${out}`);
if (values.debug) {
  const overlay = Buffer.from(analysisOverlaySvg(analyze(img)));
  const debugOut = out.replace(/\.\w+$/, '.analysis.png');
  await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .composite([{ input: overlay }])
    .png()
    .toFile(debugOut);
  console.log(`wrote ${debugOut}`);
}
