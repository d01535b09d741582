import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { AUTH_MESSAGES } from '#shared/constants/auth.ts';
import type { AppBindings, AppContext } from '../../context.ts';
import type { Env } from '../../env.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { SessionUserRow } from './auth.repo.ts';
import { resolveSession, type NewSession } from './session.service.ts';

/**
 * `__Host-` pins the cookie to our exact origin (no Domain, Path=/, Secure), so a sibling sub-domain
 * cannot plant or read it. Browsers only accept it over https, hence production with an https APP_URL.
 */
export const sessionCookieName = (env: Env) =>
  env.isProduction && env.secureCookies ? '__Host-rs_session' : 'rs_session';

const cookieOptions = (env: Env) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'Lax' as const,
  secure: env.secureCookies,
});

export function setSessionCookie(c: Context, env: Env, session: NewSession) {
  setCookie(c, sessionCookieName(env), session.token, {
    ...cookieOptions(env),
    maxAge: session.maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context, env: Env) {
  deleteCookie(c, sessionCookieName(env), cookieOptions(env));
}

export const readSessionToken = (c: Context, env: Env) => getCookie(c, sessionCookieName(env));

/** Puts the signed-in user (or null) on every /api request. */
export function loadSession(ctx: AppContext): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    c.set('user', null);
    const token = readSessionToken(c, ctx.env);
    if (token) {
      const session = await resolveSession(ctx.db, token, ctx.clock());
      if (session) c.set('user', session.user);
      // A dead or unknown cookie is dropped so the browser stops sending it.
      else clearSessionCookie(c, ctx.env);
    }
    await next();
  };
}

/** The signed-in user, or a 401 'Unauthorized' (the client sends the user to /login on it). */
export function requireUser(c: Context<AppBindings>): SessionUserRow {
  const user = c.get('user');
  if (!user) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return user;
}

/** 401 when signed out, 403 for a signed-in non-admin. The role is read from the database per request. */
export function requireAdmin(c: Context<AppBindings>): SessionUserRow {
  const user = requireUser(c);
  if (user.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminRequired);
  return user;
}

/**
 * The client address for per-IP limits. Behind N trusted proxies (TRUST_PROXY_HOPS) it is the N-th
 * X-Forwarded-For entry from the right, the one our own proxy wrote; entries further left are
 * client-supplied and could be forged.
 */
export function clientIp(c: Context, env: Env): string {
  if (env.TRUST_PROXY_HOPS > 0) {
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[hops.length - env.TRUST_PROXY_HOPS];
    if (ip) return ip;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}
