import { tooManyLoginAttempts } from '#shared/constants/auth.ts';
import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { clear, hit, minutesUntil, type RateResult } from '../../lib/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { verifyPassword } from './password.ts';
import * as rules from './rate-rules.ts';

/**
 * A signed-in user re-entering their password (deactivation, password change): it counts against the
 * same (account, source) limit as sign-in, so a borrowed session cannot be used to guess it. The limit
 * is checked before argon2id; a wrong password is `wrongMessage` with 400, not 401, because the client
 * treats 401 as "signed out" and would leave the page. Returns the account's stored credentials.
 */
export async function confirmPassword(
  ctx: AppContext,
  user: { id: string; email: string },
  password: string,
  ip: string,
  wrongMessage: string,
) {
  const email = user.email.toLowerCase();
  const key = rules.rateKeys(ctx.env).loginPair(email, ip);
  const attempt = await hit(ctx.db, key, rules.LOGIN_PER_ACCOUNT_AND_IP, ctx.clock());
  if (!attempt.allowed) {
    throw tooManyRequests(
      tooManyLoginAttempts(minutesUntil(attempt.retryAfterSeconds)),
      attempt.retryAfterSeconds,
    );
  }
  const creds = await repo.findUserById(ctx.db, user.id);
  if (!creds?.passwordHash || !(await verifyPassword(creds.passwordHash, password))) {
    await recordFailedSignIn(ctx, { email, userId: user.id, ip, pair: attempt });
    throw new AppError('incorrect_current_password', wrongMessage);
  }
  await clear(ctx.db, key);
  return creds;
}

/**
 * Bookkeeping after a wrong password (sign-in or deactivation): security events for operators when a
 * source gets locked out of an account or out of sign-in altogether, and when one account draws many
 * failures from everywhere (a distributed guessing attack, which is logged but never locks the owner).
 * Events carry `event: 'security.*'` so they can be filtered; never the password or the e-mail address.
 */
export async function recordFailedSignIn(
  ctx: AppContext,
  f: { email: string; userId: string | null; ip: string; pair: RateResult; source?: RateResult },
): Promise<void> {
  const base = { userId: f.userId, knownAccount: f.userId !== null, ip: f.ip };
  if (f.pair.count === rules.LOGIN_PER_ACCOUNT_AND_IP.limit) {
    ctx.logger.warn(
      { event: 'security.signin_locked', ...base, until: f.pair.resetAt.toISOString() },
      'sign-in locked for this account from this source after repeated wrong passwords',
    );
  }
  if (f.source && f.source.count === rules.LOGIN_PER_IP.limit) {
    ctx.logger.warn(
      { event: 'security.source_locked', ip: f.ip, until: f.source.resetAt.toISOString() },
      'sign-in locked for this source after repeated wrong passwords across accounts',
    );
  }
  const key = rules.rateKeys(ctx.env).loginAccount(f.email);
  const account = await hit(ctx.db, key, rules.LOGIN_FAILURES_ALERT, ctx.clock());
  if (account.count === rules.LOGIN_FAILURES_ALERT.limit) {
    ctx.logger.warn(
      { event: 'security.account_targeted', ...base, failures: account.count, windowMinutes: 60 },
      'many wrong passwords for one account from several sources; the owner is not locked out',
    );
  }
}
