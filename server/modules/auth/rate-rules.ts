import type { RateRule } from '../../lib/rate-limit.ts';
import { sha256Hex } from './tokens.ts';

// The limits documented in docs/accounts.md. Keys hold a hash of the e-mail, not the address itself.

const MINUTE = 60_000;
export const LOGIN_PER_ACCOUNT: RateRule = { limit: 5, windowMs: 15 * MINUTE };
export const LOGIN_PER_IP: RateRule = { limit: 20, windowMs: 15 * MINUTE };
export const FORGOT_PASSWORD_PER_EMAIL: RateRule = { limit: 3, windowMs: 60 * MINUTE };
export const RESEND_VERIFICATION_PER_EMAIL: RateRule = { limit: 3, windowMs: 60 * MINUTE };

export const loginAccountKey = (email: string) => `login:email:${sha256Hex(email)}`;
export const loginIpKey = (ip: string) => `login:ip:${ip.slice(0, 100)}`;
export const forgotPasswordKey = (email: string) => `forgot:email:${sha256Hex(email)}`;
export const resendVerificationKey = (email: string) => `resend:email:${sha256Hex(email)}`;
