import type { Env } from '../../env.ts';
import type { RateRule } from '../../lib/rate-limit.ts';
import { rateKey } from '../../lib/rate-key.ts';

// Limits on the image routes (docs/security.md). Sized for real listing work: a 40-photo listing, each
// photo checked a few times and staged three times (the first run and both free regenerations), fits in
// one window with room to spare. Visitors (identify only) are counted per address.

const MINUTE = 60_000;

/** Signed-in users, per account: 40 photos x (identify on select + re-checks) with 5x headroom. */
export const IDENTIFY_PER_ACCOUNT: RateRule = { limit: 200, windowMs: 10 * MINUTE };
/** Visitors, per address (unchanged from before accounts were counted separately). */
export const IDENTIFY_PER_IP: RateRule = { limit: 30, windowMs: 10 * MINUTE };
export const CHECK_EXISTING_PER_ACCOUNT: RateRule = { limit: 200, windowMs: 10 * MINUTE };
/** 40 photos x 3 runs; each run is also paid for or counted against the free regenerations. */
export const TRANSFORM_PER_ACCOUNT: RateRule = { limit: 120, windowMs: 10 * MINUTE };

// Transformations one account may have running at once in one server copy: TRANSFORMS_AT_ONCE_PER_ACCOUNT.
/** Uploads (identify and check) one account or visitor address may have being read at once. */
export const MAX_CONCURRENT_CHECKS = 4;

export const tooManyImagesChecked = (minutes: number) =>
  `Too many images checked. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const tooManyTransformations = (minutes: number) =>
  `Too many transformations. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const tooManyAtOnceTransforms = (max: number) =>
  `Too many transformations at once: at most ${max} can run together. Please wait for one to finish.`;
export const TOO_MANY_AT_ONCE_CHECKS =
  'Too many images are being checked at once. Please wait a moment and try again.';

export const stagingKeys = (env: Env) => {
  const k = (scope: string, ...parts: string[]) => rateKey(env.sessionSecret, scope, ...parts);
  return {
    identifyAccount: (userId: string) => k('identify:user', userId),
    identifyIp: (ip: string) => k('identify:ip', ip.slice(0, 100)),
    checkAccount: (userId: string) => k('check:user', userId),
    transformAccount: (userId: string) => k('transform:user', userId),
  };
};
