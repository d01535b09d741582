ALTER TABLE "transformations" ADD COLUMN "queue_priority" integer;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "queued_at" timestamp with time zone;