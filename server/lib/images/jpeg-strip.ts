// A JPEG that needs no pixel change (upright, sRGB without a colour profile, 8-bit, 3 channels) is kept
// as the photographer's own compressed data with its metadata segments removed, instead of being
// re-encoded: re-encoding a 12 MP photo cost ~0.5 s of CPU at every intake (the upload and again when a
// worker stages it) and lost quality for nothing. What is removed is exactly what re-encoding dropped:
// EXIF (location, camera serials), XMP, IPTC, comments, colour-less APP2 data (multi-picture indexes)
// and anything after the end-of-image marker (a phone's embedded depth maps or previews).

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee; // Adobe: says how the decoder must convert colours; must stay.
const COM = 0xfe;

/** Markers that stand alone (no length): RST0-7 inside scans, TEM. */
const standalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;
const dropped = (m: number) => (m >= APP0 + 1 && m <= 0xef && m !== APP14) || m === COM;

/**
 * The JPEG's segments without metadata, ending at its end-of-image marker; null when the structure is
 * not the plain sequence of segments and scans expected (the caller then re-encodes).
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const keep: [number, number][] = [[0, 2]];
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === EOI) {
      keep.push([at, at + 2]);
      return concat(bytes, keep);
    }
    if (standalone(marker)) return null;
    if (at + 3 >= bytes.length) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (!dropped(marker)) keep.push([at, end]);
    at = end;
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      const start = at;
      while (at + 1 < bytes.length) {
        if (bytes[at] === 0xff) {
          const next = bytes[at + 1]!;
          if (next !== 0 && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        at++;
      }
      keep.push([start, at]);
    }
  }
  return null; // no end-of-image marker: truncated
}

function concat(bytes: Uint8Array, ranges: [number, number][]): Uint8Array {
  const out = new Uint8Array(ranges.reduce((n, [a, b]) => n + b - a, 0));
  let at = 0;
  for (const [a, b] of ranges) {
    out.set(bytes.subarray(a, b), at);
    at += b - a;
  }
  return out;
}
