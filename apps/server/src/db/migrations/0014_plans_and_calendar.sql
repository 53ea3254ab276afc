-- Changing plans, the calendar feed and the day-before reminder (ADR 0027).
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A custom event proposed twice for the same trail and time (a double submit) was two identical
-- rows nobody had joined: keep the first, so the unique index below can hold from now on.
DELETE FROM "matches" m USING "matches" earlier
  WHERE m.created_manually AND m.status = 'active' AND earlier.created_manually AND earlier.status = 'active'
    AND earlier.id1 = m.id1 AND earlier.trail_id = m.trail_id AND earlier.start_time = m.start_time
    AND (earlier.created_at, earlier.id) < (m.created_at, m.id);--> statement-breakpoint
CREATE UNIQUE INDEX "matches_one_custom_event_uq" ON "matches" USING btree ("id1","trail_id","start_time") WHERE created_manually AND status = 'active';--> statement-breakpoint
CREATE INDEX "matches_reminder_due_idx" ON "matches" USING btree ("start_time") WHERE status = 'confirmed' AND reminded_at IS NULL;--> statement-breakpoint
CREATE INDEX "matches_late_cancel_idx" ON "matches" USING btree ("cancelled_by") WHERE late_cancel;