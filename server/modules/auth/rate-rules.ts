import { tooManyRequests } from '#shared/constants/auth.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { rateKey } from '../../lib/rate-key.ts';

// The limits documented in docs/accounts.md and docs/security.md. Keys are HMACs (see rate-key.ts).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins per account *and* source: a stranger's guesses from their address lock only their
 * address out of this account, never the owner signing in from theirs.
 */
export const LOGIN_PER_ACCOUNT_AND_IP: RateRule = { limit: 5, windowMs: 15 * MINUTE };
/** Failed sign-ins per source across all accounts (one address spraying many accounts). */
export const LOGIN_PER_IP: RateRule = { limit: 20, windowMs: 15 * MINUTE };
/**
 * Failed sign-ins per account from everywhere. Never blocks (that would hand the lock to an attacker);
 * crossing it logs a security event once per window, for an operator to look at.
 */
export const LOGIN_FAILURES_ALERT: RateRule = { limit: 20, windowMs: HOUR };
export const FORGOT_PASSWORD_PER_EMAIL: RateRule = { limit: 3, windowMs: HOUR };
export const RESEND_VERIFICATION_PER_EMAIL: RateRule = { limit: 3, windowMs: HOUR };
/** Each registration mails the address (verification or "someone tried"): at most 3 a victim can get. */
export const REGISTER_PER_EMAIL: RateRule = { limit: 3, windowMs: HOUR };
/** Each registration runs argon2id; an office behind one address still fits in 20 sign-ups an hour. */
export const REGISTER_PER_IP: RateRule = { limit: 20, windowMs: HOUR };
/** Reset links are single use; a person needs a few tries at most (typos in the new password). */
export const RESET_PASSWORD_PER_IP: RateRule = { limit: 10, windowMs: 15 * MINUTE };

const ip = (value: string) => value.slice(0, 100);

export const rateKeys = (env: Env) => {
  const k = (scope: string, ...parts: string[]) => rateKey(env.sessionSecret, scope, ...parts);
  return {
    loginPair: (email: string, from: string) => k('login:pair', email, ip(from)),
    loginIp: (from: string) => k('login:ip', ip(from)),
    loginAccount: (email: string) => k('login:account', email),
    forgotPassword: (email: string) => k('forgot:email', email),
    resendVerification: (email: string) => k('resend:email', email),
    registerEmail: (email: string) => k('register:email', email),
    registerIp: (from: string) => k('register:ip', ip(from)),
    resetPasswordIp: (from: string) => k('reset:ip', ip(from)),
  };
};

/**
 * Counts one attempt against an account limit and, once over it, refuses with the account pages'
 * "try again in N minutes" sentence: every limit above that refuses does so with these words.
 */
export const enforceAccountLimit = (db: DbOrTx, key: string, rule: RateRule, now: Date) =>
  enforce(db, key, rule, now, tooManyRequests);
