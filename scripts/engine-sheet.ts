// Contact sheet of the local engine on every fixture photo: before, then the six styles.
//   npm run engine:sheet [-- --max-side 1600]
// Writes data/engine-sheet.png, plus each staged image under data/engine-sheet/ for close looks.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { applyDisclosureMark, decodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { escapeXml, shrink, stackTile } from './lib/sheet.ts';
import { STYLES } from '#shared/constants/staging.ts';

const { values } = parseArgs({
  options: { 'max-side': { type: 'string', default: '1600' }, only: { type: 'string' } },
});
const maxSide = Number(values['max-side']);
const outDir = fromRoot('data', 'engine-sheet');
fs.mkdirSync(outDir, { recursive: true });
const TW = 360;
const TH = 270;
const LABEL = 22;

const label = (text: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TW}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="6" y="16" font-family="DejaVu Sans" font-size="13" fill="#eee">${escapeXml(text)}</text></svg>`,
  );

async function tile(img: RawImage | null, text: string): Promise<Buffer> {
  const body = img
    ? await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
        .resize(TW, TH, { fit: 'contain', background: '#222' })
        .png()
        .toBuffer()
    : await sharp({ create: { width: TW, height: TH, channels: 3, background: '#222' } })
        .png()
        .toBuffer();
  return stackTile(body, label(text), { width: TW, height: TH, label: LABEL });
}

const engine = createLocalEngine();
const files = fixtureNames().filter((f) => !values.only || f.includes(values.only));
const rows: Buffer[][] = [];
for (const file of files) {
  const decoded = await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file))));
  const id = await engine.identify(decoded);
  const img = await shrink(decoded, maxSide);
  const room = roomTypeFromName(file) ?? id.roomType ?? 'living-room';
  const row = [
    await tile(img, `${file.slice(0, 34)} ${id.isValid ? `ok ${id.confidence.toFixed(2)}` : 'REJECTED'}`),
  ];
  for (const style of STYLES) {
    if (!id.isValid) {
      row.push(await tile(null, style === STYLES[0] ? (id.reason ?? '').slice(0, 48) : ''));
      continue;
    }
    const t0 = performance.now();
    const staged = await engine.stage(
      { ...img, format: 'jpeg', bytes: new Uint8Array() },
      { style, roomType: room, variant: 0, signal: new AbortController().signal },
    );
    const ms = performance.now() - t0;
    const marked = applyDisclosureMark(staged.image);
    const name = `${path.parse(file).name}-${style}.jpg`;
    await sharp(marked.data, { raw: { width: marked.width, height: marked.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toFile(path.join(outDir, name));
    row.push(
      await tile(marked, `${style} ${room} ${ms.toFixed(0)}ms c=${staged.engineConfidence.toFixed(2)}`),
    );
  }
  rows.push(row);
  console.log(`${file}: ${id.isValid ? 'staged' : `rejected (${id.reason})`}`);
}
const width = TW * 7;
const height = (TH + LABEL) * rows.length;
await sharp({ create: { width, height, channels: 3, background: '#111' } })
  .composite(
    rows.flatMap((row, r) => row.map((input, c) => ({ input, left: c * TW, top: r * (TH + LABEL) }))),
  )
  .png()
  .toFile(fromRoot('data', values.only ? `engine-sheet-${values.only}.png` : 'engine-sheet.png'));
console.log(`wrote data/engine-sheet.png (${rows.length} photos) and ${outDir}/`);
