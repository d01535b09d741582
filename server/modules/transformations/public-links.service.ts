import { randomBytes } from 'node:crypto';
import { LINK_KEEP_DAYS, LINK_KEEPS_ORIGINALS } from '#shared/constants/disclosure.ts';
import type { PublicLink, PublicLinkState } from '#shared/schemas/public-links.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './public-links.repo.ts';
import type { PublicLinkRow } from './public-links.repo.ts';

const DAY_MS = 86_400_000;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 26 characters of 5 random bits each: 130 bits, lower case so the capital-only mark font prints it too. */
export const TOKEN_LENGTH = 26;
export const TOKEN_PATTERN = /^[a-z2-7]{26}$/;

export function newToken(): string {
  return [...randomBytes(TOKEN_LENGTH)].map((b) => BASE32[b & 31]).join('');
}

export const pageUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/p/${token}`;
/** The address as printed on the image: no scheme, no "www." (a phone adds them back). */
export const shortLink = (url: string) => url.replace(/^https?:\/\//, '').replace(/^www\./, '');

const isLive = (row: PublicLinkRow, now: Date) => row.revokedAt === null && row.keepUntil > now;

export function toPublicLink(ctx: AppContext, row: PublicLinkRow): PublicLink {
  const url = pageUrl(ctx.env.APP_URL, row.token);
  return {
    id: row.id,
    kind: row.batchId ? 'listing' : 'photo',
    transformationId: row.transformationId,
    batchId: row.batchId,
    url,
    shortLink: shortLink(url),
    listingTitle: row.listingTitle,
    indexable: row.indexable,
    live: isLive(row, ctx.clock()),
    keepUntil: row.keepUntil.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    notice: LINK_KEEPS_ORIGINALS,
  };
}

/**
 * Turns a page on (or gives the live one back, with the new title and indexing choice). A link past its
 * keep date that was never revoked is closed first, so the new one gets a fresh token. The images are
 * kept at least LINK_KEEP_DAYS from today, and never less than retention would keep them anyway.
 */
async function enable(
  ctx: AppContext,
  userId: string,
  target: { transformationId: string } | { batchId: string },
  createdAt: Date,
  input: { listingTitle: string | null; indexable: boolean },
): Promise<PublicLink> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.unrevokedFor(tx, target);
    if (existing && isLive(existing, now)) {
      const row = await repo.updateOwnedLink(tx, existing.id, userId, input);
      return toPublicLink(ctx, row ?? existing);
    }
    if (existing) await repo.updateOwnedLink(tx, existing.id, userId, { revokedAt: now });
    const keepUntil = new Date(
      Math.max(
        now.getTime() + LINK_KEEP_DAYS * DAY_MS,
        createdAt.getTime() + ctx.env.IMAGE_RETENTION_DAYS * DAY_MS,
      ),
    );
    const row = await repo.insertLink(tx, {
      token: newToken(),
      userId,
      ...target,
      ...input,
      keepUntil,
      createdAt: now,
    });
    return toPublicLink(ctx, row);
  });
}

export async function enableForTransformation(
  ctx: AppContext,
  userId: string,
  id: string,
  input: { listingTitle: string | null; indexable: boolean },
): Promise<PublicLink> {
  const row = await repo.ownedTransformation(ctx.db, id, userId);
  if (!row) throw notFound('Transformation not found');
  if (row.status !== 'completed' || !row.originalImageUrl || !row.transformedImageUrl)
    throw conflict('Only a finished staging whose photos are still stored can have a public page.');
  return enable(ctx, userId, { transformationId: id }, row.createdAt, input);
}

export async function enableForBatch(
  ctx: AppContext,
  userId: string,
  id: string,
  input: { listingTitle: string | null; indexable: boolean },
): Promise<PublicLink> {
  const batch = await repo.ownedBatch(ctx.db, id, userId);
  if (!batch) throw notFound('Batch not found');
  const pairs = (await repo.batchPairs(ctx.db, id)).filter(
    (p) => p.originalImageUrl && p.transformedImageUrl,
  );
  if (pairs.length === 0) throw conflict('This batch has no staged photos to show yet.');
  return enable(ctx, userId, { batchId: id }, batch.createdAt, input);
}

export async function stateForTransformation(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<PublicLinkState> {
  if (!(await repo.ownedTransformation(ctx.db, id, userId))) throw notFound('Transformation not found');
  const row = await repo.unrevokedFor(ctx.db, { transformationId: id });
  return { link: row && isLive(row, ctx.clock()) ? toPublicLink(ctx, row) : null };
}

export async function stateForBatch(ctx: AppContext, userId: string, id: string): Promise<PublicLinkState> {
  if (!(await repo.ownedBatch(ctx.db, id, userId))) throw notFound('Batch not found');
  const row = await repo.unrevokedFor(ctx.db, { batchId: id });
  return { link: row && isLive(row, ctx.clock()) ? toPublicLink(ctx, row) : null };
}

export async function revoke(ctx: AppContext, userId: string, id: string): Promise<PublicLink> {
  const row = await repo.findOwnedLink(ctx.db, id, userId);
  if (!row) throw notFound('Link not found');
  if (row.revokedAt) return toPublicLink(ctx, row);
  return toPublicLink(ctx, (await repo.updateOwnedLink(ctx.db, id, userId, { revokedAt: ctx.clock() }))!);
}

export async function setIndexable(
  ctx: AppContext,
  userId: string,
  id: string,
  indexable: boolean,
): Promise<PublicLink> {
  const row = await repo.updateOwnedLink(ctx.db, id, userId, { indexable });
  if (!row) throw notFound('Link not found');
  return toPublicLink(ctx, row);
}

/** "Keep longer": LINK_KEEP_DAYS more from the later of today and the current keep date; a new notice is due then. */
export async function extend(ctx: AppContext, userId: string, id: string): Promise<PublicLink> {
  const row = await repo.findOwnedLink(ctx.db, id, userId);
  if (!row) throw notFound('Link not found');
  const now = ctx.clock();
  if (!isLive(row, now)) throw conflict('This link is no longer live; turn the public page on again.');
  const from = Math.max(row.keepUntil.getTime(), now.getTime());
  const keepUntil = new Date(from + LINK_KEEP_DAYS * DAY_MS);
  return toPublicLink(
    ctx,
    (await repo.updateOwnedLink(ctx.db, id, userId, { keepUntil, noticeSentAt: null }))!,
  );
}

/** The live link that shows a photo (its own page, else its listing's), for the mark and DISCLOSURE.txt. */
export async function liveLinkFor(
  ctx: AppContext,
  transformationId: string,
): Promise<{ url: string; shortLink: string } | null> {
  const batchId = await repo.batchOf(ctx.db, transformationId);
  const row = await repo.liveLinkShowing(ctx.db, transformationId, batchId, ctx.clock());
  if (!row) return null;
  const url = pageUrl(ctx.env.APP_URL, row.token);
  return { url, shortLink: shortLink(url) };
}

/** The listing page's address while it is live, for DISCLOSURE.txt. */
export async function liveListingLink(ctx: AppContext, batchId: string): Promise<string | null> {
  const row = await repo.unrevokedFor(ctx.db, { batchId });
  return row && isLive(row, ctx.clock()) ? pageUrl(ctx.env.APP_URL, row.token) : null;
}
