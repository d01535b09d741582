// The admin console's changes, each with its audit row in the same transaction (the reads are in
// admin-lists.service.ts).
import crypto from 'node:crypto';
import type { AdminTransformation, AdminUser, TransformationStatusInput } from '#shared/schemas/admin.ts';
import type { Role } from '#shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { lockAdmins, lockUser, setRole, setUserActive } from '../auth/index.ts';
import { applyCreditChange } from '../credits/index.ts';
import { lockItem, setItemStatus } from '../transformations/index.ts';
import { toTransformation, toUser, withFigures, type UserWithFigures } from './admin-lists.service.ts';
import { insertAudit, type NewAuditRow } from './audit.repo.ts';

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

interface Admin {
  id: string;
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
