import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { creditPackages, money, subscriptionPlans } from './catalog.ts';
import { ts, users } from './users.ts';

// Payment rows outlive their user (kept, anonymised, when an account is purged): ON DELETE SET NULL.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripePaymentId: varchar('stripe_payment_id', { length: 255 }),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    status: varchar('status', { length: 32 }).notNull(),
    planId: varchar('plan_id', { length: 32 }).references(() => subscriptionPlans.id, {
      onDelete: 'set null',
    }),
    // Not in the spec's table: what the payment bought, written once at fulfilment so the receipt e-mail and
    // the receipt page say the same ("Pro plan (monthly) until Dec 23, 2026"), and Stripe's hosted invoice.
    description: text('description'),
    invoiceUrl: text('invoice_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_stripe_payment_idx').on(t.stripePaymentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const creditPurchases = pgTable(
  'credit_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: varchar('package_id', { length: 32 })
      .notNull()
      .references(() => creditPackages.id, { onDelete: 'restrict' }),
    stripePaymentId: varchar('stripe_payment_id', { length: 255 }),
    creditsReceived: integer('credits_received').notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    status: varchar('status', { length: 32 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_purchases_stripe_payment_idx').on(t.stripePaymentId),
    index('credit_purchases_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Append-only record of every change to a user's credits balance. (source, source_id) is unique, so a
 * replayed grant or charge (same Stripe event, same transformation) cannot apply twice.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    source: varchar('source', { length: 64 }).notNull(),
    sourceId: varchar('source_id', { length: 255 }).notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_source_idx').on(t.source, t.sourceId),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    check('credit_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Every Stripe event we have applied; inserted in the same transaction as the event's effects. */
export const stripeEvents = pgTable('stripe_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 128 }).notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/**
 * Checkout sessions of the embedded test checkout (used when STRIPE_SECRET_KEY is unset). Kept in the
 * database, not in memory, so any server copy can show and complete a session another copy created.
 * A paid subscription session also stands in for the subscription itself (id `test_sub_<session id>`).
 */
export const testCheckoutSessions = pgTable(
  'test_checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    planId: varchar('plan_id', { length: 32 }).references(() => subscriptionPlans.id, {
      onDelete: 'restrict',
    }),
    packageId: varchar('package_id', { length: 32 }).references(() => creditPackages.id, {
      onDelete: 'restrict',
    }),
    billingCycle: varchar('billing_cycle', { length: 16 }),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    /** Subscriptions only: end of the one period a test payment covers, and the cancel flag. */
    periodEnd: ts('period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('test_checkout_sessions_user_idx').on(t.userId, t.createdAt.desc()),
    check('test_checkout_sessions_kind_check', sql`${t.kind} in ('subscription', 'credits')`),
    check('test_checkout_sessions_status_check', sql`${t.status} in ('open', 'paid', 'canceled')`),
  ],
);
