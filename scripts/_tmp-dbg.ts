import fs from 'node:fs';
import sharp from 'sharp';
import { decodeImage } from '#server/lib/images/index.ts';
import { analyze } from '#server/engines/local/analysis/analyze.ts';
import { analysisOverlaySvg } from '#server/engines/local/debug-overlay.ts';
const dir = '/work/shared/fixtures/rooms/';
const files = fs.readdirSync(dir).filter((f) => /^(empty|edge|furn).*\.(jpg|png)$/.test(f));
const tiles = [];
for (const f of files) {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(dir + f)));
  const a = analyze(img);
  const full = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .composite([{ input: Buffer.from(analysisOverlaySvg(a)) }]).png().toBuffer();
  tiles.push(await sharp(full).resize(480, 360, { fit: 'contain' }).png().toBuffer());
}
const cols = 4;
const rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols * 480, height: rows * 360, channels: 3, background: '#222' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * 480, top: Math.floor(i / cols) * 360 })))
  .png().toFile('data/dbg/analysis.png');
