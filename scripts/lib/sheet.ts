// What the contact-sheet scripts share (engine-eval, engine-sheet, engine-side-by-side): a tile is an
// image on the sheet's dark ground above its caption, and photos are shrunk before staging.
import sharp from 'sharp';
import type { RawImage } from '#server/engines/types.ts';

/** A tile's picture area and, below it, its caption strip, in pixels. */
export interface TileSize {
  width: number;
  height: number;
  label: number;
}

/** Text made safe for an SVG caption. */
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A caption strip of small lines, each cut to `maxChars`, as the SVG `stackTile` places under a picture;
 * `fill` colours a line (a warning in red), light grey by default.
 */
export function captionLines(
  lines: string[],
  size: TileSize,
  maxChars: number,
  fill: (index: number) => string = () => '#eee',
): Buffer {
  const text = lines
    .map(
      (l, i) =>
        `<text x="4" y="${14 + i * 15}" font-family="DejaVu Sans" font-size="11" fill="${fill(i)}">${escapeXml(l.slice(0, maxChars))}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.label}"><rect width="100%" height="100%" fill="#111"/>${text}</svg>`,
  );
}

/** `body` (a PNG of the picture area) above `caption` (an SVG of the strip), as one PNG tile. */
export function stackTile(body: Buffer, caption: Buffer, size: TileSize): Promise<Buffer> {
  const { width, height, label } = size;
  return sharp({ create: { width, height: height + label, channels: 3, background: '#111' } })
    .composite([
      { input: body, top: 0, left: 0 },
      { input: caption, top: height, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** `img` with its long side at most `maxSide` (staging time grows with the pixel count). */
export async function shrink(img: RawImage, maxSide: number): Promise<RawImage> {
  if (Math.max(img.width, img.height) <= maxSide) return img;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(maxSide, maxSide, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
}
