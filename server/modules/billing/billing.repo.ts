import { and, desc, eq, isNull, like, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  creditPurchases,
  payments,
  stripeEvents,
  testCheckoutSessions,
  users,
} from '../../db/schema/index.ts';

const BILLING_USER = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  subscriptionPlan: users.subscriptionPlan,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
  subscriptionBillingCycle: users.subscriptionBillingCycle,
  subscriptionPendingPlan: users.subscriptionPendingPlan,
};
export type BillingUser = { [K in keyof typeof BILLING_USER]: (typeof BILLING_USER)[K]['_']['data'] };

/** The user's billing fields; `forUpdate` locks the row for the rest of the transaction. */
export async function findBillingUser(
  db: DbOrTx,
  userId: string,
  forUpdate = false,
): Promise<BillingUser | null> {
  const q = db.select(BILLING_USER).from(users).where(eq(users.id, userId));
  const rows = forUpdate ? await q.for('update') : await q;
  return (rows[0] as BillingUser | undefined) ?? null;
}

export async function findUserIdByCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findUserIdBySubscription(db: DbOrTx, subscriptionId: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Stores the customer id unless one is already stored (two racing requests keep the first). */
export async function setCustomerIdIfMissing(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
}

export type SubscriptionFields = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'subscriptionPlan'
    | 'subscriptionStatus'
    | 'stripeSubscriptionId'
    | 'subscriptionPeriodEnd'
    | 'subscriptionBillingCycle'
    | 'subscriptionPendingPlan'
  >
>;

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  fields: SubscriptionFields,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Records an event id; false when it was already recorded (a replay), which makes the caller a no-op. */
export async function recordStripeEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** The new payment's id, or null when one with the same reference exists (a replay). */
export async function insertPayment(db: DbOrTx, row: typeof payments.$inferInsert): Promise<string | null> {
  const rows = await db
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.stripePaymentId })
    .returning({ id: payments.id });
  return rows[0]?.id ?? null;
}

export async function insertCreditPurchase(
  db: DbOrTx,
  row: typeof creditPurchases.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(creditPurchases)
    .values(row)
    .onConflictDoNothing({ target: creditPurchases.stripePaymentId })
    .returning({ id: creditPurchases.id });
  return rows.length > 0;
}

export const listPayments = (db: DbOrTx, userId: string) =>
  db
    .select({
      id: payments.id,
      planId: payments.planId,
      description: payments.description,
      invoiceUrl: payments.invoiceUrl,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));

export const listCreditPurchases = (db: DbOrTx, userId: string) =>
  db
    .select({
      id: creditPurchases.id,
      packageId: creditPurchases.packageId,
      creditsReceived: creditPurchases.creditsReceived,
      amount: creditPurchases.amount,
      currency: creditPurchases.currency,
      status: creditPurchases.status,
      createdAt: creditPurchases.createdAt,
      paymentId: payments.id,
    })
    .from(creditPurchases)
    // The payment row of the same purchase (same provider reference): its receipt.
    .leftJoin(payments, eq(payments.stripePaymentId, creditPurchases.stripePaymentId))
    .where(eq(creditPurchases.userId, userId))
    .orderBy(desc(creditPurchases.createdAt), desc(creditPurchases.id));

// ---- The embedded test checkout's sessions ----

export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;

export async function insertTestSession(
  db: DbOrTx,
  row: typeof testCheckoutSessions.$inferInsert,
): Promise<string> {
  const [r] = await db.insert(testCheckoutSessions).values(row).returning({ id: testCheckoutSessions.id });
  if (!r) throw new Error('insertTestSession: no row');
  return r.id;
}

/** A session by id; with `forUpdate` the row is locked, so two Pay clicks run one after the other. */
export async function findTestSession(
  db: DbOrTx,
  id: string,
  forUpdate = false,
): Promise<TestSessionRow | null> {
  const q = db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function updateTestSession(
  db: DbOrTx,
  id: string,
  fields: Partial<
    Pick<TestSessionRow, 'status' | 'completedAt' | 'periodEnd' | 'cancelAtPeriodEnd' | 'planId' | 'amount'>
  >,
): Promise<void> {
  await db.update(testCheckoutSessions).set(fields).where(eq(testCheckoutSessions.id, id));
}

/** Users on a test subscription whose paid period is over: it renews, or ends when set to cancel. */
export const endedTestSubscriptions = (db: DbOrTx, now: Date) =>
  db
    .select({ userId: users.id, subscriptionId: users.stripeSubscriptionId, session: testCheckoutSessions })
    .from(users)
    .innerJoin(
      testCheckoutSessions,
      sql`${users.stripeSubscriptionId} = 'test_sub_' || ${testCheckoutSessions.id}::text`,
    )
    .where(and(like(users.stripeSubscriptionId, 'test\\_sub\\_%'), lte(testCheckoutSessions.periodEnd, now)))
    .limit(200);

/** One payment of one user, with its account's e-mail and name (the receipt). */
export async function findPaymentForReceipt(db: DbOrTx, paymentId: string) {
  const rows = await db
    .select({
      payment: payments,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return rows[0] ?? null;
}
