// A forgotten password (decision 0123 on its timing): the reset link by mail, its check, and the new
// password that spends it and signs the user out everywhere.
import { RESET_TOKEN_TTL_MS } from '#shared/constants/auth.ts';
import type { ResetPasswordInput } from '#shared/schemas/auth.ts';
import type { AppContext } from '../../context.ts';
import * as mail from '../../lib/mail/templates.ts';
import { sendInBackground } from '../../lib/mail/background.ts';
import { clear } from '../../lib/rate-limit.ts';
import * as repo from './auth.repo.ts';
import { sendMail, type RequestMeta } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { assertStrongPassword, personalWords } from './password-strength.ts';
import * as rules from './rate-rules.ts';
import { endAllSessions } from './session.service.ts';
import { isWellFormedToken, newToken, sha256Hex } from './tokens.ts';

/**
 * Same answer, in the same time, whether or not the account exists: the reset token is written by one
 * conditional statement that matches no row for an unknown address, and the mail is sent after the
 * response (its delivery time would otherwise tell).
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.clock();
  const key = rules.rateKeys(ctx.env).forgotPassword(email);
  const token = newToken();
  const expires = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  // One transaction: one commit, hence one WAL flush on PostgreSQL, whether or not the address is
  // known. Apart, a known address paid a second flush (its token update) and answered measurably later
  // (decision 0123). A refusal rolls the counter back, which changes nothing: it is already over.
  const user = await ctx.db.transaction(async (tx) => {
    await rules.enforceAccountLimit(tx, key, rules.FORGOT_PASSWORD_PER_EMAIL, now);
    return repo.setResetTokenByEmail(tx, email, sha256Hex(token), expires, now);
  });
  if (!user) return;
  sendInBackground(ctx.mailer, ctx.logger, {
    to: user.email,
    ...mail.passwordResetEmail(ctx.env.APP_URL, user.firstName, token),
  });
}

export async function isResetTokenValid(ctx: AppContext, token: string | undefined): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  return repo.hasLiveResetToken(ctx.db, sha256Hex(token), ctx.clock());
}

/**
 * Sets the new password, spends the token and signs the user out everywhere. False for a bad token.
 * Cheap refusals first: the source limit, then the token (without spending it), then the password's
 * strength; only a request that will succeed pays for argon2id.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordInput,
  meta: RequestMeta,
): Promise<boolean> {
  const now = ctx.clock();
  const keys = rules.rateKeys(ctx.env);
  await rules.enforceAccountLimit(ctx.db, keys.resetPasswordIp(meta.ip), rules.RESET_PASSWORD_PER_IP, now);
  if (!isWellFormedToken(input.token)) return false;
  const tokenHash = sha256Hex(input.token);
  const owner = await repo.findByLiveResetToken(ctx.db, tokenHash, now);
  if (!owner) return false;
  await assertStrongPassword(input.password, personalWords(owner));
  const passwordHash = await hashPassword(input.password);
  // Still conditional: a parallel request may have spent the token while we hashed.
  const user = await repo.consumeResetToken(ctx.db, tokenHash, passwordHash, ctx.clock());
  if (!user) return false;
  await endAllSessions(ctx.db, user.id);
  // A fresh password also lifts the lock this source earned guessing the old one.
  await clear(ctx.db, keys.loginPair(user.email.toLowerCase(), meta.ip));
  await sendMail(ctx, user.email, mail.passwordChangedNotice(ctx.env.APP_URL, user.firstName));
  return true;
}
