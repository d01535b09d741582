ALTER TABLE "batches" ADD COLUMN "same_furniture" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ALTER COLUMN "same_furniture" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "furniture_set" integer;
