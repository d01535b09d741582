// The recordings a replay engine answers from: every `<name>before.<ext>` under a directory, paired
// with the `<name>after.<ext>` beside it (the layout of the shared before/after corpora). Inputs are
// matched by content, not by name: an upload is decoded, re-encoded and decoded again on its way to
// the engine, so its bytes (and, for JPEG, its exact pixels) differ from the recorded file's. Same
// size plus a 16x16 grey fingerprint within a few grey levels is the same photo; two different room
// photos of the same size differ by tens of grey levels on such a fingerprint. Both sides are
// fingerprinted from fully decoded pixels: reading a JPEG file straight into a 16x16 thumbnail lets
// libvips shrink it in the DCT on load, a different average than the decoded upload's, which alone
// put a recorded 450x300 photo 2.8 grey levels away from itself (the product's JPEG re-encode at
// quality 92 moves it by under 0.1).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

export interface Recording {
  name: string;
  before: string;
  after: string;
  /** As decoded: EXIF orientation applied. */
  width: number;
  height: number;
}

const FINGERPRINT = 16;
/** Mean absolute grey-level difference of the fingerprints below which two photos are the same. */
export const SAME_PHOTO_MAX_DIFF = 3;
const IMAGE = /^(.*?)before\.(jpe?g|png)$/i;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return e.isFile() ? [p] : [];
  });
}

/** Pairs under `dir`, sorted by name, with their decoded sizes (read from the headers only). */
export async function listRecordings(dir: string): Promise<Recording[]> {
  const files = walk(dir);
  const out: Recording[] = [];
  for (const before of files.sort()) {
    const m = IMAGE.exec(path.basename(before));
    if (!m) continue;
    const prefix = path.join(path.dirname(before), `${m[1]}after.`);
    const after = files.find((f) => f.startsWith(prefix) && /\.(jpe?g|png)$/i.test(f));
    if (!after) continue;
    const meta = await sharp(before).metadata();
    if (!meta.width || !meta.height) continue;
    // Orientations 5-8 swap the axes once applied.
    const swap = (meta.orientation ?? 1) >= 5;
    out.push({
      name: path.relative(dir, before).replace(/before\.[a-z]+$/i, ''),
      before,
      after,
      width: swap ? meta.height : meta.width,
      height: swap ? meta.width : meta.height,
    });
  }
  return out;
}

/** 16x16 area-averaged grey thumbnail of decoded pixels. */
export async function fingerprint(img: RawImage): Promise<Uint8Array> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(FINGERPRINT, FINGERPRINT, { fit: 'fill', kernel: 'linear' })
    .greyscale()
    .raw()
    .toBuffer();
  return new Uint8Array(data);
}

/** A recorded file decoded the way an upload is (EXIF orientation, sRGB, flattened on white). */
export async function decodeFile(file: string): Promise<RawImage> {
  const { data, info } = await sharp(file, { autoOrient: true, limitInputPixels: false })
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: 3,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** The fingerprint of a recorded file, from its decoded pixels (never a shrink-on-load thumbnail). */
export async function fileFingerprint(file: string): Promise<Uint8Array> {
  return fingerprint(await decodeFile(file));
}

export function fingerprintDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
