import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import type { ChangePasswordInput } from '#shared/schemas/auth.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { sendInBackground } from '../../lib/mail/background.ts';
import { render } from '../../lib/mail/templates.ts';
import * as repo from './auth.repo.ts';
import { hashPassword } from './password.ts';
import { assertStrongPassword, personalWords } from './password-strength.ts';
import { confirmPassword } from './sign-in-failures.ts';
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
  const creds = await confirmPassword(
    ctx,
    user,
    input.currentPassword,
    meta.ip,
    AUTH_MESSAGES.incorrectCurrentPassword,
  );
  if (input.newPassword === input.currentPassword) {
    throw new AppError('same_password', AUTH_MESSAGES.samePassword, {}, 'newPassword');
  }
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
