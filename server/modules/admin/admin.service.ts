import crypto from 'node:crypto';
import type {
  AdminListQuery,
  AdminStats,
  AdminTransformation,
  AdminUser,
  AuditLog,
  TransformationStatusInput,
} from '#shared/schemas/admin.ts';
import type { Role } from '#shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  emailsOf,
  listUsers as listUserRows,
  lockAdmins,
  lockUser,
  setRole,
  setUserActive,
  userCounts,
  type UserItemRow,
} from '../auth/index.ts';
import {
  applyCreditChange,
  creditFiguresOf,
  usersWithCredits,
  type CreditFigures,
} from '../credits/index.ts';
import {
  listAllPage,
  lockItem,
  setItemStatus,
  transformationCounts,
  type TransformationItemRow,
} from '../transformations/index.ts';
import { STALE_AFTER_MS } from '#shared/constants/jobs.ts';
import { insertAudit, listAudit, type NewAuditRow } from './audit.repo.ts';
import { decodeCursor } from '../../lib/cursor.ts';

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  transformationNotFound: 'Transformation not found',
  selfDemotion: 'You cannot remove your own admin role.',
  lastAdmin: 'The last admin cannot be demoted.',
  selfDeactivation: 'You cannot deactivate your own account.',
  balanceTooLarge: 'This grant would take the balance above the maximum.',
} as const;

/** Far below PostgreSQL's integer limit, so no grant can overflow the column. */
const MAX_BALANCE = 1_000_000_000;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface Admin {
  id: string;
}

type UserWithFigures = UserItemRow & CreditFigures;
const toUser = (r: UserWithFigures): AdminUser => ({ ...r, role: r.role as Role });
/** Auth's user rows with credits' balance and usage (credits owns those columns): one query per list. */
async function withFigures(db: DbOrTx, rows: UserItemRow[]): Promise<UserWithFigures[]> {
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
const toTransformation = (r: TransformationItemRow): AdminTransformation => ({
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

/**
 * The user row under auth's lock, with its balance and usage read through credits in the same
 * transaction: the lock is on that same row, so the figures an audit row records cannot move under it.
 */
async function lockedUser(tx: Tx, userId: string): Promise<UserWithFigures> {
  const user = await lockUser(tx, userId);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const [withCredits] = await withFigures(tx, [user]);
  if (!withCredits) throw new Error('lockedUser: no figures row');
  return withCredits;
}

type AuditEntry = Omit<NewAuditRow, 'adminUserId'>;

/**
 * One admin change and its audit row in one transaction (the record never disagrees with the data),
 * then the operator's log line once it has committed.
 */
async function audited<T>(
  ctx: AppContext,
  admin: Admin,
  change: (tx: Tx) => Promise<{ result: T; audit: AuditEntry }>,
  log: [fields: Record<string, unknown>, message: string],
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    await insertAudit(tx, { adminUserId: admin.id, ...audit });
    return result;
  });
  ctx.logger.info({ adminId: admin.id, ...log[0] }, log[1]);
  return result;
}

/** Role change and its audit row in one transaction; an admin never leaves the system without admins. */
export async function changeRole(
  ctx: AppContext,
  admin: Admin,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  if (userId === admin.id && role !== 'admin') throw conflict(ADMIN_MESSAGES.selfDemotion);
  const updated = await audited(
    ctx,
    admin,
    async (tx) => {
      // Admin rows are locked before the target (which may be one of them): one lock order, no deadlock.
      const admins = role === 'user' ? await lockAdmins(tx) : 0;
      const before = await lockedUser(tx, userId);
      if (before.role === 'admin' && role === 'user' && admins <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
      const after = { ...before, ...(await setRole(tx, userId, role, ctx.clock())) };
      const details = { before: { role: before.role }, after: { role: after.role } };
      return { result: after, audit: { action: 'user.role_changed', targetUserId: userId, details } };
    },
    [{ userId, role }, 'admin: role changed'],
  );
  return toUser(updated);
}

/** Inactive also ends every session of the user in the same transaction; sign-in is then refused. */
export async function changeStatus(
  ctx: AppContext,
  admin: Admin,
  userId: string,
  isActive: boolean,
): Promise<AdminUser> {
  if (userId === admin.id && !isActive) throw conflict(ADMIN_MESSAGES.selfDeactivation);
  const updated = await audited(
    ctx,
    admin,
    async (tx) => {
      const before = await lockedUser(tx, userId);
      await setUserActive(tx, userId, isActive, ctx.clock());
      const details = { before: { isActive: before.isActive }, after: { isActive } };
      return {
        result: { ...before, isActive },
        audit: { action: 'user.status_changed', targetUserId: userId, details },
      };
    },
    [{ userId, isActive }, 'admin: status changed'],
  );
  return toUser(updated);
}

/** Through the ledger, with the audit row's id as the ledger's source id: the grant and its record are one. */
export async function grantCredits(
  ctx: AppContext,
  admin: Admin,
  userId: string,
  credits: number,
): Promise<AdminUser> {
  const updated = await audited(
    ctx,
    admin,
    async (tx) => {
      const before = await lockedUser(tx, userId);
      if (before.creditsBalance + credits > MAX_BALANCE) throw conflict(ADMIN_MESSAGES.balanceTooLarge);
      const auditId = crypto.randomUUID();
      const change = await applyCreditChange(tx, {
        userId,
        delta: credits,
        reason: `Granted by an admin`,
        source: 'admin_grant',
        sourceId: auditId,
      });
      // A fresh uuid cannot replay and a positive delta cannot go negative: anything else is a bug.
      if (!change?.applied) throw new Error('admin grant was not applied');
      const details = {
        before: { creditsBalance: before.creditsBalance },
        after: { creditsBalance: change.balance },
        amount: credits,
        ledgerBalanceAfter: change.balance,
      };
      return {
        result: { ...before, creditsBalance: change.balance },
        audit: { id: auditId, action: 'user.credits_granted', targetUserId: userId, details },
      };
    },
    [{ userId, credits }, 'admin: credits granted'],
  );
  return toUser(updated);
}

/**
 * Status only: no refund or charge follows (money moved when the job ran). The error message is kept
 * for failed rows unless a new one is given, and cleared otherwise.
 */
export async function changeTransformationStatus(
  ctx: AppContext,
  admin: Admin,
  id: string,
  input: TransformationStatusInput,
): Promise<AdminTransformation> {
  const updated = await audited(
    ctx,
    admin,
    async (tx) => {
      const before = await lockItem(tx, id);
      if (!before) throw notFound(ADMIN_MESSAGES.transformationNotFound);
      const errorMessage = input.errorMessage || (input.status === 'failed' ? before.errorMessage : null);
      const after = await setItemStatus(tx, id, { status: input.status, errorMessage });
      const details = {
        before: { status: before.status, errorMessage: before.errorMessage },
        after: { status: after.status, errorMessage: after.errorMessage },
      };
      return {
        result: after,
        audit: {
          action: 'transformation.status_changed',
          targetUserId: before.userId,
          targetResourceId: id,
          details,
        },
      };
    },
    [{ transformationId: id, status: input.status }, 'admin: transformation status changed'],
  );
  return toTransformation(updated);
}
