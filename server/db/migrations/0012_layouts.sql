CREATE TABLE "layout_versions" (
	"transformation_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"pieces" jsonb NOT NULL,
	"result_key" text,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layout_versions_transformation_id_version_pk" PRIMARY KEY("transformation_id","version")
);
--> statement-breakpoint
CREATE TABLE "transformation_rooms" (
	"transformation_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"room" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "layout_versions" ADD CONSTRAINT "layout_versions_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformation_rooms" ADD CONSTRAINT "transformation_rooms_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformation_rooms" ADD CONSTRAINT "transformation_rooms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layout_versions_created_idx" ON "layout_versions" USING btree ("created_at");