import { AUTH_MESSAGES, tooManyLoginAttempts } from '#shared/constants/auth.ts';
import type { ChangePasswordInput } from '#shared/schemas/auth.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { sendInBackground } from '../../lib/mail/background.ts';
import { render } from '../../lib/mail/templates.ts';
import { clear, hit, minutesUntil } from '../../lib/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertStrongPassword, personalWords } from './password-strength.ts';
import * as rules from './rate-rules.ts';
import { recordFailedSignIn } from './sign-in-failures.ts';
import { createSession, endAllSessions, type NewSession } from './session.service.ts';

/** The owner's notice: sent even though they did it, so a change they did not make is noticed. */
export const passwordChangedFromSettings = (appUrl: string, firstName: string | null) =>
  render({
    subject: 'Your Roomstage password was changed',
    firstName,
    paragraphs: [
      'The password of your Roomstage account was just changed in Settings, and every other device was signed out.',
      'If you did not do this, reset your password now and contact support.',
    ],
    action: { label: 'Reset password', url: `${appUrl}/forgot-password` },
    footer: 'You are receiving this email for your security.',
  });

/**
 * Password change by a signed-in user. The current password is checked like a sign-in: each wrong one
 * counts against the same (account, source) limit, so a borrowed session cannot be used to guess it.
 * Cheap refusals come before argon2id: the limit, then the current password, then the new one's rules.
 * On success every session of the account ends and the caller gets a fresh one for this browser.
 */
export async function changePassword(
  ctx: AppContext,
  user: repo.SessionUserRow,
  input: ChangePasswordInput,
  meta: { ip: string },
): Promise<NewSession> {
  const now = ctx.clock();
  const email = user.email.toLowerCase();
  const key = rules.rateKeys(ctx.env).loginPair(email, meta.ip);
  const attempt = await hit(ctx.db, key, rules.LOGIN_PER_ACCOUNT_AND_IP, now);
  if (!attempt.allowed) {
    throw tooManyRequests(
      tooManyLoginAttempts(minutesUntil(attempt.retryAfterSeconds)),
      attempt.retryAfterSeconds,
    );
  }
  const creds = await repo.findUserById(ctx.db, user.id);
  if (!creds?.passwordHash || !(await verifyPassword(creds.passwordHash, input.currentPassword))) {
    await recordFailedSignIn(ctx, { email, userId: user.id, ip: meta.ip, pair: attempt });
    // 400, not 401: the client treats 401 as "signed out" and would leave the page.
    throw badRequest(AUTH_MESSAGES.incorrectCurrentPassword);
  }
  await clear(ctx.db, key);
  if (input.newPassword === input.currentPassword) throw badRequest(AUTH_MESSAGES.samePassword);
  await assertStrongPassword(input.newPassword, personalWords(creds));
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, passwordHash, now);
    return endAllSessions(tx, user.id);
  });
  const session = await createSession(ctx.db, user.id, now);
  ctx.logger.warn(
    { event: 'security.password_changed', userId: user.id, ip: meta.ip, sessionsEnded: ended },
    'password changed in settings; every session of the account ended, this browser got a new one',
  );
  sendInBackground(ctx.mailer, ctx.logger, {
    to: user.email,
    ...passwordChangedFromSettings(ctx.env.APP_URL, user.firstName),
  });
  return session;
}
