import { AUTH_MESSAGES, VERIFICATION_TOKEN_TTL_MS, tooManyLoginAttempts } from '#shared/constants/auth.ts';
import type { LoginInput, RegisterInput, UpdateProfileInput } from '#shared/schemas/auth.ts';
import type { CurrentUser, Role } from '#shared/schemas/user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { Rendered } from '../../lib/mail/templates.ts';
import * as mail from '../../lib/mail/templates.ts';
import { sendInBackground } from '../../lib/mail/background.ts';
import { clear, hit, minutesUntil, unhit } from '../../lib/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.ts';
import { assertStrongPassword, personalWords } from './password-strength.ts';
import { recordFailedSignIn } from './sign-in-failures.ts';
import * as rules from './rate-rules.ts';
import { createSession, destroySession, type NewSession } from './session.service.ts';
import { isWellFormedToken, newToken, sha256Hex } from './tokens.ts';

export function toCurrentUser(u: repo.SessionUserRow): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role as Role,
    subscriptionPlan: u.subscriptionPlan,
    subscriptionStatus: u.subscriptionStatus,
    creditsBalance: u.creditsBalance,
    monthlyUsage: u.monthlyUsage,
    usageResetDate: u.usageResetDate?.toISOString() ?? null,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A mail failure must not change the answer (that would reveal accounts); it is logged for operators. */
export async function sendMail(ctx: AppContext, to: string, m: Rendered) {
  try {
    await ctx.mailer.send({ to, ...m });
  } catch (err) {
    ctx.logger.error({ err, subject: m.subject }, 'sending mail failed');
  }
}

/** Past its deletion date an account is gone, even before the purge job has removed it. */
export const isPastDeletion = (u: repo.SessionUserRow, now: Date) =>
  u.deactivatedAt !== null && u.scheduledDeletionDate !== null && u.scheduledDeletionDate <= now;

/** Where a request comes from, for the per-source limits. */
export interface RequestMeta {
  ip: string;
}

/**
 * Answers the same for a new and a taken e-mail (the route sends the same 201). A taken address gets a
 * "someone tried to register" notice instead of a verification link; both paths hash a password and
 * send one mail, so timing matches too. Limited per source (argon2id is expensive) and per address
 * (each attempt mails it), before any of that work.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta): Promise<void> {
  const now = ctx.clock();
  const keys = rules.rateKeys(ctx.env);
  const perIp = { ...rules.REGISTER_PER_IP, limit: ctx.env.REGISTER_PER_IP_HOURLY };
  await rules.enforceAccountLimit(ctx.db, keys.registerIp(meta.ip), perIp, now);
  await rules.enforceAccountLimit(ctx.db, keys.registerEmail(input.email), rules.REGISTER_PER_EMAIL, now);
  await assertStrongPassword(input.password, personalWords(input));
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const created = await repo.insertUser(ctx.db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash,
    role: ctx.env.ADMIN_EMAILS.includes(input.email) ? 'admin' : 'user',
    verificationToken: sha256Hex(token),
    verificationTokenExpires: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    now,
  });
  if (created) {
    await sendMail(ctx, input.email, mail.verificationEmail(ctx.env.APP_URL, input.firstName, token));
    return;
  }
  const existing = await repo.findUserByEmail(ctx.db, input.email);
  await sendMail(ctx, input.email, mail.existingAccountNotice(ctx.env.APP_URL, existing?.firstName ?? null));
}

export interface LoginResult {
  user: CurrentUser;
  session: NewSession;
  reactivated: boolean;
}

/**
 * Counts the attempt against the (account, source) pair and the source before checking anything (atomic,
 * so parallel guesses cannot slip past the limit), and takes it back on success: only failures use up
 * the limit. There is no account-wide lock, so nobody can lock the owner out by guessing from elsewhere.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  meta: RequestMeta & { previousToken?: string | undefined },
): Promise<LoginResult> {
  const now = ctx.clock();
  const keys = rules.rateKeys(ctx.env);
  const pairKey = keys.loginPair(input.email, meta.ip);
  const ipKey = keys.loginIp(meta.ip);
  const [pair, ip] = [
    await hit(ctx.db, pairKey, rules.LOGIN_PER_ACCOUNT_AND_IP, now),
    await hit(ctx.db, ipKey, rules.LOGIN_PER_IP, now),
  ];
  const blocked = [pair, ip].filter((r) => !r.allowed);
  if (blocked.length > 0) {
    const wait = Math.max(...blocked.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(tooManyLoginAttempts(minutesUntil(wait)), wait);
  }

  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!user || !ok || isPastDeletion(user, now)) {
    await recordFailedSignIn(ctx, {
      email: input.email,
      userId: user?.id ?? null,
      ip: meta.ip,
      pair,
      source: ip,
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  // The right password is not a guess: it does not count towards the limit, whatever follows.
  await clear(ctx.db, pairKey);
  await unhit(ctx.db, ipKey);
  // Only someone holding the password learns these states.
  if (!user.isActive) throw new AppError('forbidden', AUTH_MESSAGES.accountDisabled);
  if (!user.emailVerified) throw new AppError('forbidden', AUTH_MESSAGES.emailNotVerified);

  const reactivated = user.deactivatedAt ? await repo.reactivate(ctx.db, user.id, now) : false;
  if (meta.previousToken) await destroySession(ctx.db, meta.previousToken);
  const session = await createSession(ctx.db, user.id, now);
  const fresh = reactivated ? { ...user, deactivatedAt: null, scheduledDeletionDate: null } : user;
  return { user: toCurrentUser(fresh), session, reactivated };
}

export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid';

/**
 * 'verified' spends the link. A link clicked again after it worked answers 'already-verified' (the person
 * is told to sign in, not that something failed); an unknown, tampered or expired link is 'invalid'.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<VerifyOutcome> {
  if (!isWellFormedToken(token)) return 'invalid';
  const hash = sha256Hex(token);
  const now = ctx.clock();
  if (await repo.consumeVerificationToken(ctx.db, hash, now)) return 'verified';
  return (await repo.isVerifiedByToken(ctx.db, hash, now)) ? 'already-verified' : 'invalid';
}

/**
 * Sends a fresh link (the old one stops working) only to an existing, unverified account. Same work and
 * the same answer time either way: the token is written by one conditional statement, and the mail goes
 * out after the response.
 */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.clock();
  const key = rules.rateKeys(ctx.env).resendVerification(email);
  await rules.enforceAccountLimit(ctx.db, key, rules.RESEND_VERIFICATION_PER_EMAIL, now);
  const token = newToken();
  const expires = new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS);
  const user = await repo.setVerificationTokenByEmail(ctx.db, email, sha256Hex(token), expires, now);
  if (!user) return;
  sendInBackground(ctx.mailer, ctx.logger, {
    to: user.email,
    ...mail.verificationEmail(ctx.env.APP_URL, user.firstName, token),
  });
}

/** Only the names change; an empty name clears it. */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  input: UpdateProfileInput,
): Promise<CurrentUser> {
  const patch: { firstName?: string | null; lastName?: string | null } = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName || null;
  if (input.lastName !== undefined) patch.lastName = input.lastName || null;
  const updated = await repo.updateNames(ctx.db, userId, patch, ctx.clock());
  if (!updated) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return toCurrentUser(updated);
}
