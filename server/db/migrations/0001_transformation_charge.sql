ALTER TABLE "transformations" ADD COLUMN "charged_from" varchar(16);--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "completed_at" timestamp with time zone;