// Several model variants of one room in one style side by side, to look at the catalogue's variety.
//   npm run engine:variants -- --only empty-living-01 --style modern [--count 6] [--out file.jpg]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { FIXTURE_DIR, fixtureNames, roomTypeFromName } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { STYLES, type Style } from '#shared/constants/staging.ts';
import { shrink } from './lib/sheet.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'empty-living-01' },
    style: { type: 'string', default: 'modern' },
    count: { type: 'string', default: '6' },
    width: { type: 'string', default: '800' },
    out: { type: 'string' },
  },
});
const style = values.style as Style;
if (!STYLES.includes(style)) throw new Error(`style must be one of ${STYLES.join(', ')}`);
const file = fixtureNames().find((f) => f.includes(values.only));
if (!file) throw new Error(`no fixture matches ${values.only}`);
const engine = createLocalEngine();
const img = await shrink(
  await decodeImage(new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file)))),
  1600,
);
const room = roomTypeFromName(file) ?? 'living-room';
const tw = Number(values.width);
const tiles: Buffer[] = [];
for (let v = 0; v < Number(values.count); v++) {
  const staged = await engine.stage(
    { ...img, format: 'jpeg', bytes: new Uint8Array() },
    { style, roomType: room, variant: v, signal: new AbortController().signal },
  );
  const s = staged.image;
  console.log(
    v,
    staged.engineConfidence.toFixed(2),
    staged.layout?.pieces.map((p) => p.type).join(' '),
    staged.notes.join('; '),
  );
  tiles.push(
    await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 3 } })
      .resize(tw)
      .png()
      .toBuffer(),
  );
}
const th = Math.round((tw * img.height) / img.width);
const cols = 2;
const out = values.out ?? fromRoot('data', `variants-${path.parse(file).name}-${style}.png`);
await sharp({
  create: { width: tw * cols, height: th * Math.ceil(tiles.length / cols), channels: 3, background: '#111' },
})
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * tw, top: Math.floor(i / cols) * th })))
  .png()
  .toFile(out);
console.log(`wrote ${out}`);
