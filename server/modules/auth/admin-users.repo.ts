// The admin console's reads and writes of `users` (decision 0196): the list and search, the counts of
// its statistics, the e-mails its lists show, role changes under lock. Here because auth owns the
// table; admin calls them through auth's index. The balance and usage columns are credits' and come
// from credits' index (`creditFiguresOf`), merged in the admin service.
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminStats } from '#shared/schemas/admin.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { afterCursor, cursorTs } from '../../lib/cursor.repo.ts';
import { likeContains, toPage, type PageQuery } from '../../lib/cursor.ts';

export type { PageQuery };

/** The users' counts of the console's statistics: one aggregate scan, no rows leave the database. */
export async function userCounts(db: DbOrTx): Promise<Pick<AdminStats, 'totalUsers' | 'activeUsers'>> {
  const result = await db.execute(sql`
    select count(*)::int as "totalUsers",
           (count(*) filter (where ${users.isActive}))::int as "activeUsers"
      from ${users}`);
  // Both drivers (node-postgres, PGlite) answer { rows } and give plain numbers for ::int.
  const row = (result as { rows: Pick<AdminStats, 'totalUsers' | 'activeUsers'>[] }).rows[0];
  if (!row) throw new Error('user counts query returned no row');
  return row;
}

/** E-mail and first name by user id, for mail other modules send to a set of users (one query). */
export async function mailContactsOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { email: string; firstName: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { email: r.email, firstName: r.firstName }]));
}

/** The owners' e-mails of the given user ids (a list shows an e-mail instead of a bare id). */
export async function emailsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const contacts = await mailContactsOf(db, ids);
  return new Map([...contacts].map(([id, c]) => [id, c.email]));
}

export const USER_ITEM_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  subscriptionPlan: users.subscriptionPlan,
};
export interface UserItemRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  isActive: boolean;
  subscriptionPlan: string;
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
