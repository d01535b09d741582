import { AUTH_MESSAGES, DEACTIVATION_GRACE_DAYS } from '#shared/constants/auth.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { unavailable } from '../../lib/errors.ts';
import { deleteExpired } from '../../lib/rate-limit.ts';
import * as repo from './auth.repo.ts';
import * as purgeRepo from './purge.repo.ts';
import { confirmPassword } from './sign-in-failures.ts';
import { deleteExpiredSessions } from './session.repo.ts';
import { endAllSessions } from './session.service.ts';

const DAY = 24 * 60 * 60 * 1000;
export const DEACTIVATION_FAILED =
  'We could not cancel your subscription, so your account was not deactivated. Please try again later.';

/**
 * Self-deactivation: checks the password (wrong guesses count like failed sign-ins from this source), lets billing cancel
 * the subscription, schedules deletion in 30 days and signs the user out everywhere. `isActive` is the
 * admin's switch and is left alone.
 */
export async function deactivateAccount(
  ctx: AppContext,
  user: repo.SessionUserRow,
  password: string,
  meta: { ip: string },
) {
  const now = ctx.clock();
  await confirmPassword(ctx, user, password, meta.ip, AUTH_MESSAGES.incorrectPassword);
  if (ctx.onDeactivate) {
    try {
      await ctx.onDeactivate(user);
    } catch (err) {
      // Deactivating while billing continues would charge a closed account: stop before changing anything.
      ctx.logger.error({ err, userId: user.id }, 'onDeactivate hook failed; account left active');
      throw unavailable(DEACTIVATION_FAILED);
    }
  }
  await repo.markDeactivated(ctx.db, user.id, now, new Date(now.getTime() + DEACTIVATION_GRACE_DAYS * DAY));
  await endAllSessions(ctx.db, user.id);
}

/** The admin's Active/Inactive switch; inactive also ends every session at once. */
export async function setUserActive(
  db: DbOrTx,
  userId: string,
  isActive: boolean,
  now: Date,
): Promise<boolean> {
  const found = await repo.setActive(db, userId, isActive, now);
  if (found && !isActive) await endAllSessions(db, userId);
  return found;
}

/** ADMIN_EMAILS get the admin role; run at start (registration handles new accounts). */
export async function promoteConfiguredAdmins(db: DbOrTx, emails: string[]) {
  return repo.setRoleByEmails(db, emails, 'admin');
}

/**
 * The storage keys of every image a user has. The transformations module owns them; the composition
 * root hands its function in, so auth does not import that module (it imports auth for sign-in).
 */
export type UserImageKeys = (db: DbOrTx, userId: string) => Promise<string[]>;

export interface PurgeReport {
  usersDeleted: number;
  imagesDeleted: number;
  sessionsExpired: number;
  rateLimitsExpired: number;
}

/**
 * Permanently deletes accounts past their scheduled deletion date: their stored images first, then the
 * user row (sessions, transformations and ledger rows cascade; payments and credit purchases keep their
 * amounts with the user id set to null). Each user is handled under a row lock taken with SKIP LOCKED,
 * so many server copies can run this at once without doing the same work twice. If an image cannot be
 * deleted the user is kept and retried on the next run: no orphaned personal images.
 */
export async function purgeDeletedAccounts(
  ctx: AppContext,
  imageKeysOf: UserImageKeys,
  batchSize = 100,
): Promise<PurgeReport> {
  const now = ctx.clock();
  const report: PurgeReport = { usersDeleted: 0, imagesDeleted: 0, sessionsExpired: 0, rateLimitsExpired: 0 };
  for (const userId of await purgeRepo.listDueForDeletion(ctx.db, now, batchSize)) {
    try {
      const images = await ctx.db.transaction(async (tx) => {
        if (!(await purgeRepo.lockIfStillDue(tx, userId, now))) return null;
        const keys = await imageKeysOf(tx, userId);
        for (const key of keys) await ctx.storage.delete(key);
        await purgeRepo.deleteUser(tx, userId);
        return keys.length;
      });
      if (images === null) continue;
      report.usersDeleted++;
      report.imagesDeleted += images;
    } catch (err) {
      ctx.logger.error({ err, userId }, 'purging account failed; will retry on the next run');
    }
  }
  report.sessionsExpired = await deleteExpiredSessions(ctx.db, now);
  report.rateLimitsExpired = await deleteExpired(ctx.db, now);
  return report;
}
