// The layouts of local-engine stagings (issue 31): the room, once per transformation, and the pieces
// of each version. Scoped by user through the room row, which carries the owner.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Piece, RoomModel } from '#shared/schemas/layout.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { layoutVersions, transformationRooms, transformations } from '../../db/schema/index.ts';

export interface LayoutVersionRow {
  version: number;
  pieces: Piece[];
  resultKey: string | null;
  thumbnailKey: string | null;
  createdAt: Date;
}

/** The engine's layout of a completed run: the room and version 1 (its images are the run's own). */
export async function insertFirstLayout(
  tx: Tx,
  v: { transformationId: string; userId: string; room: RoomModel; pieces: Piece[] },
): Promise<void> {
  await tx
    .insert(transformationRooms)
    .values({ transformationId: v.transformationId, userId: v.userId, room: v.room })
    .onConflictDoNothing();
  await tx
    .insert(layoutVersions)
    .values({ transformationId: v.transformationId, version: 1, pieces: v.pieces })
    .onConflictDoNothing();
}

/** The owner's room of a transformation, or null (no layout, or not theirs). */
export async function findRoom(
  db: DbOrTx,
  transformationId: string,
  userId: string,
): Promise<RoomModel | null> {
  const [row] = await db
    .select({ room: transformationRooms.room })
    .from(transformationRooms)
    .where(
      and(eq(transformationRooms.transformationId, transformationId), eq(transformationRooms.userId, userId)),
    );
  return row?.room ?? null;
}

/** Every version, newest first. */
export function listVersions(db: DbOrTx, transformationId: string): Promise<LayoutVersionRow[]> {
  return db
    .select({
      version: layoutVersions.version,
      pieces: layoutVersions.pieces,
      resultKey: layoutVersions.resultKey,
      thumbnailKey: layoutVersions.thumbnailKey,
      createdAt: layoutVersions.createdAt,
    })
    .from(layoutVersions)
    .where(eq(layoutVersions.transformationId, transformationId))
    .orderBy(desc(layoutVersions.version));
}

/**
 * The versions (number and date, oldest first) of each of these transformations, for the history
 * list; the ids are the caller's own rows, already scoped by user. One query for the page.
 */
export async function versionsOf(
  db: DbOrTx,
  transformationIds: string[],
): Promise<Map<string, { version: number; createdAt: Date }[]>> {
  const out = new Map<string, { version: number; createdAt: Date }[]>();
  if (transformationIds.length === 0) return out;
  const rows = await db
    .select({
      id: layoutVersions.transformationId,
      version: layoutVersions.version,
      createdAt: layoutVersions.createdAt,
    })
    .from(layoutVersions)
    .where(inArray(layoutVersions.transformationId, transformationIds))
    .orderBy(asc(layoutVersions.transformationId), asc(layoutVersions.version));
  for (const r of rows)
    out.set(r.id, [...(out.get(r.id) ?? []), { version: r.version, createdAt: r.createdAt }]);
  return out;
}

/**
 * A saved arrangement: the next version with its images, which become the transformation's result
 * (downloads take the latest). Under the transformation's row lock, so two saves get two versions.
 * Null when the row is no longer the owner's completed transformation.
 */
export async function insertVersion(
  tx: Tx,
  v: {
    transformationId: string;
    userId: string;
    pieces: Piece[];
    resultKey: string;
    thumbnailKey: string;
    structureScore: number;
    needsReview: boolean;
  },
): Promise<number | null> {
  const [row] = await tx
    .select({ id: transformations.id })
    .from(transformations)
    .where(
      and(
        eq(transformations.id, v.transformationId),
        eq(transformations.userId, v.userId),
        eq(transformations.status, 'completed'),
        isNotNull(transformations.transformedImageUrl),
      ),
    )
    .for('update');
  if (!row) return null;
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${layoutVersions.version}), 0)` })
    .from(layoutVersions)
    .where(eq(layoutVersions.transformationId, v.transformationId));
  const version = Number(last?.n ?? 0) + 1;
  await tx.insert(layoutVersions).values({
    transformationId: v.transformationId,
    version,
    pieces: v.pieces,
    resultKey: v.resultKey,
    thumbnailKey: v.thumbnailKey,
  });
  await tx
    .update(transformations)
    .set({
      transformedImageUrl: v.resultKey,
      thumbnailUrl: v.thumbnailKey,
      // The result's confidence and review flag are the latest image's, as its download is.
      confidence: (v.structureScore * 100).toFixed(2),
      structureScore: v.structureScore.toFixed(2),
      needsReview: v.needsReview,
    })
    .where(eq(transformations.id, v.transformationId));
  return version;
}

/** The images saved arrangements stored, so deleting a transformation (or its images) removes them too. */
export async function savedImageKeys(db: DbOrTx, transformationId: string): Promise<string[]> {
  const rows = await db
    .select({ r: layoutVersions.resultKey, t: layoutVersions.thumbnailKey })
    .from(layoutVersions)
    .where(eq(layoutVersions.transformationId, transformationId));
  return rows.flatMap((x) => [x.r, x.t]).filter((k): k is string => !!k);
}

/** The images saved arrangements stored for all of a user's transformations (the account purge). */
export async function savedImageKeysOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ r: layoutVersions.resultKey, t: layoutVersions.thumbnailKey })
    .from(layoutVersions)
    .innerJoin(transformationRooms, eq(transformationRooms.transformationId, layoutVersions.transformationId))
    .where(eq(transformationRooms.userId, userId));
  return rows.flatMap((x) => [x.r, x.t]).filter((k): k is string => !!k);
}

/** After the retention job deleted them: the versions stay (what was arranged), their images do not. */
export async function clearSavedImageKeys(db: DbOrTx, transformationId: string): Promise<void> {
  await db
    .update(layoutVersions)
    .set({ resultKey: null, thumbnailKey: null })
    .where(eq(layoutVersions.transformationId, transformationId));
}
