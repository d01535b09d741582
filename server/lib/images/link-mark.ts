// The disclosure mark with a way to the original (issue 32, decision 0186): the "Virtually Staged" label
// plus a QR code and/or the printed short link of the public original page, on one plate in the mark's
// corner. The plate is never smaller than the plain mark, so drawn over a delivered image it hides the
// mark already there, and never larger than `maxShare` of the photo: sizes shrink until it fits.
import QRCode from 'qrcode';
import sharp from 'sharp';
import { JPEG_DELIVERY } from './decode.ts';
import { GLYPH_H, GLYPH_W, glyphPixel } from './font-5x7.ts';
import type { RawImage } from './types.ts';
import { DEFAULT_DISCLOSURE_TEXT, disclosureMarkBox } from './watermark.ts';

export type LinkMarkMode = 'link' | 'qr' | 'both';

export interface LinkMarkOptions {
  /** The page's full address: what the QR code holds. */
  url: string;
  /** The address as printed (no scheme). */
  shortLink: string;
  mode: LinkMarkMode;
  /** The plate covers at most this share of the photo's area (e.g. 0.04). */
  maxShare: number;
}

interface Text {
  text: string;
  x: number;
  y: number;
  unit: number;
}

export interface LinkMarkLayout {
  x: number;
  y: number;
  width: number;
  height: number;
  qr: { x: number; y: number; module: number; quiet: number; size: number; data: Uint8Array } | null;
  texts: Text[];
}

/** Quiet zone around the QR code, in modules: white, so scanners find the edge on any photo. */
const QUIET = 2;
const textWidth = (text: string, unit: number) => (text.length * (GLYPH_W + 1) - 1) * unit;

function measure(
  W: number,
  H: number,
  o: LinkMarkOptions,
  labelUnit: number,
  linkUnit: number,
  module: number,
  qrSize: number,
) {
  const pad = Math.max(2, 2 * labelUnit);
  const withQr = o.mode !== 'link';
  const withLink = o.mode !== 'qr';
  const qrPx = withQr ? (qrSize + 2 * QUIET) * module : 0;
  const label = DEFAULT_DISCLOSURE_TEXT.toUpperCase();
  const link = o.shortLink.toUpperCase();
  const colW = Math.max(textWidth(label, labelUnit), withLink ? textWidth(link, linkUnit) : 0);
  const colH = GLYPH_H * labelUnit + (withLink ? pad + GLYPH_H * linkUnit : 0);
  const plain = disclosureMarkBox(W, H);
  const width = Math.max(plain.width, pad + (withQr ? qrPx + pad : 0) + colW + pad);
  const height = Math.max(plain.height, pad + Math.max(qrPx, colH) + pad);
  return { pad, qrPx, colH, width, height, label, link, plain, withQr, withLink };
}

/** Where everything goes. Sizes start from the plain mark's and the photo's long side, then shrink to fit. */
export function linkMarkLayout(W: number, H: number, o: LinkMarkOptions): LinkMarkLayout {
  const qr = QRCode.create(o.url, { errorCorrectionLevel: 'M' });
  const qrSize = qr.modules.size;
  let labelUnit = disclosureMarkBox(W, H).unit;
  let linkUnit = Math.max(2, Math.round(labelUnit * 0.7));
  // ~2 px a module at 1024 px long side, ~6 px at 3000: a phone reads it from a printed flyer.
  let module = Math.max(2, Math.round(Math.max(W, H) / 500));
  const budget = o.maxShare * W * H;
  let m = measure(W, H, o, labelUnit, linkUnit, module, qrSize);
  while (m.width * m.height > budget && (linkUnit > 1 || module > 2 || labelUnit > 1)) {
    if (m.withLink && linkUnit > 1 && (linkUnit >= labelUnit || module <= 2)) linkUnit--;
    else if (m.withQr && module > 2) module--;
    else if (labelUnit > 1) labelUnit--;
    else linkUnit--;
    m = measure(W, H, o, labelUnit, linkUnit, module, qrSize);
  }
  const x = W - m.width - (W - m.plain.x - m.plain.width);
  const y = H - m.height - (H - m.plain.y - m.plain.height);
  const inner = y + m.pad;
  const contentH = Math.max(m.qrPx, m.colH);
  const colX = x + m.pad + (m.withQr ? m.qrPx + m.pad : 0);
  const colY = inner + Math.round((contentH - m.colH) / 2);
  const texts: Text[] = [{ text: m.label, x: colX, y: colY, unit: labelUnit }];
  if (m.withLink)
    texts.push({ text: m.link, x: colX, y: colY + GLYPH_H * labelUnit + m.pad, unit: linkUnit });
  return {
    x: Math.max(0, x),
    y: Math.max(0, y),
    width: m.width,
    height: m.height,
    qr: m.withQr
      ? {
          x: x + m.pad,
          y: inner + Math.round((contentH - m.qrPx) / 2),
          module,
          quiet: QUIET,
          size: qrSize,
          data: qr.modules.data,
        }
      : null,
    texts,
  };
}

