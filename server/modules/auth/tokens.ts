import crypto from 'node:crypto';

// Session, verification and reset tokens: 256 random bits sent to the user, stored only as SHA-256.
// A database leak then yields nothing usable, and lookups by hash need no timing-safe compare (the
// attacker does not control the stored value being compared).

/** 32 random bytes, base64url (43 characters). */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export const sha256Hex = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Anything else (truncated, padded, tampered with) is refused without a database lookup. */
export const isWellFormedToken = (value: unknown): value is string =>
  typeof value === 'string' && TOKEN_SHAPE.test(value);
