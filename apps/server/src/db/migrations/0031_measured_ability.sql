CREATE TABLE "activity_connections" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_import_at" timestamp with time zone,
	"last_import_count" integer,
	CONSTRAINT "activity_connections_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "activity_figures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"activity" text NOT NULL,
	"started_on" date,
	"distance_meters" real NOT NULL,
	"elevation_gain_meters" real NOT NULL,
	"flat_moving_seconds" real NOT NULL,
	"flat_moving_meters" real NOT NULL,
	"climb_moving_seconds" real NOT NULL,
	"climb_ascent_meters" real NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_figures_source_uq" UNIQUE("user_id","source_key")
);
--> statement-breakpoint
ALTER TABLE "activity_connections" ADD CONSTRAINT "activity_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_figures" ADD CONSTRAINT "activity_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_figures_user_idx" ON "activity_figures" USING btree ("user_id","activity");