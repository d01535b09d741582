import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { creditLedger, users } from '../../db/schema/index.ts';

export interface CreditChange {
  userId: string;
  /** Positive to grant, negative to spend. */
  delta: number;
  reason: string;
  /** What caused it: 'transformation', 'transformation_refund', 'stripe_event', 'admin_grant', … */
  source: string;
  /** Unique per source: the same change can never apply twice. */
  sourceId: string;
}

/**
 * The only way a credits balance changes. Must run inside a transaction. Locks the user row, records the
 * ledger row (a replay of the same source id is a no-op) and moves the balance by the same amount, so
 * the ledger always sums to the balance. Returns null when the balance would go negative.
 */
export async function applyCreditChange(
  tx: Tx,
  change: CreditChange,
): Promise<{ applied: boolean; balance: number } | null> {
  const [row] = await tx
    .select({ balance: users.creditsBalance })
    .from(users)
    .where(eq(users.id, change.userId))
    .for('update');
  if (!row) throw new Error(`applyCreditChange: no user ${change.userId}`);
  const balance = row.balance + change.delta;
  if (balance < 0) return null;
  const inserted = await tx
    .insert(creditLedger)
    .values({ ...change, balanceAfter: balance })
    .onConflictDoNothing({ target: [creditLedger.source, creditLedger.sourceId] })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return { applied: false, balance: row.balance };
  await tx
    .update(users)
    .set({ creditsBalance: balance, updatedAt: sql`now()` })
    .where(and(eq(users.id, change.userId)));
  return { applied: true, balance };
}

/** Sum of a user's ledger; tests compare it with the balance. */
export async function ledgerSum(tx: DbOrTx, userId: string): Promise<number> {
  const [r] = await tx
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(r?.sum ?? 0);
}

/** The ledger row of a change by its (source, source id), e.g. whether a checkout has been fulfilled. */
export async function findLedgerEntry(db: DbOrTx, userId: string, source: string, sourceId: string) {
  const rows = await db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.source, source),
        eq(creditLedger.sourceId, sourceId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The user's credits balance (0 for no such user). */
export async function creditsBalance(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ b: users.creditsBalance }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.b ?? 0;
}
