ALTER TABLE "users" ADD COLUMN "subscription_period_end" timestamp with time zone;--> statement-breakpoint
-- Hand-added backfill: a running test-checkout subscription already knows its period end. Stripe ones are
-- filled by their next invoice.paid, cancellation or subscription.updated.
UPDATE "users" SET "subscription_period_end" = "s"."period_end" FROM "test_checkout_sessions" "s" WHERE "users"."stripe_subscription_id" = 'test_sub_' || "s"."id"::text;
