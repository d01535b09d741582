CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"transformation_id" uuid,
	"batch_id" uuid,
	"listing_title" varchar(200),
	"indexable" boolean DEFAULT false NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_one_target" CHECK ("public_links"."transformation_id" is null or "public_links"."batch_id" is null)
);
--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_token_idx" ON "public_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_live_transformation_idx" ON "public_links" USING btree ("transformation_id") WHERE "public_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_live_batch_idx" ON "public_links" USING btree ("batch_id") WHERE "public_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "public_links_user_idx" ON "public_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "public_links_keep_until_idx" ON "public_links" USING btree ("keep_until");