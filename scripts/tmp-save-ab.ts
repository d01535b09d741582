import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { piecesOf, roomModelOf } from '#server/engines/local/arrange/room-model.ts';
import { FIXTURE_DIR } from '#server/engines/local/fixture-photos.ts';
import { planStaging } from '#server/engines/local/plan-staging.ts';
import { preparePhoto, renderArrangementOn } from '#server/engines/local/arrange/index.ts';
import { borderRuns, encodeCheckedDelivery, guardStructure, guardWorkCopy } from '#server/engines/guard/index.ts';
import { decodeImage } from '#server/lib/images/index.ts';
sharp.concurrency(1);
sharp.cache(false);
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const files = process.argv.slice(2);
const res: Record<string, number[]> = { old: [], new: [] };
for (const file of files) {
  const src = fs.readFileSync(path.join(FIXTURE_DIR, file));
  const meta = await sharp(src).metadata();
  const k = Math.sqrt(12e6 / (meta.width! * meta.height!));
  const jpg = await sharp(src).resize(Math.round(meta.width! * k), Math.round(meta.height! * k)).jpeg({ quality: 90 }).toBuffer();
  const img = await decodeImage(new Uint8Array(jpg));
  const plan = await planStaging(img, { style: 'modern', roomType: 'living-room', variant: 0 });
  const room = roomModelOf(plan);
  const pieces = piecesOf(plan.items, plan.seed);
  const photo = await preparePhoto(await decodeImage(img.bytes), room);
  const borders = borderRuns(photo.img);
  const work = await guardWorkCopy(photo.img);
  let spare: Uint8Array | null = null;
  let canvas: Uint8Array | null = null;
  const outs: Record<string, Buffer> = {};
  for (let round = 0; round < 4; round++)
    for (const mode of round % 2 ? ['new', 'old'] : ['old', 'new']) {
      const c0 = cpu();
      if (mode === 'new') canvas ??= new Uint8Array(photo.img.data.length);
      const staged = await renderArrangementOn(photo, pieces, 'modern', { into: mode === 'new' ? canvas! : undefined });
      const r = await guardStructure(photo.img, staged, { canRetry: false, inputWork: mode === 'new' ? work : undefined });
      const scratch = mode === 'new' ? (spare ?? new Uint8Array(photo.img.data.length)) : undefined;
      const { image } = await encodeCheckedDelivery(photo.img, r.output, r.plan, { mark: true, photoBorders: borders, consumeInput: false, scratch });
      if (scratch) spare = scratch;
      const dt = cpu() - c0;
      if (round > 0) res[mode]!.push(dt);
      outs[mode] = Buffer.from(image);
      console.log(file, mode, r.plan.action, r.plan.render.kind, dt.toFixed(0));
    }
  console.log('same bytes', outs.old!.equals(outs.new!));
}
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const m of ['old', 'new']) console.log(m, 'guard+delivery cpu median', med(res[m]!).toFixed(0), 'mean', (res[m]!.reduce((a, b) => a + b, 0) / res[m]!.length).toFixed(0));
