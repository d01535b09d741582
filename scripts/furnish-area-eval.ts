// How the guard's "furniture outside the area" check (decision 0181) behaves on real generative
// outputs with the automatic area (decision 0213): each pair of the ai-staging-pairs corpus (test input
// only, read in place) goes through the replay engine and runWithGuard as a run does; the automatic
// area of its photo (the cells the agent is shown) is measured against the kept attempt's change mask
// at several margins. Prints one row per pair (category from PAIRS.md) and writes an overlay per pair
// (the area's outline in blue, changed pixels outside the widened area in red) to --out, to judge by
// eye which flags are real furniture outside the area. The corpus' tools sent no mask, so a second
// figure stands for a strict masked model (a Fill model repaints only the mask): the tool's output,
// stretched to the photo, pasted into the photo inside the area only and guarded the same way; every
// change it makes is inside the area, so anything flagged there is a false flag of the check itself.
//   npm run engine:furnish-area-eval [-- --out /tmp/furnish-area-eval] [-- --only <substring>]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { changeOutsideArea } from '#server/engines/guard/furnish-area.ts';
import { runWithGuard } from '#server/engines/guard/index.ts';
import { automaticArea } from '#server/engines/remote/auto-area.ts';
import { paintedMask } from '#server/engines/remote/painted-mask.ts';
import { createReplayEngine, listRecordings } from '#server/engines/replay/index.ts';
import type { RawImage, RoomImage, StagingEngine } from '#server/engines/types.ts';
import { decodeImage } from '#server/lib/images/index.ts';
import type { FurnishArea } from '#shared/schemas/staging.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '../shared/corpus/ai-staging-pairs' },
    out: { type: 'string', default: '/tmp/furnish-area-eval' },
    only: { type: 'string' },
  },
});
const dir = path.resolve(values.pairs);
const MARGINS = [0.01, 0.02, 0.03];
fs.mkdirSync(values.out, { recursive: true });

// `| 1 | \`a/1-before.jpg\` / ... | category | ...`: the category column of each local pair.
const categories = new Map<string, string>();
for (const line of fs.readFileSync(path.join(dir, 'PAIRS.md'), 'utf8').split('\n')) {
  const cells = line.split('|').map((c) => c.trim());
  const m = /`([^`]+)before\.[a-z]+`/.exec(cells[2] ?? '');
  if (m && cells[9]) categories.set(m[1]!, cells[9]);
}

console.log(
  ['pair', 'category', 'area %', ...MARGINS.map((m) => `out@${m * 100}% %`), 'score', 'strict out@2% %'].join(
    '\t',
  ),
);

/** The output stretched to the photo and pasted into it inside the area only: a strict masked model. */
async function strictlyMasked(img: RawImage, out: RawImage, area: FurnishArea): Promise<RawImage> {
  const after = await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
    .resize(img.width, img.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const inside = paintedMask(area, img.width, img.height).data;
  const data = new Uint8Array(img.data);
  for (let i = 0; i < inside.length; i++) if (inside[i]) data.set(after.subarray(i * 3, i * 3 + 3), i * 3);
  return { width: img.width, height: img.height, channels: 3, data };
}

const guard = (engine: StagingEngine, img: RoomImage) =>
  runWithGuard(engine, img, {
    style: 'modern',
    roomType: 'living-room',
    variant: 0,
    signal: new AbortController().signal,
  });
for (const rec of await listRecordings(dir)) {
  if (values.only && !rec.name.includes(values.only)) continue;
  const img = await decodeImage(new Uint8Array(fs.readFileSync(rec.before)), { maxBytes: Infinity });
  const area = await automaticArea(img);
  if (!area.polygons.length) {
    console.log([rec.name, categories.get(rec.name) ?? '?', 'no floor found'].join('\t'));
    continue;
  }
  const engine = createReplayEngine({ dir, name: rec.name });
  const r = await guard(engine, img);
  const { changed, width: w, height: h } = r.debug;
  const outs = MARGINS.map((m) => changeOutsideArea(changed, w, h, area.polygons, m).share);
  const strictImage = await strictlyMasked(img, r.output, area.polygons);
  const strict = await guard(
    {
      id: 'strict-mask',
      identify: () => engine.identify(img),
      stage: () =>
        Promise.resolve({
          image: strictImage,
          furnitureMask: new Uint8Array(img.width * img.height),
          engineConfidence: 0.7,
          notes: [],
        }),
    },
    img,
  );
  const strictOut = changeOutsideArea(strict.debug.changed, w, h, area.polygons).share;
  const cellsShare = paintedMask(area.polygons, w, h).share;
  console.log(
    [
      rec.name,
      categories.get(rec.name) ?? '?',
      (cellsShare * 100).toFixed(1),
      ...outs.map((s) => (s * 100).toFixed(2)),
      r.structureScore.toFixed(2),
      (strictOut * 100).toFixed(2),
    ].join('\t'),
  );
  // The overlay at the guard's work size: the photo with the area's edge and the change outside it,
  // beside the model's output stretched to the same size (to see what the change is).
  const at = (im: typeof img | typeof r.output) =>
    sharp(im.data, { raw: { width: im.width, height: im.height, channels: 3 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
  const [data, after] = await Promise.all([at(img), at(r.output)]);
  const inside = paintedMask(area.polygons, w, h).data;
  const outsideAt = changeOutsideArea(changed, w, h, area.polygons, 0.02).mask;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const edge =
        inside[i] && (x === 0 || y === 0 || !inside[i - 1] || !inside[i - w] || x === w - 1 || y === h - 1);
      if (edge) data.set([37, 99, 235], i * 3);
      else if (outsideAt[i]) data.set([220, 38, 38], i * 3);
      else if (changed[i]) data[i * 3 + 1] = Math.min(255, data[i * 3 + 1]! + 60);
    }
  await sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .extend({ right: w, background: '#000' })
    .composite([{ input: after, raw: { width: w, height: h, channels: 3 }, left: w, top: 0 }])
    .png()
    .toFile(path.join(values.out, `${rec.name.replace(/[/]/g, '_')}.png`));
}
