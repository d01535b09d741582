// One labelled photo through the photo check, as the eval script and the corpus test both judge it.
import fs from 'node:fs';
import path from 'node:path';
import { decodeImage } from '../../../lib/images/index.ts';
import { identifyPhoto } from '../identify.ts';
import type { LabelledPhoto } from './labels.ts';
import type { PhotoResult } from './metrics.ts';

/** Decodes `photo` from `dir` (or its absolute path) and checks it; `ms` is the CPU time of the check alone, not the decode. */
export async function judgePhoto(dir: string, photo: LabelledPhoto): Promise<PhotoResult> {
  const img = await decodeImage(new Uint8Array(fs.readFileSync(path.resolve(dir, photo.file))));
  // CPU time of this thread: on a shared machine wall-clock time mostly measures the neighbours.
  const t0 = process.cpuUsage();
  const id = await identifyPhoto(img);
  const used = process.cpuUsage(t0);
  return {
    photo,
    short: Math.min(img.width, img.height),
    isValid: id.isValid,
    reason: id.reason,
    roomType: id.roomType,
    furnished: id.furnished ?? false,
    ms: (used.user + used.system) / 1000,
  };
}
