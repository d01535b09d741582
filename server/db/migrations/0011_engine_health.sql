CREATE TABLE "engine_health" (
	"engine" varchar(32) PRIMARY KEY NOT NULL,
	"model" varchar(255) NOT NULL,
	"healthy" boolean DEFAULT true NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error_code" varchar(255),
	"last_error_message" text,
	"last_checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engine_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engine" varchar(32) NOT NULL,
	"ok" boolean NOT NULL,
	"latency_ms" integer NOT NULL,
	"provider_code" varchar(255),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "engine_runs_engine_at_idx" ON "engine_runs" USING btree ("engine","at");