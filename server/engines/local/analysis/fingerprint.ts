// A canonical record of everything the analysis phase produces for a photo, so a change meant to
// make the analysis faster can be shown not to change it (decision 0205): the room analysis with
// and without the room-box floor, every number at full precision, and large planes by digest.
// The detector's boxes are recorded by the script (scripts/analysis-identity.ts) only: XNNPACK picks
// its convolution kernels by CPU, so their last bits may differ between machines; the analysis
// itself is plain JavaScript (V8's fdlibm maths), the same bits on every machine.
import { createHash } from 'node:crypto';
import type { RawImage } from '#server/engines/types.ts';
import { fromRoot } from '#server/lib/paths.ts';
import { analyze } from './analyze.ts';

/**
 * Each fixture's digests, written by `npm run analysis:identity -- --digests`, read by the test: the
 * decoded pixels (JPEG decoding is libjpeg-turbo's, outside this code) and the analysis of them.
 */
export interface Digests {
  pixels: Record<string, string>;
  analysis: Record<string, string>;
}

export const DIGEST_FILE = fromRoot('server', 'engines', 'local', 'analysis', 'fingerprints.json');

/** Typed arrays as a digest of their bytes, everything else as JSON (doubles print exactly). */
export function canonical(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `${value.constructor.name}(${bytes.length}):${createHash('sha256').update(bytes).digest('hex')}`;
  }
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  // JSON would turn these into null: keep them apart from each other and from null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

/** Both analyses of `img` (the analysis phase's and the layout's second floor opinion), canonical. */
export function analysisRecord(img: RawImage): { colour: unknown; boxFloor: unknown } {
  // A fresh image object, as staging has: analyze() memoises its measurement per object, and both
  // analyses share it in this order, as in planStaging().
  const fresh = { ...img };
  const colour = canonical(analyze(fresh));
  return { colour, boxFloor: canonical(analyze(fresh, { boxFloor: true })) };
}

/** SHA-256 of a canonical record: the figure the identity test keeps per fixture. */
export const recordDigest = (record: unknown) =>
  createHash('sha256').update(JSON.stringify(record)).digest('hex');

/** SHA-256 of a decoded photo's pixels and size: what the analysis is given. */
export const pixelDigest = (img: RawImage) =>
  createHash('sha256').update(`${img.width}x${img.height}:`).update(img.data).digest('hex');
