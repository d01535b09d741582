import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { STALE_AFTER_MS } from '#shared/constants/jobs.ts';
import type { AdminStats } from '#shared/schemas/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transformations, users } from '../../db/schema/index.ts';
import { afterCursor, cursorTs } from './cursor.repo.ts';
import { likeContains, toPage, type CursorKey } from './cursor.ts';

export interface PageQuery {
  after: CursorKey | null;
  limit: number;
}

/**
 * All numbers in one statement: two aggregate scans, no rows leave the database. Stuck: processing
 * past its deadline, or started with a heartbeat silent for longer than a live run allows (recovery
 * settles these within seconds; a count that stays up means recovery is not running anywhere).
 */
export async function stats(db: DbOrTx, now: Date): Promise<AdminStats> {
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const nowIso = now.toISOString();
  const result = await db.execute(sql`
    select u.total_users::int as "totalUsers",
           u.active_users::int as "activeUsers",
           u.users_with_credits::int as "usersWithCredits",
           t.total::int as "totalTransformations",
           t.pending::int as "pendingTransformations",
           t.failed::int as "failedTransformations",
           t.processing::int as "processingTransformations",
           t.stuck::int as "stuckTransformations"
    from (select count(*) as total_users,
                 count(*) filter (where ${users.isActive}) as active_users,
                 count(*) filter (where ${users.creditsBalance} > 0) as users_with_credits
          from ${users}) u,
         (select count(*) as total,
                 count(*) filter (where ${transformations.status} = 'pending') as pending,
                 count(*) filter (where ${transformations.status} = 'failed') as failed,
                 count(*) filter (where ${transformations.status} = 'processing') as processing,
                 count(*) filter (where ${transformations.status} = 'processing' and (
                   ${transformations.deadlineAt} < ${nowIso}::timestamptz
                   or (${transformations.startedAt} is not null and ${transformations.heartbeatAt} < ${stale}::timestamptz))) as stuck
          from ${transformations}) t`);
  // Both drivers (node-postgres, PGlite) answer { rows } and give plain numbers for ::int.
  const row = (result as { rows: AdminStats[] }).rows[0];
  if (!row) throw new Error('stats query returned no row');
  return row;
}

export const USER_ITEM_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  subscriptionPlan: users.subscriptionPlan,
  creditsBalance: users.creditsBalance,
  monthlyUsage: users.monthlyUsage,
};
export interface UserItemRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  isActive: boolean;
  subscriptionPlan: string;
  creditsBalance: number;
  monthlyUsage: number;
}

/** Newest first; `search` matches e-mail, first name, last name or "first last", case-insensitively. */
export async function listUsers(db: DbOrTx, q: PageQuery & { search?: string | undefined }) {
  const where: SQL[] = [];
  if (q.after) where.push(afterCursor(users.createdAt, users.id, q.after));
  if (q.search) {
    const pattern = likeContains(q.search);
    where.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
      )!,
    );
  }
  const rows = await db
    .select({ ...USER_ITEM_COLUMNS, cursorTs: cursorTs(users.createdAt) })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit);
}

const TRANSFORMATION_ITEM_COLUMNS = {
  id: transformations.id,
  userId: transformations.userId,
  style: transformations.style,
  roomType: transformations.roomType,
  status: transformations.status,
  createdAt: transformations.createdAt,
  regenerationCount: transformations.regenerationCount,
  errorMessage: transformations.errorMessage,
};

export async function listTransformations(db: DbOrTx, q: PageQuery) {
  const rows = await db
    .select({
      ...TRANSFORMATION_ITEM_COLUMNS,
      userEmail: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.id} = ${transformations.userId})`,
      cursorTs: cursorTs(transformations.createdAt),
    })
    .from(transformations)
    .where(q.after ? afterCursor(transformations.createdAt, transformations.id, q.after) : undefined)
    .orderBy(desc(transformations.createdAt), desc(transformations.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit);
}

/** The user row under a lock, so the before/after of the audit row is exactly what changed. */
export async function lockUser(tx: DbOrTx, userId: string): Promise<UserItemRow | null> {
  const rows = await tx.select(USER_ITEM_COLUMNS).from(users).where(eq(users.id, userId)).for('update');
  return rows[0] ?? null;
}

/**
 * Locks every admin row and counts them. Two admins demoting each other at once are serialised here,
 * so the second sees one admin left and is refused.
 */
export async function lockAdmins(tx: DbOrTx): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

export async function setRole(
  tx: DbOrTx,
  userId: string,
  role: 'user' | 'admin',
  now: Date,
): Promise<UserItemRow> {
  const [row] = await tx
    .update(users)
    .set({ role, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(USER_ITEM_COLUMNS);
  if (!row) throw new Error(`setRole: no user ${userId}`);
  return row;
}

export async function lockTransformation(tx: DbOrTx, id: string) {
  const rows = await tx
    .select(TRANSFORMATION_ITEM_COLUMNS)
    .from(transformations)
    .where(eq(transformations.id, id))
    .for('update');
  return rows[0] ?? null;
}

export type TransformationItemRow = NonNullable<Awaited<ReturnType<typeof lockTransformation>>>;

export async function setTransformationStatus(
  tx: DbOrTx,
  id: string,
  set: { status: string; errorMessage: string | null },
) {
  const [row] = await tx
    .update(transformations)
    .set(set)
    .where(eq(transformations.id, id))
    .returning(TRANSFORMATION_ITEM_COLUMNS);
  if (!row) throw new Error(`setTransformationStatus: no transformation ${id}`);
  return row;
}
