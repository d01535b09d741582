// `npm run gallery`: stages the licensed fixture photos with the local engine and writes the before/after
// pairs the public pages show (client/assets/gallery, WebP, long side at most 1600 px). Only fixtures
// whose licence allows redistribution are used; /examples credits each one.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FIXTURE_DIR } from '#server/engines/local/fixture-photos.ts';
import { createLocalEngine } from '#server/engines/local/index.ts';
import { applyDisclosureMark, decodeImage } from '#server/lib/images/index.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';

const OUT = path.resolve('client/assets/gallery');

// `trim`: the loft photo is a video poster frame with black bars; they are cropped before staging.
export const GALLERY: {
  id: string;
  fixture: string;
  style: Style;
  roomType: RoomType;
  variant: number;
  trim?: boolean;
}[] = [
  {
    id: 'living-room',
    fixture: 'edge-empty-loft-letterbox-01.jpg',
    style: 'modern',
    roomType: 'living-room',
    variant: 0,
    trim: true,
  },
  { id: 'bedroom', fixture: 'empty-bedroom-01.jpg', style: 'scandinavian', roomType: 'bedroom', variant: 0 },
  { id: 'dining-room', fixture: 'empty-dining-01.jpg', style: 'modern', roomType: 'dining-room', variant: 0 },
  {
    id: 'loft-industrial',
    fixture: 'edge-empty-loft-letterbox-01.jpg',
    style: 'industrial',
    roomType: 'living-room',
    variant: 0,
    trim: true,
  },
];

const engine = createLocalEngine();
fs.mkdirSync(OUT, { recursive: true });
for (const g of GALLERY) {
  const source = fs.readFileSync(path.join(FIXTURE_DIR, g.fixture));
  const bytes = g.trim
    ? await sharp(source).trim({ background: '#000000', threshold: 12 }).jpeg({ quality: 95 }).toBuffer()
    : source;
  const img = await decodeImage(new Uint8Array(bytes));
  const t0 = performance.now();
  const staged = await engine.stage(img, {
    style: g.style,
    roomType: g.roomType,
    variant: g.variant,
    signal: new AbortController().signal,
  });
  const ms = performance.now() - t0;
  const after = applyDisclosureMark(staged.image);
  const toWebp = (data: Uint8Array, w: number, h: number, file: string) =>
    sharp(Buffer.from(data), { raw: { width: w, height: h, channels: 3 } })
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 74, effort: 6 })
      .toFile(path.join(OUT, file));
  const info = await toWebp(img.data, img.width, img.height, `${g.id}-before.webp`);
  await toWebp(after.data, after.width, after.height, `${g.id}-after.webp`);
  console.log(`${g.id}: ${info.width}x${info.height}, staged in ${ms.toFixed(0)} ms`);
}
