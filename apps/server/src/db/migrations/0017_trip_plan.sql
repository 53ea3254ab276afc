-- The trip plan (issue 14, ADR 0033): emergency contacts confirmed by link, the exact meeting point of a match, and each participant's shared trip, check-in and check-out.
CREATE TABLE "emergency_contacts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_contacts_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);--> statement-breakpoint
CREATE TABLE "trip_participations" (
	"match_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"shared_at" timestamp with time zone,
	"share_token_hash" text,
	"share_expires_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone,
	CONSTRAINT "trip_participations_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "trip_participations_share_token_hash_unique" UNIQUE("share_token_hash")
);--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "meeting_point" text;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_participations" ADD CONSTRAINT "trip_participations_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_participations" ADD CONSTRAINT "trip_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_participations_overdue_idx" ON "trip_participations" USING btree ("match_id") WHERE shared_at IS NOT NULL AND checked_out_at IS NULL AND overdue_alerted_at IS NULL;
