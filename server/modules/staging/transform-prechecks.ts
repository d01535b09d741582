import type { AppContext } from '../../context.ts';
import { AppError, tooManyRequests, usageLimitExceeded } from '../../lib/errors.ts';
import { InFlight } from '../../lib/in-flight.ts';
import { estimateTaskBytes, maxPixelsWithin, type ImageTask } from '../../lib/images/memory-budget.ts';
import { readImageHeader } from '../../lib/images/decode.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { FREE_REGENERATIONS } from '#shared/rules/credits.ts';
import { canPayNewRun } from '../credits/index.ts';
import { hasPhotoRunAtMost } from '../transformations/index.ts';
import * as limits from './staging-limits.ts';

// The cheap refusals of the image routes, in the order they cost: the session (the route), the rate
// limit (one upsert), the concurrency slot (memory), whether the user could pay at all (two reads), and
// only then the body; of the body, the header (sharp reads it without decoding a pixel) before any
// worker decodes it. A request that will be refused never costs a decode.

const RETRY_SOON_SECONDS = 10;

export interface Admission {
  /** Counts a transform against the account's limit and takes one of its concurrent slots. */
  transform(ctx: AppContext, userId: string): Promise<() => void>;
  /**
   * Identify is open to visitors: signed-in users are counted per account (sized for listing work),
   * visitors per address. Check-existing needs an account.
   */
  check(
    ctx: AppContext,
    kind: 'identify' | 'check',
    who: { userId: string | null; ip: string },
  ): Promise<() => void>;
}

/** One per app (server copy): the concurrency slots count this copy's work, as its memory is its own. */
export function createAdmission(): Admission {
  const running = new InFlight();
  return {
    async transform(ctx, userId) {
      const key = limits.stagingKeys(ctx.env).transformAccount(userId);
      await enforce(ctx.db, key, limits.TRANSFORM_PER_ACCOUNT, ctx.clock(), limits.tooManyTransformations);
      const max = ctx.env.TRANSFORMS_AT_ONCE_PER_ACCOUNT;
      const release = running.tryEnter(`transform:${userId}`, max);
      if (!release) throw tooManyRequests(limits.tooManyAtOnceTransforms(max), RETRY_SOON_SECONDS);
      return release;
    },
    async check(ctx, kind, who) {
      const keys = limits.stagingKeys(ctx.env);
      const now = ctx.clock();
      if (who.userId) {
        const [key, rule] =
          kind === 'identify'
            ? [keys.identifyAccount(who.userId), limits.IDENTIFY_PER_ACCOUNT]
            : [keys.checkAccount(who.userId), limits.CHECK_EXISTING_PER_ACCOUNT];
        await enforce(ctx.db, key, rule, now, limits.tooManyImagesChecked);
      } else {
        await enforce(
          ctx.db,
          keys.identifyIp(who.ip),
          limits.IDENTIFY_PER_IP,
          now,
          limits.tooManyImagesChecked,
        );
      }
      const slot = who.userId ? `checks:user:${who.userId}` : `checks:ip:${who.ip}`;
      const release = running.tryEnter(slot, limits.MAX_CONCURRENT_CHECKS);
      if (!release) throw tooManyRequests(limits.TOO_MANY_AT_ONCE_CHECKS, RETRY_SOON_SECONDS);
      return release;
    },
  };
}

/**
 * Refuses (403, the usual message) a user who could not pay for any run: no allowance, no credits, and
 * no photo with a free regeneration left. Conservative: photos are grouped by exact hash here (the
 * charge groups similar hashes, which only merges groups), so anyone the charge might let through
 * passes; the charge itself still decides under the row lock.
 */
export async function assertMightPay(ctx: AppContext, userId: string): Promise<void> {
  if (await canPayNewRun(ctx.db, userId, ctx.clock())) return;
  const freeLeft = await hasPhotoRunAtMost(ctx.db, userId, FREE_REGENERATIONS);
  if (!freeLeft) throw usageLimitExceeded();
}

export interface ImageHeader {
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

const megapixels = (pixels: number) => Math.floor(pixels / 1e5) / 10;

/**
 * Reads only the header: the real type (magic bytes and the decoder agree) and the declared size, then
 * refuses what the decode would refuse (over 50 MP) and what would not fit one worker's memory budget
 * for `task`. A 157 KB PNG that declares 49 MP is refused here, before a worker allocates 230 MB.
 */
export async function checkImageHeader(
  ctx: AppContext,
  bytes: Uint8Array,
  task: ImageTask,
): Promise<ImageHeader> {
  const { format, width, height } = await readImageHeader(bytes);
  const pixels = width * height;
  const budget = ctx.env.WORKER_MEMORY_MB * 1024 * 1024;
  if (estimateTaskBytes(task, pixels) > budget) {
    throw new AppError(
      'unprocessable',
      `This photo is too large to process (${megapixels(pixels)} megapixels). Please upload one of at most ${megapixels(maxPixelsWithin(task, budget))} megapixels.`,
    );
  }
  return { format, width, height };
}
