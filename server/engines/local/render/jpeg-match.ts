// The photo's own JPEG compression, applied to the rendered pixels too. A JPEG photo's flat areas
// are flattened and its colour is smoothed by the quantiser and chroma subsampling; a render pasted
// in after decoding keeps detail and colour noise the surrounding pixels lost, which reads as
// pasted-in. So the changed region is encoded once with the photo's quality and subsampling, on
// the photo's own 8 x 8 grid, and only the changed pixels are taken back.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

/** Rows per encoded strip: a multiple of 16, so strips keep the photo's block grid. */
const STRIP = 64;
/** Looks and sizes at or above these skip the round trip (roundTripWorthIt). */
const SKIP_QUALITY = 95;
const SKIP_PIXELS = 10_000_000;

/** The IJG base luminance table (ITU T.81 Annex K), in zig-zag order as DQT stores it. */
const IJG_LUMA = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58,
  51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103,
  62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
];

export interface JpegLook {
  /** IJG quality whose scaled base table is nearest the photo's luminance table. */
  quality: number;
  /** The chroma planes were stored at half resolution (4:2:0 or 4:2:2). */
  subsampled: boolean;
}

/** The photo's luminance quantisation and chroma subsampling, or null for anything but a baseline/progressive JPEG. */
export function jpegLook(bytes: Uint8Array): JpegLook | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let table: number[] | null = null;
  let subsampled: boolean | null = null;
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1]!;
    const len = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const body = i + 4;
    if (marker === 0xdb) {
      // One or more tables: precision/id byte, then 64 entries of 1 or 2 bytes.
      for (let p = body; p < i + 2 + len;) {
        const wide = bytes[p]! >> 4;
        const id = bytes[p]! & 15;
        const entries = Array.from({ length: 64 }, (_, k) =>
          wide ? (bytes[p + 1 + 2 * k]! << 8) | bytes[p + 2 + 2 * k]! : bytes[p + 1 + k]!,
        );
        if (id === 0) table = entries;
        p += 1 + 64 * (wide ? 2 : 1);
      }
    } else if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      // Component 1 (luma) sampling factors: above 1x1 means the chroma planes are smaller.
      const ncomp = bytes[body + 5]!;
      subsampled = ncomp === 3 && bytes[body + 7]! !== 0x11;
    }
    if (marker === 0xda) break;
    i += 2 + len;
  }
  if (!table || subsampled === null) return null;
  let best = { quality: 75, err: Infinity };
  for (let q = 1; q <= 100; q++) {
    const scale = q < 50 ? 5000 / q : 200 - 2 * q;
    let err = 0;
    for (let k = 0; k < 64; k++)
      err += Math.abs(Math.min(255, Math.max(1, Math.floor((IJG_LUMA[k]! * scale + 50) / 100))) - table[k]!);
    if (err < best.err) best = { quality: q, err };
  }
  return { quality: best.quality, subsampled };
}

/**
 * Whether the round trip is worth its cost on a `pixels`-pixel photo with this look. A large photo
 * saved at quality 95 or more without chroma subsampling is quantised in steps of one to a few
 * levels, and its render is upsampled and smooth: on the 19-MP fixture the round trip moved
 * rendered channels by 0.48 of a level on average (95% by at most 1) and cost a fifth of the
 * staging (decision 0150). Smaller photos keep it: there it is cheap and moves more (1-2 levels).
 */
export function roundTripWorthIt(look: JpegLook, pixels: number): boolean {
  return look.subsampled || look.quality < SKIP_QUALITY || pixels < SKIP_PIXELS;
}

/**
 * `img` with the pixels `mask` marks replaced by their JPEG round trip at the photo's look; the
 * rest stay byte-identical. Returns the number of pixels taken back.
 */
export async function requantize(img: RawImage, mask: Uint8Array, look: JpegLook): Promise<number> {
  const { width: W, height: H, data } = img;
  let n = 0;
  const marked = markedSpans(mask, W, H);
  // In strips of 64 rows, each cut to its changed columns: memory stays small on a 20-MP photo
  // and only the furniture's outline is encoded, not the box around all of it and its shadows.
  // Without subsampling every 8 x 8 block is encoded and decoded on its own, so taller strips give
  // the same pixels with a quarter of the calls. With it, the decoder's chroma upsampling reads the
  // next block row, which a strip's edge replaces by its own: the strips stay as they were.
  const strip = look.subsampled ? STRIP : 4 * STRIP;
  for (let top = 0; top < H; top += strip) {
    const height = Math.min(strip, H - top);
    let [x0, x1] = [W, -1];
    for (let y = top; y < top + height; y++)
      if (marked[y * 2 + 1]! >= 0) {
        x0 = Math.min(x0, marked[y * 2]!);
        x1 = Math.max(x1, marked[y * 2 + 1]!);
      }
    if (x1 < 0) continue;
    // The photo's blocks start at 0,0: 16 covers an 8 x 8 luma block and a subsampled chroma one.
    const left = x0 & ~15;
    const width = Math.min(W, (x1 | 15) + 1) - left;
    const region = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      region.set(
        data.subarray(((top + y) * W + left) * 3, ((top + y) * W + left + width) * 3),
        y * width * 3,
      );
    // Huffman table optimisation changes the file's size, never its decoded pixels: skipped.
    const round = await sharp(region, { raw: { width, height, channels: 3 } })
      .jpeg({
        quality: look.quality,
        chromaSubsampling: look.subsampled ? '4:2:0' : '4:4:4',
        mozjpeg: false,
        optimiseCoding: false,
      })
      .toBuffer()
      .then((jpeg) => sharp(jpeg).raw().toBuffer());
    for (let y = top; y < top + height; y++) {
      const lo = marked[y * 2]!;
      const hi = marked[y * 2 + 1]!;
      // A row without changes has lo = hi = -1: nothing to take back.
      if (hi < 0) continue;
      for (let x = lo, j = y * W + lo; x <= hi; x++, j++) {
        if (!mask[j]) continue;
        const p = j * 3;
        const q = ((y - top) * width + (x - left)) * 3;
        data[p] = round[q]!;
        data[p + 1] = round[q + 1]!;
        data[p + 2] = round[q + 2]!;
        n++;
      }
    }
  }
  return n;
}

/**
 * First and last marked column of each row (last -1 for none). The mask is read four bytes at a
 * time where it is aligned: most of a large photo's rows hold no change at all.
 */
function markedSpans(mask: Uint8Array, W: number, H: number): Int32Array {
  const spans = new Int32Array(H * 2);
  const words =
    mask.byteOffset % 4 === 0 ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2) : null;
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let lo = -1;
    let x = 0;
    if (words) {
      // Bytes up to the first aligned word, then whole words while they are zero.
      while (x < W && (row + x) % 4 !== 0 && !mask[row + x]) x++;
      if (x < W && (row + x) % 4 === 0) {
        let k = (row + x) >> 2;
        const end = (row + W) >> 2;
        while (k < end && words[k] === 0) k++;
        x = k * 4 - row;
      }
    }
    for (; x < W; x++)
      if (mask[row + x]) {
        lo = x;
        break;
      }
    spans[y * 2] = lo;
    spans[y * 2 + 1] = -1;
    if (lo < 0) continue;
    let hi = W - 1;
    while (!mask[row + hi]) hi--;
    spans[y * 2 + 1] = hi;
  }
  return spans;
}
