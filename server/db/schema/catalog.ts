import {
  boolean,
  integer,
  json,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const subscriptionPlans = pgTable('subscription_plans', {
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  monthlyPrice: money('monthly_price').notNull(),
  yearlyPrice: money('yearly_price'),
  monthlyTransformations: integer('monthly_transformations').notNull(),
  features: json('features').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const creditPackages = pgTable('credit_packages', {
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  credits: integer('credits').notNull(),
  price: money('price').notNull(),
  pricePerCredit: money('price_per_credit').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const promoCodes = pgTable('promo_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  description: text('description'),
  discountType: varchar('discount_type', { length: 16 }).notNull(),
  discountValue: money('discount_value').notNull(),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export { money };
