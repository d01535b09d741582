// The MLS disclosure mark: listing rules require virtually staged photos to say so. A small
// white label on a translucent dark plate in one corner, sized from the image's short side so it
// stays legible on thumbnails and unobtrusive on full-size photos.
import type { RawImage } from './types.ts';
import { GLYPH_H, GLYPH_W, glyphPixel } from './font-5x7.ts';

export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export interface DisclosureMarkOptions {
  /** On by default; the operator can switch it off where local rules allow. */
  enabled?: boolean;
  text?: string;
  corner?: Corner;
  /** Cap height of the text as a share of the image's short side (default 0.022). */
  relativeSize?: number;
}

export const DEFAULT_DISCLOSURE_TEXT = 'Virtually Staged';

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Size of one font pixel in image pixels. */
  unit: number;
}

/** Where the label goes; exported so callers (and tests) can tell which pixels it covers. */
export function disclosureMarkBox(width: number, height: number, opts: DisclosureMarkOptions = {}): LabelBox {
  const text = opts.text ?? DEFAULT_DISCLOSURE_TEXT;
  const short = Math.min(width, height);
  const cols = Math.max(1, text.length * (GLYPH_W + 1) - 1);
  let unit = Math.max(1, Math.round((short * (opts.relativeSize ?? 0.022)) / GLYPH_H));
  // Never let the label take more than ~70% of the width, even for long custom texts.
  while (unit > 1 && (cols + 6) * unit > width * 0.7) unit--;
  const boxW = Math.min(width, (cols + 6) * unit);
  const boxH = Math.min(height, (GLYPH_H + 5) * unit);
  const margin = Math.round(short * 0.02);
  const corner = opts.corner ?? 'bottom-right';
  const x = corner.endsWith('right') ? width - boxW - margin : margin;
  const y = corner.startsWith('bottom') ? height - boxH - margin : margin;
  return { x: Math.max(0, x), y: Math.max(0, y), width: boxW, height: boxH, unit };
}

/** Returns a new image with the label drawn; the input is left untouched. */
export function applyDisclosureMark(img: RawImage, opts: DisclosureMarkOptions = {}): RawImage {
  const data = new Uint8Array(img.data);
  const out: RawImage = { width: img.width, height: img.height, channels: 3, data };
  drawDisclosureMark({ ...out, left: 0, top: 0 }, img.width, img.height, opts);
  return out;
}

/**
 * Draws the label in place into `target`, a rectangle of a fullW x fullH image whose top-left pixel
 * is (left, top): the whole image, or only the label's box, so a caller that streams a 12 MP image
 * into the encoder marks a few kilobytes instead of copying the frame.
 */
export function drawDisclosureMark(
  target: RawImage & { left: number; top: number },
  fullW: number,
  fullH: number,
  opts: DisclosureMarkOptions = {},
): void {
  if (opts.enabled === false) return;
  const { data } = target;
  const text = (opts.text ?? DEFAULT_DISCLOSURE_TEXT).toUpperCase();
  const box = disclosureMarkBox(fullW, fullH, opts);
  const { unit } = box;
  const radius = unit * 1.5;
  const textX = box.x + 3 * unit;
  const textY = box.y + Math.round(2.5 * unit);
  const y0 = Math.max(box.y, target.top);
  const y1 = Math.min(box.y + box.height, fullH, target.top + target.height);
  const x0 = Math.max(box.x, target.left);
  const x1 = Math.min(box.x + box.width, fullW, target.left + target.width);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const plate = roundedRectCoverage(x - box.x + 0.5, y - box.y + 0.5, box.width, box.height, radius);
      if (plate <= 0) continue;
      const gx = Math.floor((x - textX) / unit);
      const gy = Math.floor((y - textY) / unit);
      const cell = Math.floor(gx / (GLYPH_W + 1));
      const inGlyph =
        gx >= 0 && gy >= 0 && gy < GLYPH_H && gx % (GLYPH_W + 1) < GLYPH_W && cell < text.length;
      const ink = inGlyph && glyphPixel(text[cell]!, gx % (GLYPH_W + 1), gy);
      const p = ((y - target.top) * target.width + x - target.left) * 3;
      for (let c = 0; c < 3; c++) {
        // 60% dark plate keeps white text readable on any background.
        const under = data[p + c]! * (1 - 0.6 * plate) + 20 * 0.6 * plate;
        data[p + c] = Math.round(ink ? 250 : under);
      }
    }
  }
}

function roundedRectCoverage(px: number, py: number, w: number, h: number, r: number): number {
  const dx = Math.max(r - px, px - (w - r), 0);
  const dy = Math.max(r - py, py - (h - r), 0);
  return Math.max(0, Math.min(1, r - Math.hypot(dx, dy) + 0.5));
}
