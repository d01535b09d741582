import {
  DISCLOSURE_MAX_SHARE,
  NEEDS_PUBLIC_LINK,
  type DisclosureMark,
} from '#shared/constants/disclosure.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { addLinkMark } from '../../lib/images/index.ts';
import { liveLinkFor } from './public-links.service.ts';

/**
 * The agent's choice for one download (issue 32 item 2, decision 0186): the delivered JPEG as it is
 * ("none": the plain "Virtually Staged" mark), or with the short link and/or a QR code to the photo's
 * public original page drawn into the mark. Kept apart from the download itself, so other marks of a
 * delivered file (Content Credentials) are added in their own step.
 */
export async function withDisclosure(
  ctx: AppContext,
  transformationId: string,
  jpeg: Uint8Array,
  mark: DisclosureMark,
): Promise<Uint8Array> {
  if (mark === 'none') return jpeg;
  const link = await liveLinkFor(ctx, transformationId);
  if (!link) throw conflict(NEEDS_PUBLIC_LINK);
  const out = await addLinkMark(jpeg, { ...link, mode: mark, maxShare: DISCLOSURE_MAX_SHARE });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
