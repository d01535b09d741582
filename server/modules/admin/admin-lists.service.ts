// The admin console's reads: its numbers and its three lists (users, transformations, audit log). The
// changes, each with its audit row, are in admin.service.ts; both show rows through the mappers here.
import type {
  AdminListQuery,
  AdminStats,
  AdminTransformation,
  AdminUser,
  AuditLog,
} from '#shared/schemas/admin.ts';
import type { Role } from '#shared/schemas/user.ts';
import { STALE_AFTER_MS } from '#shared/constants/jobs.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { emailsOf, listUsers as listUserRows, userCounts, type UserItemRow } from '../auth/index.ts';
import { creditFiguresOf, usersWithCredits, type CreditFigures } from '../credits/index.ts';
import { listAllPage, transformationCounts, type TransformationItemRow } from '../transformations/index.ts';
import { listAudit } from './audit.repo.ts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export type UserWithFigures = UserItemRow & CreditFigures;
export const toUser = (r: UserWithFigures): AdminUser => ({ ...r, role: r.role as Role });
/** Auth's user rows with credits' balance and usage (credits owns those columns): one query per list. */
export async function withFigures(db: DbOrTx, rows: UserItemRow[]): Promise<UserWithFigures[]> {
  const figures = await creditFiguresOf(
    db,
    rows.map((r) => r.id),
  );
  // A user purged between the two queries has no figures and is no longer listed.
  return rows.flatMap((r) => {
    const f = figures.get(r.id);
    return f ? [{ ...r, ...f }] : [];
  });
}
export const toTransformation = (r: TransformationItemRow): AdminTransformation => ({
  ...r,
  status: r.status as AdminTransformation['status'],
  createdAt: r.createdAt.toISOString(),
});
const pageQuery = (q: AdminListQuery) => ({ after: decodeCursor(q.cursor), limit: q.limit });

/** The console's numbers: the users' counts (auth's table) and the transformations' (its module's). */
export async function getStats(ctx: AppContext): Promise<AdminStats> {
  const now = ctx.clock();
  const [users, withCredits, runs] = await Promise.all([
    userCounts(ctx.db),
    usersWithCredits(ctx.db),
    transformationCounts(ctx.db, now, new Date(now.getTime() - STALE_AFTER_MS)),
  ]);
  return { ...users, usersWithCredits: withCredits, ...runs };
}

export async function listUsers(ctx: AppContext, q: AdminListQuery): Promise<Page<AdminUser>> {
  const { rows, nextCursor } = await listUserRows(ctx.db, {
    ...pageQuery(q),
    search: q.search || undefined,
  });
  return { items: (await withFigures(ctx.db, rows)).map(toUser), nextCursor };
}

export async function listTransformations(
  ctx: AppContext,
  q: AdminListQuery,
): Promise<Page<AdminTransformation>> {
  const { rows, nextCursor } = await listAllPage(ctx.db, pageQuery(q));
  const emails = await emailsOf(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return {
    items: rows.map((r) => ({ ...toTransformation(r), userEmail: emails.get(r.userId) ?? null })),
    nextCursor,
  };
}

export async function listAuditLogs(ctx: AppContext, q: AdminListQuery): Promise<Page<AuditLog>> {
  const { rows, nextCursor } = await listAudit(ctx.db, pageQuery(q));
  // People are named by e-mail in the console (an id alone means nothing to an operator): auth's
  // table, one query for the page's admins and targets together.
  const emails = await emailsOf(
    ctx.db,
    rows.flatMap((r) => [r.adminUserId, r.targetUserId]).filter((id) => id !== null),
  );
  const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
  const items = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    adminEmail: emailOf(r.adminUserId),
    targetUserEmail: emailOf(r.targetUserId),
  }));
  return { items, nextCursor };
}
