ALTER TABLE "users" ADD COLUMN "subscription_pending_plan" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_url" text;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "declutter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "error_retry_after" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_pending_plan_subscription_plans_id_fk" FOREIGN KEY ("subscription_pending_plan") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
-- Hand-added backfill: earlier payments get the description their receipt shows.
UPDATE "payments" SET "description" = "k"."name" || ': ' || "c"."credits_received" || ' credits' FROM "credit_purchases" "c" JOIN "credit_packages" "k" ON "k"."id" = "c"."package_id" WHERE "payments"."plan_id" IS NULL AND "payments"."description" IS NULL AND "c"."stripe_payment_id" = "payments"."stripe_payment_id";--> statement-breakpoint
UPDATE "payments" SET "description" = "p"."name" || ' plan' FROM "subscription_plans" "p" WHERE "payments"."plan_id" = "p"."id" AND "payments"."description" IS NULL;
