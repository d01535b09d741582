ALTER TABLE "users" ADD COLUMN "subscription_billing_cycle" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_billing_cycle_check" CHECK ("users"."subscription_billing_cycle" in ('monthly', 'yearly'));--> statement-breakpoint
-- Hand-added backfill, as in 0003: a running test-checkout subscription knows its cycle from its session.
-- Stripe ones are filled by their next invoice.paid, cancellation or subscription.updated.
UPDATE "users" SET "subscription_billing_cycle" = "s"."billing_cycle" FROM "test_checkout_sessions" "s" WHERE "users"."stripe_subscription_id" = 'test_sub_' || "s"."id"::text AND "s"."billing_cycle" in ('monthly', 'yearly');
