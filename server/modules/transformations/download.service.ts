import sharp from 'sharp';
import type { DisclosureMark } from '#shared/constants/disclosure.ts';
import { downloadName, type DownloadSize } from '#shared/constants/download.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { withDisclosure } from './download-disclosure.ts';
import { findOwned } from './transformations.repo.ts';

/** Plans whose subscribers get the 2x download ("High-Res Downloads" on the site). */
export const HIGH_RES_PLANS = ['pro', 'premium'] as const;
export const HIGH_RES_REFUSED = 'High-resolution downloads are included in the Pro and Premium plans.';
/** JPEG's own limit is 65,535 px a side; past this the copy would be too large to be useful. */
const MAX_SIDE = 16_000;

export function mayDownloadHighRes(user: { subscriptionPlan: string; subscriptionStatus: string }): boolean {
  return (
    (HIGH_RES_PLANS as readonly string[]).includes(user.subscriptionPlan) &&
    user.subscriptionStatus !== 'inactive'
  );
}

/**
 * The staged photo as a JPEG named after the agent's title. "standard" is the stored result, byte for byte
 * (no second compression). "2x" doubles both sides with sharp's Lanczos-3 resampler (libvips), then encodes
 * at quality 92 with full-resolution colour (4:4:4), so edges stay crisp and colour does not bleed.
 * `mark` other than "none" draws the public page's link and/or QR code into the mark (download-disclosure.ts).
 */
export async function download(
  ctx: AppContext,
  user: { id: string; subscriptionPlan: string; subscriptionStatus: string },
  id: string,
  size: DownloadSize,
  mark: DisclosureMark = 'none',
): Promise<{ body: Uint8Array; fileName: string }> {
  const { body, fileName } = await stagedJpeg(ctx, user, id, size);
  return { body: await withDisclosure(ctx, id, body, mark), fileName };
}

async function stagedJpeg(
  ctx: AppContext,
  user: { id: string; subscriptionPlan: string; subscriptionStatus: string },
  id: string,
  size: DownloadSize,
): Promise<{ body: Uint8Array<ArrayBuffer>; fileName: string }> {
  const row = await findOwned(ctx.db, id, user.id);
  const obj = row?.transformedImageUrl ? await ctx.storage.get(row.transformedImageUrl) : null;
  if (!row || !obj) throw notFound('Image not found');
  const fileName = downloadName(row, size);
  const isJpeg = obj.contentType === 'image/jpeg';
  if (size === 'standard') {
    const body = isJpeg
      ? obj.body
      : await sharp(obj.body).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    return { body: new Uint8Array(body), fileName };
  }
  if (!mayDownloadHighRes(user)) throw forbidden(HIGH_RES_REFUSED);
  const meta = await sharp(obj.body).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const scale = Math.min(2, MAX_SIDE / Math.max(w, h, 1));
  const body = await sharp(obj.body)
    .resize(Math.round(w * scale), Math.round(h * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { body: new Uint8Array(body), fileName };
}
