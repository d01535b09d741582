import sharp from 'sharp';
import type { DisclosureMark } from '#shared/constants/disclosure.ts';
import { downloadName, type DownloadSize } from '#shared/constants/download.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { withContentCredentials } from './content-credentials.ts';
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
 * The staged photo as a JPEG named after the agent's title, with its Content Credentials (decision 0190).
 * "standard" is the stored result's image data unchanged (no second compression; only the credential's
 * APP11 segments are added). "2x" doubles both sides with sharp's Lanczos-3 resampler (libvips), then encodes
 * at quality 92 with full-resolution colour (4:4:4), so edges stay crisp and colour does not bleed.
 * `mark` other than "none" draws the public page's link and/or QR code into the mark (download-disclosure.ts)
 * before the credential is signed, so the signature covers the pixels the agent publishes.
 */
export async function download(
  ctx: AppContext,
  user: { id: string; subscriptionPlan: string; subscriptionStatus: string },
  id: string,
  size: DownloadSize,
  mark: DisclosureMark = 'none',
): Promise<{ body: Uint8Array; fileName: string }> {
  const { row, body, fileName } = await stagedJpeg(ctx, user, id, size);
  const marked = await withDisclosure(ctx, id, body, mark);
  return { body: new Uint8Array(await withContentCredentials(ctx, row, marked)), fileName };
}

async function stagedJpeg(
  ctx: AppContext,
  user: { id: string; subscriptionPlan: string; subscriptionStatus: string },
  id: string,
  size: DownloadSize,
) {
  const row = await findOwned(ctx.db, id, user.id);
  const obj = row?.transformedImageUrl ? await ctx.storage.get(row.transformedImageUrl) : null;
  if (!row || !obj) throw notFound('Image not found');
  const fileName = downloadName(row, size);
  return { row, body: await jpegOf(obj, user, size), fileName };
}

async function jpegOf(
  obj: { body: Uint8Array; contentType: string },
  user: { subscriptionPlan: string; subscriptionStatus: string },
  size: DownloadSize,
): Promise<Uint8Array> {
  if (size === 'standard') {
    return obj.contentType === 'image/jpeg'
      ? obj.body
      : sharp(obj.body).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  }
  if (!mayDownloadHighRes(user)) throw forbidden(HIGH_RES_REFUSED);
  const meta = await sharp(obj.body).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const scale = Math.min(2, MAX_SIDE / Math.max(w, h, 1));
  return sharp(obj.body)
    .resize(Math.round(w * scale), Math.round(h * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