/**
 * Draws the plate in place into `target`, a rectangle of the W x H image whose top-left pixel is
 * (left, top): usually only the plate's own box, cut from the delivered JPEG and laid back over it.
 */
export function drawLinkMark(
  target: RawImage & { left: number; top: number },
  W: number,
  H: number,
  layout: LinkMarkLayout,
): void {
  const { data } = target;
  const put = (x: number, y: number, v: number, alpha = 1) => {
    if (
      x < target.left ||
      y < target.top ||
      x >= target.left + target.width ||
      y >= target.top + target.height
    )
      return;
    const p = ((y - target.top) * target.width + (x - target.left)) * 3;
    for (let c = 0; c < 3; c++) data[p + c] = Math.round(data[p + c]! * (1 - alpha) + v * alpha);
  };
  // The plate: 60% dark, like the plain mark's, so white text reads on any background.
  for (let y = layout.y; y < Math.min(H, layout.y + layout.height); y++)
    for (let x = layout.x; x < Math.min(W, layout.x + layout.width); x++) put(x, y, 20, 0.6);
  for (const t of layout.texts)
    for (let gy = 0; gy < GLYPH_H * t.unit; gy++)
      for (let gx = 0; gx < textWidth(t.text, t.unit); gx++) {
        const col = Math.floor(gx / t.unit);
        const cell = Math.floor(col / (GLYPH_W + 1));
        const cx = col % (GLYPH_W + 1);
        if (cx < GLYPH_W && glyphPixel(t.text[cell]!, cx, Math.floor(gy / t.unit)))
          put(t.x + gx, t.y + gy, 250);
      }
  const q = layout.qr;
  if (q) {
    const side = (q.size + 2 * q.quiet) * q.module;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const r = Math.floor(y / q.module) - q.quiet;
        const c = Math.floor(x / q.module) - q.quiet;
        const dark = r >= 0 && c >= 0 && r < q.size && c < q.size && q.data[r * q.size + c] === 1;
        put(q.x + x, q.y + y, dark ? 0 : 255);
      }
  }
}

/**
 * The delivered JPEG with the plate laid over its corner: only the plate's box is decoded into JS and
 * drawn; libvips composites it back and re-encodes at the delivery quality.
 */
export async function addLinkMark(jpeg: Uint8Array, o: LinkMarkOptions): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  const layout = linkMarkLayout(W, H, o);
  const region = {
    left: layout.x,
    top: layout.y,
    width: Math.min(layout.width, W - layout.x),
    height: Math.min(layout.height, H - layout.y),
  };
  const under = await sharp(jpeg).extract(region).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const patch = {
    ...region,
    channels: 3 as const,
    data: new Uint8Array(under.buffer, under.byteOffset, under.byteLength),
  };
  drawLinkMark(patch, W, H, layout);
  return sharp(jpeg)
    .composite([
      {
        input: under,
        raw: { width: region.width, height: region.height, channels: 3 },
        left: region.left,
        top: region.top,
      },
    ])
    .jpeg(JPEG_DELIVERY)
    .toBuffer();
}
