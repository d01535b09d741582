ALTER TABLE "transformations" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "error_code" varchar(32);