import { ROOM_TYPE_LABELS } from '#shared/constants/staging.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { StoredObject } from '../../lib/storage/index.ts';
import { withContentCredentials } from './content-credentials.ts';
import * as repo from './public-links.repo.ts';
import { TOKEN_PATTERN } from './public-links.service.ts';

export interface PagePair {
  id: string;
  caption: string;
  originalSrc: string;
  stagedSrc: string;
}

export type PublicPage =
  | { state: 'live'; listingTitle: string | null; indexable: boolean; pairs: PagePair[] }
  | { state: 'withdrawn' };

/** Printed links are typed back in any case: the token is lower-case base32, so fold before looking up. */
const normalise = (token: string) => {
  const t = token.toLowerCase();
  return TOKEN_PATTERN.test(t) ? t : null;
};

async function liveLink(ctx: AppContext, rawToken: string) {
  const token = normalise(rawToken);
  const row = token ? await repo.findByToken(ctx.db, token) : null;
  if (!row) throw notFound('This link does not exist.');
  const live = row.revokedAt === null && row.keepUntil > ctx.clock();
  return { row, live, token: token! };
}

async function pairsOf(ctx: AppContext, row: repo.PublicLinkRow) {
  // Neither: the photo or batch was deleted (the link stays, so it says withdrawn).
  const rows = row.batchId
    ? await repo.batchPairs(ctx.db, row.batchId)
    : row.transformationId
      ? [await repo.pairById(ctx.db, row.transformationId)].filter((r): r is repo.PairRow => r !== null)
      : [];
  return rows.filter((r) => r.originalImageUrl && r.transformedImageUrl);
}

/** What the public page shows: never the owner's name, e-mail or account, only the photos and the title. */
export async function publicPage(ctx: AppContext, rawToken: string): Promise<PublicPage> {
  const { row, live, token } = await liveLink(ctx, rawToken);
  if (!live) return { state: 'withdrawn' };
  const pairs = (await pairsOf(ctx, row)).map((p, i, all) => ({
    id: p.id,
    // A batch photo's title is its file name, which may say nothing to a buyer: the room type does.
    caption:
      all.length > 1
        ? `Photo ${i + 1} of ${all.length}: ${ROOM_TYPE_LABELS[p.roomType as keyof typeof ROOM_TYPE_LABELS] ?? p.roomType}`
        : (ROOM_TYPE_LABELS[p.roomType as keyof typeof ROOM_TYPE_LABELS] ?? p.roomType),
    originalSrc: `/p/${token}/${p.id}/original`,
    stagedSrc: `/p/${token}/${p.id}/staged`,
  }));
  if (pairs.length === 0) return { state: 'withdrawn' };
  return { state: 'live', listingTitle: row.listingTitle, indexable: row.indexable, pairs };
}

/**
 * One image of a live page, by token: no session. A photo the link does not show answers 404. The staged
 * JPEG carries its Content Credentials like every delivered copy (decision 0190); the original is the
 * agent's own file, shown as it was uploaded.
 */
export async function publicImage(
  ctx: AppContext,
  rawToken: string,
  transformationId: string,
  kind: 'original' | 'staged',
): Promise<StoredObject | 'withdrawn'> {
  const { row, live } = await liveLink(ctx, rawToken);
  if (!live) return 'withdrawn';
  const pair = (await pairsOf(ctx, row)).find((p) => p.id === transformationId);
  const key = pair && (kind === 'original' ? pair.originalImageUrl : pair.transformedImageUrl);
  const obj = key ? await ctx.storage.get(key) : null;
  if (!pair || !obj) throw notFound('Image not found');
  if (kind === 'original' || obj.contentType !== 'image/jpeg') return obj;
  const body = await withContentCredentials(ctx, pair, obj.body);
  return { ...obj, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
}
