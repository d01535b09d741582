// Charging a transformation and refunding a failed one: the only code that moves allowance or credits
// for staging. The caller (staging) owns the transformation row and passes its id and its charge source.
import type { PlanId } from '#shared/constants/plans.ts';
import {
  chargeSource,
  transformationCost,
  type Balance,
  type ChargeSource,
  type Cost,
} from '#shared/rules/credits.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { unauthorized, usageLimitExceeded } from '../../lib/errors.ts';
import { dueReset } from './billing-period.ts';
import { addUsage, readAccount, type AccountRow } from './account.repo.ts';
import { applyCreditChange } from './ledger.repo.ts';
import { resetIfDue } from './usage.service.ts';

const balanceOf = (a: AccountRow): Balance => ({
  limit: a.limit,
  usage: a.monthlyUsage,
  credits: a.creditsBalance,
});

export interface ChargeRequest {
  userId: string;
  /** The transformation being paid for: the ledger's source id of a credit charge. */
  transformationId: string;
  /**
   * How many earlier (not failed) runs of the same photo the user has. Counted after the user's row is
   * locked, so concurrent regenerations of one photo are counted one after the other.
   */
  countPrevious: () => Promise<number>;
}

export interface Charge {
  cost: Cost;
  /** Stored on the transformation row: a refund gives back to the same place. */
  source: ChargeSource;
  previous: number;
  plan: PlanId;
}

/**
 * Under the user's row lock (held to the end of `tx`): apply a due monthly reset, price the run by the
 * regeneration rule, take the cost from the allowance or a credit, or refuse with 403. Concurrent
 * requests of one user queue on the lock, so a balance of 3 pays for exactly 3 runs.
 */
export async function chargeTransformation(tx: Tx, now: Date, r: ChargeRequest): Promise<Charge> {
  const locked = await readAccount(tx, r.userId, true);
  if (!locked) throw unauthorized();
  const account = await resetIfDue(tx, locked, now);
  const previous = await r.countPrevious();
  const cost = transformationCost(previous);
  const source = chargeSource(cost, balanceOf(account));
  if (!source) throw usageLimitExceeded();
  if (source === 'allowance' || source === 'unlimited') await addUsage(tx, r.userId, 1);
  if (source === 'credit') {
    const paid = await applyCreditChange(tx, {
      userId: r.userId,
      delta: -1,
      reason: 'Room transformation',
      source: 'transformation',
      sourceId: r.transformationId,
    });
    if (!paid?.applied) throw usageLimitExceeded();
  }
  return { cost, source, previous, plan: account.subscriptionPlan as PlanId };
}

/**
 * Gives back exactly what a run took; call it in the transaction that settles the row (failed, or
 * completed with fewer pieces than the room type needs). The credit's reversing row has the run's id as
 * its source id, so a row is refunded at most once whatever settles it.
 */
export async function refundTransformation(
  tx: Tx,
  row: { id: string; userId: string; chargedFrom: string | null },
  reason = 'Refund: transformation failed',
): Promise<void> {
  if (row.chargedFrom === 'allowance' || row.chargedFrom === 'unlimited') await addUsage(tx, row.userId, -1);
  if (row.chargedFrom === 'credit') {
    await applyCreditChange(tx, {
      userId: row.userId,
      delta: 1,
      reason,
      source: 'transformation_refund',
      sourceId: row.id,
    });
  }
}

/**
 * Whether the user could pay for a new photo's run now (allowance after a due reset, or a credit),
 * without locking: a cheap check before an upload is read. The charge itself still decides.
 */
export async function canPayNewRun(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const account = await readAccount(db, userId);
  if (!account) throw unauthorized();
  const usage = dueReset(account.usageResetDate, now) ? 0 : account.monthlyUsage;
  return chargeSource(transformationCost(0), { ...balanceOf(account), usage }) !== null;
}
