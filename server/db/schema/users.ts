import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { BILLING_CYCLES } from '#shared/constants/plans.ts';
import { subscriptionPlans } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    profileImageUrl: text('profile_image_url'),
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    // Tokens are stored as SHA-256 hashes, never as sent.
    verificationToken: varchar('verification_token', { length: 64 }),
    verificationTokenExpires: ts('verification_token_expires'),
    resetToken: varchar('reset_token', { length: 64 }),
    resetTokenExpires: ts('reset_token_expires'),
    deactivatedAt: ts('deactivated_at'),
    scheduledDeletionDate: ts('scheduled_deletion_date'),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    subscriptionPlan: varchar('subscription_plan', { length: 32 })
      .notNull()
      .default('free')
      .references(() => subscriptionPlans.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    subscriptionStatus: varchar('subscription_status', { length: 32 }).notNull().default('active'),
    monthlyUsage: integer('monthly_usage').notNull().default(0),
    usageResetDate: ts('usage_reset_date'),
    // Not in the spec's table: when the paid period ends. usageResetDate is monthly even on yearly plans,
    // so it cannot say when a cancelled yearly subscription stops. Null on free and after the end.
    subscriptionPeriodEnd: ts('subscription_period_end'),
    // Not in the spec's table either: the paid subscription's cycle, so the Billing tab can show the price
    // actually paid ($290 per year, not $29 per month). Null on free, after the end, or when unknown.
    subscriptionBillingCycle: varchar('subscription_billing_cycle', { length: 16, enum: BILLING_CYCLES }),
    // A downgrade waiting for the period end (Premium -> Pro): the plan the next period is on. The current
    // plan stays until then; null when no change is scheduled (see decision 0060).
    subscriptionPendingPlan: varchar('subscription_pending_plan', { length: 32 }).references(
      () => subscriptionPlans.id,
      {
        onUpdate: 'cascade',
        onDelete: 'set null',
      },
    ),
    creditsBalance: integer('credits_balance').notNull().default(0),
    role: varchar('role', { length: 16 }).notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_verification_token_idx').on(t.verificationToken),
    uniqueIndex('users_reset_token_idx').on(t.resetToken),
    uniqueIndex('users_stripe_customer_idx').on(t.stripeCustomerId),
    index('users_scheduled_deletion_idx').on(t.scheduledDeletionDate),
    check('users_credits_nonnegative', sql`${t.creditsBalance} >= 0`),
    check('users_usage_nonnegative', sql`${t.monthlyUsage} >= 0`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_billing_cycle_check', sql`${t.subscriptionBillingCycle} in ('monthly', 'yearly')`),
  ],
);

export const sessions = pgTable(
  'session',
  {
    // SHA-256 (hex) of the cookie token; the token itself is never stored.
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: json('sess').notNull(),
    expire: ts('expire').notNull(),
    // Not in the spec's table, added so "end every session of this user" is one indexed delete.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server copy. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetResourceId: varchar('target_resource_id', { length: 255 }),
    details: json('details'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt.desc(), t.id)],
);

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    status: varchar('status', { length: 32 }).notNull().default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_submissions_created_idx').on(t.createdAt)],
);

export { ts };
