// Arranging a local-engine staging by hand (issue 31, decision 0157): read its layout and the room's
// catalogue, preview an arrangement, save one as the transformation's next version. Free: no credits
// move and no free regeneration is used (the agent is finishing the same staging); previews are
// rate-limited per account. Every piece is judged by the engine's own floor rule before any render.
import crypto from 'node:crypto';
import { CATALOGUE, LAYOUT_MESSAGES, PIECE_LABELS, PREVIEW_LIMIT } from '#shared/constants/layout.ts';
import { crowded } from '#shared/layout/apart.ts';
import type { RoomType, Style } from '#shared/constants/staging.ts';
import type { LayoutResponse, Piece, RoomModel } from '#shared/schemas/layout.ts';
import type { AppContext } from '../../context.ts';
import { floorSceneOfModel, judgeDrop } from '../../engines/local/arrange/index.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import { findRoom, insertVersion, listVersions } from './layouts.repo.ts';
import { findOwned, type TransformationRow } from './transformations.repo.ts';
import { imageUrl } from './transformations.service.ts';

const NOT_FOUND = 'Transformation not found';
const PREVIEW_WINDOW_MS = 60_000;

/** The owner's transformation and its room; another user's answers the same 404 as a missing one. */
async function arrangeable(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<{ row: TransformationRow; room: RoomModel }> {
  const row = await findOwned(ctx.db, id, userId);
  if (!row) throw notFound(NOT_FOUND);
  const room = await findRoom(ctx.db, id, userId);
  if (!room)
    throw conflict(
      row.engine && row.engine !== 'local' ? LAYOUT_MESSAGES.notLocal : LAYOUT_MESSAGES.noLayout,
    );
  if (row.status !== 'completed' || !row.originalImageUrl || !row.transformedImageUrl)
    throw conflict(LAYOUT_MESSAGES.notReady);
  return { row, room };
}

export async function getLayout(ctx: AppContext, userId: string, id: string): Promise<LayoutResponse> {
  const { row, room } = await arrangeable(ctx, userId, id);
  const versions = await listVersions(ctx.db, id);
  const latest = versions[0];
  if (!latest) throw conflict(LAYOUT_MESSAGES.noLayout);
  return {
    version: latest.version,
    room,
    pieces: latest.pieces,
    catalogue: CATALOGUE[row.roomType as RoomType].map((type) => ({ type, label: PIECE_LABELS[type] })),
    versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString() })),
  };
}

/**
 * Refuses an arrangement the room cannot hold, before anything is rendered or counted: a duplicate
 * id (400), a piece neither in the room's catalogue nor placed by the engine (422), an unrealistic
 * size, a piece off the floor, through a wall, on something in the photo or on another piece (422,
 * with the reason).
 */
async function checkPieces(ctx: AppContext, row: TransformationRow, room: RoomModel, pieces: Piece[]) {
  const ids = new Set(pieces.map((p) => p.id));
  if (ids.size !== pieces.length) throw badRequest(LAYOUT_MESSAGES.duplicateId);
  const versions = await listVersions(ctx.db, row.id);
  const placed = new Set(versions.flatMap((v) => v.pieces.map((p) => p.type)));
  const catalogue = CATALOGUE[row.roomType as RoomType];
  const scene = floorSceneOfModel(room);
  for (const p of pieces) {
    if (!catalogue.includes(p.type) && !placed.has(p.type))
      throw new AppError('unprocessable', LAYOUT_MESSAGES.unknownPiece(PIECE_LABELS[p.type]));
    const verdict = judgeDrop(room, p, scene);
    if (!verdict.ok) throw new AppError('unprocessable', verdict.message);
  }
  // A piece added or moved since the latest version may not stand on another (decision 0180).
  const onAnother = crowded(pieces, versions[0]?.pieces ?? []);
  if (onAnother) throw new AppError('unprocessable', onAnother.message);
}

/** Renders the arrangement on the stored original in the engine pool, for a preview or a save. */
async function render(
  ctx: AppContext,
  mode: 'preview' | 'save',
  row: TransformationRow,
  room: RoomModel,
  pieces: Piece[],
) {
  const original = await ctx.storage.get(row.originalImageUrl!);
  if (!original) throw conflict(LAYOUT_MESSAGES.notReady);
  return ctx.pool.run({
    op: 'arrange',
    mode,
    bytes: new Uint8Array(original.body.buffer, original.body.byteOffset, original.body.byteLength),
    // The worker keeps this photo decoded and measured between the agent's previews and saves.
    key: `${row.id}:${row.originalImageUrl}`,
    style: row.style as Style,
    room,
    pieces,
    watermark: ctx.env.WATERMARK,
  });
}

export async function preview(
  ctx: AppContext,
  userId: string,
  id: string,
  pieces: Piece[],
): Promise<Uint8Array> {
  const { row, room } = await arrangeable(ctx, userId, id);
  await checkPieces(ctx, row, room, pieces);
  // Counted only once the arrangement is valid: a refused one renders nothing and costs nothing.
  const r = await hit(
    ctx.db,
    `layout-preview:${userId}`,
    { limit: PREVIEW_LIMIT.perMinute, windowMs: PREVIEW_WINDOW_MS },
    ctx.clock(),
  );
  if (!r.allowed) throw tooManyRequests(LAYOUT_MESSAGES.previewLimit, r.retryAfterSeconds);
  const out = await render(ctx, 'preview', row, room, pieces);
  return out.image;
}

/** Renders and stores the arrangement as the next version; its images become the result. */
export async function save(
  ctx: AppContext,
  userId: string,
  id: string,
  pieces: Piece[],
): Promise<{ version: number; transformedImageUrl: string }> {
  const { row, room } = await arrangeable(ctx, userId, id);
  await checkPieces(ctx, row, room, pieces);
  const out = await render(ctx, 'save', row, room, pieces);
  const keys = versionKeys(row.createdAt);
  await ctx.storage.put(keys.resultKey, Buffer.from(out.image), 'image/jpeg');
  await ctx.storage.put(keys.thumbnailKey, Buffer.from(out.thumbnail!), 'image/jpeg');
  const version = await ctx.db
    .transaction((tx) =>
      insertVersion(tx, {
        transformationId: id,
        userId,
        pieces,
        ...keys,
        structureScore: out.structureScore,
        needsReview: out.needsReview,
      }),
    )
    .catch(async (err: unknown) => {
      await removeKeys(ctx, keys);
      throw err;
    });
  if (version === null) {
    // Deleted (or its images expired) while rendering: the new images belong to nobody.
    await removeKeys(ctx, keys);
    throw notFound(NOT_FOUND);
  }
  const url = imageUrl({ ...row, transformedImageUrl: keys.resultKey }, 'transformed')!;
  // The version in the address: a browser holding the previous image fetches the new one.
  return { version, transformedImageUrl: `${url}?v=${version}` };
}

function versionKeys(createdAt: Date) {
  const y = createdAt.getUTCFullYear();
  const m = String(createdAt.getUTCMonth() + 1).padStart(2, '0');
  const name = crypto.randomUUID();
  return { resultKey: `results/${y}/${m}/${name}.jpg`, thumbnailKey: `thumbnails/${y}/${m}/${name}.jpg` };
}

async function removeKeys(ctx: AppContext, keys: { resultKey: string; thumbnailKey: string }) {
  for (const key of [keys.resultKey, keys.thumbnailKey])
    await ctx.storage
      .delete(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'image delete failed'));
}
