import { eq, sql } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { mailSettled } from '#server/lib/mail/background.ts';
import type { TestContext } from './context.ts';
import { mailTo } from './mail.ts';

export const STRONG_PASSWORD = 'Correct-Horse-9';

/** A valid registration body for `email`, with any field overridden by `extra`. */
export const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: STRONG_PASSWORD,
  ...extra,
});

type Body = Record<string, unknown> | string | undefined;

/**
 * A JSON request as our client sends it (with the CSRF header), optionally with a session cookie.
 * Resolves once any mail the request handed off has been written.
 */
export async function api(
  t: TestContext,
  method: string,
  urlPath: string,
  opts: { body?: Body; cookie?: string | undefined; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'roomstage', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = await t.app.request(urlPath, {
    method,
    headers,
    body:
      opts.body === undefined
        ? undefined
        : typeof opts.body === 'string'
          ? opts.body
          : JSON.stringify(opts.body),
  });
  // Some mails are sent after the response (so its timing reveals nothing); tests read them next.
  await mailSettled(t.ctx.mailer);
  // In-process requests have no socket, so every test registration comes from the one address
  // "unknown"; accounts made as fixtures must not use up the per-address limit that the security tests
  // exercise (they send their own X-Forwarded-For).
  if (urlPath === '/api/register' && !opts.headers?.['X-Forwarded-For']) {
    await t.ctx.db.execute(sql`delete from rate_limits where key like 'register:ip:%'`);
  }
  return res;
}

/** `name=value` of the session cookie a response sets, or null when it sets none. */
export function sessionCookieFrom(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?rs_session=/.test(c));
  return header ? (header.split(';')[0] ?? null) : null;
}

export const tokenFromLink = (link: string) => {
  const u = new URL(link);
  return u.searchParams.get('token') ?? decodeURIComponent(u.pathname.split('/').pop() ?? '');
};

export interface Account {
  email: string;
  password: string;
  id: string;
}

/** Registers through the API and follows the mailed link, so the account can sign in. */
export async function createVerifiedAccount(
  t: TestContext,
  email = `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password = STRONG_PASSWORD,
): Promise<Account> {
  const res = await api(t, 'POST', '/api/register', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const link = mailTo(t.outboxDir, email).at(-1)?.links[0];
  if (!link) throw new Error('no verification mail');
  const verify = await api(t, 'GET', `/api/verify-email?token=${encodeURIComponent(tokenFromLink(link))}`);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status}`);
  return { email, password, id: (await userRow(t, email))!.id };
}

export async function login(t: TestContext, email: string, password: string, cookie?: string) {
  const res = await api(t, 'POST', '/api/login', { body: { email, password }, cookie });
  return { res, cookie: sessionCookieFrom(res), body: (await res.json()) as Record<string, unknown> };
}

export async function signIn(t: TestContext, account: Account): Promise<string> {
  const { res, cookie } = await login(t, account.email, account.password);
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie;
}

export async function userRow(t: TestContext, email: string) {
  const rows = await t.ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export async function userById(t: TestContext, id: string) {
  return (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0] ?? null;
}
