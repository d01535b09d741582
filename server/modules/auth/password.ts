import crypto from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// argon2id at the OWASP Password Storage Cheat Sheet minimum: m = 19 MiB, t = 2, p = 1.
// Algorithm is an ambient const enum (not usable under isolatedModules); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** False for a wrong password and for a malformed stored hash; never throws. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Costs the same as a real check. Run for unknown e-mails (and accounts without a password) so the
 * response time does not tell whether an account exists.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
