import { Hono } from 'hono';
import { errorBody, type ErrorCode } from '../../lib/errors.ts';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import {
  changePasswordSchema,
  deactivateSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  updateProfileSchema,
  verifyEmailQuerySchema,
  type LoginResponse,
  type MessageResponse,
  type VerifyEmailResponse,
} from '#shared/schemas/auth.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import { readJson } from '../../lib/http.ts';
import { deactivateAccount } from './account-lifecycle.service.ts';
import * as auth from './auth.service.ts';
import { changePassword } from './password-change.service.ts';
import { forgotPassword, isResetTokenValid, resetPassword } from './password-reset.service.ts';
import {
  clearSessionCookie,
  clientIp,
  readSessionToken,
  requireUser,
  setSessionCookie,
} from './session.middleware.ts';
import { destroySession } from './session.service.ts';

const ok = (message: string): MessageResponse => ({ success: true, message });
const failed = (code: ErrorCode, message: string): MessageResponse => ({ success: false, code, message });

export function authRoutes(ctx: AppContext) {
  return (
    new Hono<AppBindings>()
      .post('/register', async (c) => {
        await auth.register(ctx, await readJson(c, registerSchema), { ip: clientIp(c, ctx.env) });
        return c.json(ok(AUTH_MESSAGES.registered), 201);
      })
      .post('/login', async (c) => {
        const input = await readJson(c, loginSchema);
        const result = await auth.login(ctx, input, {
          ip: clientIp(c, ctx.env),
          previousToken: readSessionToken(c, ctx.env),
        });
        setSessionCookie(c, ctx.env, result.session);
        const message = result.reactivated ? AUTH_MESSAGES.reactivated : AUTH_MESSAGES.loggedIn;
        return c.json({
          success: true,
          message,
          user: result.user,
          reactivated: result.reactivated,
        } satisfies LoginResponse);
      })
      // POST only (and CSRF-checked like every POST): a GET or HEAD could be fired by any page with a
      // link or an image and sign the user out.
      .post('/logout', async (c) => {
        const token = readSessionToken(c, ctx.env);
        if (token) await destroySession(ctx.db, token);
        clearSessionCookie(c, ctx.env);
        c.header('Cache-Control', 'no-store');
        return c.json(ok(AUTH_MESSAGES.loggedOut));
      })
      // An old bookmark or a cross-site <img>: say how, change nothing (HEAD is routed here too).
      .get('/logout', (c) => {
        c.header('Allow', 'POST');
        return c.json(errorBody('method_not_allowed', AUTH_MESSAGES.logoutNeedsPost), 405);
      })
      .get('/auth/user', (c) => {
        c.header('Cache-Control', 'no-store');
        // `?optional=1`: the site's own "who is here?" check answers 200 null for a visitor instead of a 401
        // that every browser logs as an error on every page; without it the answer is the usual 401.
        if (c.req.query('optional') === '1' && !c.get('user')) return c.json(null);
        return c.json(auth.toCurrentUser(requireUser(c)));
      })
      .patch('/auth/user', async (c) => {
        const user = requireUser(c);
        const input = await readJson(c, updateProfileSchema);
        return c.json({
          success: true,
          message: AUTH_MESSAGES.profileUpdated,
          user: await auth.updateProfile(ctx, user.id, input),
        });
      })
      .get('/verify-email', async (c) => {
        const parsed = verifyEmailQuerySchema.safeParse({ token: c.req.query('token') });
        if (!parsed.success)
          return c.json(failed('invalid_input', parsed.error.issues[0]?.message ?? 'Invalid request'), 400);
        const outcome = await auth.verifyEmail(ctx, parsed.data.token);
        if (outcome === 'verified') return c.json(ok(AUTH_MESSAGES.emailVerified));
        if (outcome === 'already-verified') {
          return c.json({
            ...ok(AUTH_MESSAGES.emailAlreadyVerified),
            alreadyVerified: true,
          } satisfies VerifyEmailResponse);
        }
        return c.json(failed('invalid_token', AUTH_MESSAGES.invalidVerificationLink), 400);
      })
      .post('/resend-verification', async (c) => {
        await auth.resendVerification(ctx, (await readJson(c, resendVerificationSchema)).email);
        return c.json(ok(AUTH_MESSAGES.verificationResent));
      })
      .post('/forgot-password', async (c) => {
        await forgotPassword(ctx, (await readJson(c, forgotPasswordSchema)).email);
        return c.json(ok(AUTH_MESSAGES.resetLinkSent));
      })
      .get('/verify-reset-token', async (c) =>
        c.json({ valid: await isResetTokenValid(ctx, c.req.query('token')) }),
      )
      .post('/reset-password', async (c) => {
        const input = await readJson(c, resetPasswordSchema);
        return (await resetPassword(ctx, input, { ip: clientIp(c, ctx.env) }))
          ? c.json(ok(AUTH_MESSAGES.passwordReset))
          : c.json(failed('invalid_token', AUTH_MESSAGES.invalidResetToken), 400);
      })
      // Signed in, with the current password: the new one replaces it, every session ends and this
      // browser gets a fresh one (so it stays signed in while any copied cookie stops working).
      .post('/auth/change-password', async (c) => {
        const user = requireUser(c);
        const input = await readJson(c, changePasswordSchema);
        const session = await changePassword(ctx, user, input, { ip: clientIp(c, ctx.env) });
        setSessionCookie(c, ctx.env, session);
        return c.json(ok(AUTH_MESSAGES.passwordChanged));
      })
      .post('/auth/deactivate', async (c) => {
        const user = requireUser(c);
        const { password } = await readJson(c, deactivateSchema);
        await deactivateAccount(ctx, user, password, { ip: clientIp(c, ctx.env) });
        clearSessionCookie(c, ctx.env);
        return c.json(ok(AUTH_MESSAGES.deactivated));
      })
  );
}
