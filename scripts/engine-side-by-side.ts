// Side-by-side sheet of the local engine on every empty-room fixture: before, a previous engine's
// result and the current engine's result, one row per photo.
//   npm run engine:side-by-side -- --save data/engine-prev       (stage and keep the results)
//   npm run engine:side-by-side -- --previous data/engine-prev   (stage, then write the sheet)
// The sheet goes to docs/engine/side-by-side.webp (small: it is committed).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { escapeXml, shrink, stackTile } from './lib/sheet.ts';
import { STYLES } from '#shared/constants/staging.ts';

const { values } = parseArgs({
  options: {
    save: { type: 'string' },
    previous: { type: 'string' },
    out: { type: 'string', default: 'docs/engine/side-by-side.webp' },
    'max-side': { type: 'string', default: '1600' },
  },
});
const TW = 400;
const TH = 300;
const LABEL = 20;
const engine = createLocalEngine();
// Photos the engine accepts as empty rooms (the tiny ones are refused by identify).
const files = fixtureNames(/^(empty-|edge-empty-)/);

const jpeg = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).jpeg({ quality: 88 });

async function tile(input: Buffer | null, text: string): Promise<Buffer> {
  const body = input
    ? await sharp(input).resize(TW, TH, { fit: 'contain', background: '#222' }).png().toBuffer()
    : await sharp({ create: { width: TW, height: TH, channels: 3, background: '#222' } })
        .png()
        .toBuffer();
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TW}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="6" y="14" font-family="DejaVu Sans" font-size="12" fill="#eee">${escapeXml(text)}</text></svg>`,
  );
  return stackTile(body, label, { width: TW, height: TH, label: LABEL });
}

if (values.save) fs.mkdirSync(values.save, { recursive: true });
const rows: Buffer[][] = [];
for (const [i, file] of files.entries()) {
  const decoded = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
  const id = await engine.identify(decoded);
  if (!id.isValid) {
    console.log(`${file}: refused (${id.reason})`);
    continue;
  }
  const img = await shrink(decoded, Number(values['max-side']));
  // A different style per photo, so the sheet shows every style's materials.
  const style = STYLES[i % STYLES.length]!;
  const roomType = roomTypeFromName(file) ?? id.roomType ?? 'living-room';
  const staged = await engine.stage(
    { ...img, format: 'jpeg', bytes: new Uint8Array() },
    { style, roomType, variant: 0, signal: new AbortController().signal },
  );
  const name = `${path.parse(file).name}.jpg`;
  const now = await jpeg(staged.image).toBuffer();
  if (values.save) fs.writeFileSync(path.join(values.save, name), now);
  const prevFile = values.previous ? path.join(values.previous, name) : null;
  const prev = prevFile && fs.existsSync(prevFile) ? fs.readFileSync(prevFile) : null;
  rows.push([
    await tile(await jpeg(img).toBuffer(), `${file} (before)`),
    await tile(prev, prev ? 'previous engine' : 'previous engine: not staged'),
    await tile(now, `new engine: ${style}, ${roomType}`),
  ]);
  console.log(`${file}: ${style} ${roomType}`);
}
if (values.previous) {
  const out = fromRoot(values.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sharp({
    create: { width: TW * 3, height: (TH + LABEL) * rows.length, channels: 3, background: '#111' },
  })
    .composite(
      rows.flatMap((row, r) => row.map((input, c) => ({ input, left: c * TW, top: r * (TH + LABEL) }))),
    )
    .webp({ quality: 70, effort: 6 })
    .toFile(out);
  console.log(`wrote ${values.out} (${rows.length} photos)`);
}
