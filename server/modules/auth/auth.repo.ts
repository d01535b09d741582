import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { SessionUserRow } from '../../ports/session-user.ts';

/** The user as a request sees it: no password hash, no tokens. */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  subscriptionPlan: users.subscriptionPlan,
  subscriptionStatus: users.subscriptionStatus,
  stripeSubscriptionId: users.stripeSubscriptionId,
  creditsBalance: users.creditsBalance,
  monthlyUsage: users.monthlyUsage,
  usageResetDate: users.usageResetDate,
  emailVerified: users.emailVerified,
  isActive: users.isActive,
  deactivatedAt: users.deactivatedAt,
  scheduledDeletionDate: users.scheduledDeletionDate,
  createdAt: users.createdAt,
};
export type { SessionUserRow };

const CREDENTIAL_COLUMNS = { ...SESSION_USER_COLUMNS, passwordHash: users.passwordHash };
export type CredentialRow = SessionUserRow & { passwordHash: string | null };

/** `email` must already be trimmed and lowercased; the unique index is on lower(email). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<CredentialRow | null> {
  const rows = await db
    .select(CREDENTIAL_COLUMNS)
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<CredentialRow | null> {
  const rows = await db.select(CREDENTIAL_COLUMNS).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  role: 'user' | 'admin';
  verificationToken: string;
  verificationTokenExpires: Date;
  now: Date;
}

/** Null when the e-mail is already taken (including by a concurrent registration). */
export async function insertUser(db: DbOrTx, u: NewUser): Promise<{ id: string } | null> {
  const { now, ...values } = u;
  const rows = await db
    .insert(users)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0] ?? null;
}

/** Accounts past their deletion date are gone for every purpose, even before the purge removes them. */
const notPastDeletion = (now: Date) =>
  or(isNull(users.scheduledDeletionDate), gt(users.scheduledDeletionDate, now));

/**
 * Single use: the same statement that checks the link spends it (its expiry goes). The token's hash stays,
 * so a second click on the link can be told "already verified" instead of "failed" (see
 * isVerifiedByToken); it cannot verify or change anything any more.
 */
export async function consumeVerificationToken(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, verificationTokenExpires: null, updatedAt: now })
    .where(
      and(
        eq(users.verificationToken, tokenHash),
        eq(users.emailVerified, false),
        gt(users.verificationTokenExpires, now),
      ),
    )
    .returning({ id: users.id });
  return rows[0] ?? null;
}

/** True when the link belongs to a live account whose address is verified (the link was used before). */
export async function isVerifiedByToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.verificationToken, tokenHash), eq(users.emailVerified, true), notPastDeletion(now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * One statement whether or not the address has an account (so both cost the same): writes a token to the
 * live account with this address (matching `onlyIf` too, when given) and returns who to mail, or null.
 */
async function setTokenByEmail(
  db: DbOrTx,
  email: string,
  token: Partial<typeof users.$inferInsert>,
  now: Date,
  onlyIf?: SQL,
) {
  const rows = await db
    .update(users)
    .set(token)
    .where(and(sql`lower(${users.email}) = ${email}`, onlyIf, notPastDeletion(now)))
    .returning({ email: users.email, firstName: users.firstName });
  return rows[0] ?? null;
}

/** Replaces the reset token of a live account and returns who to mail, or null. */
export function setResetTokenByEmail(db: DbOrTx, email: string, tokenHash: string, expires: Date, now: Date) {
  return setTokenByEmail(db, email, { resetToken: tokenHash, resetTokenExpires: expires }, now);
}

/** As setResetTokenByEmail, for a live account that still needs verification. */
export function setVerificationTokenByEmail(
  db: DbOrTx,
  email: string,
  tokenHash: string,
  expires: Date,
  now: Date,
) {
  const token = { verificationToken: tokenHash, verificationTokenExpires: expires };
  return setTokenByEmail(db, email, token, now, eq(users.emailVerified, false));
}

/** The holder of a live reset token, without spending it. */
export async function findByLiveResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function hasLiveResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Single use: sets the new password and clears the token in one conditional statement. Following the
 * link proves the mailbox, so the address counts as verified too.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, passwordHash: string, now: Date) {
  const rows = await db
    .update(users)
    .set({ passwordHash, resetToken: null, resetTokenExpires: null, emailVerified: true, updatedAt: now })
    .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return rows[0] ?? null;
}

export async function updateNames(
  db: DbOrTx,
  userId: string,
  patch: { firstName?: string | null; lastName?: string | null },
  now: Date,
): Promise<SessionUserRow | null> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(SESSION_USER_COLUMNS);
  return rows[0] ?? null;
}

/** A password changed by its owner; any pending reset link stops working with the old password. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, resetToken: null, resetTokenExpires: null, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function markDeactivated(db: DbOrTx, userId: string, now: Date, deletionDate: Date) {
  await db
    .update(users)
    .set({ deactivatedAt: now, scheduledDeletionDate: deletionDate, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Only inside the grace period: a past deletion date means the account is gone. */
export async function reactivate(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deactivatedAt: null, scheduledDeletionDate: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deactivatedAt), gt(users.scheduledDeletionDate, now)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setRoleByEmails(db: DbOrTx, emails: string[], role: 'user' | 'admin') {
  if (emails.length === 0) return [];
  return db
    .update(users)
    .set({ role })
    .where(inArray(sql`lower(${users.email})`, emails))
    .returning({ id: users.id, email: users.email });
}

export async function setActive(db: DbOrTx, userId: string, isActive: boolean, now: Date) {
  const rows = await db
    .update(users)
    .set({ isActive, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The user's plan id as stored (e.g. for a job's priority); null when there is no such user. */
export async function planOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, userId));
  return row?.plan ?? null;
}
