-- Block, report and moderation (issue 14, ADR 0032).
CREATE TABLE "admin_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" text,
	"report_id" uuid,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"reported_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"context" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id","blocker_id");
--> statement-breakpoint
-- The lock a block and anything pairing two people share (ADR 0032): whichever comes second waits
-- for the first to commit and then sees it, so no match or message slips past a block.
CREATE FUNCTION safety_pair_lock(a text, b text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('block:' || least(a, b) || ':' || greatest(a, b), 0));
$$;
--> statement-breakpoint
CREATE FUNCTION safety_pair_blocked(a text, b text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM user_blocks WHERE (blocker_id = a AND blocked_id = b) OR (blocker_id = b AND blocked_id = a));
$$;
--> statement-breakpoint
-- SQLSTATE TBBLK: the services turn it into the answer an unavailable person gets.
CREATE FUNCTION matches_refuse_blocked_pair() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM safety_pair_lock(NEW.id1, NEW.id2);
  IF safety_pair_blocked(NEW.id1, NEW.id2) THEN
    RAISE EXCEPTION 'these two people are blocked' USING ERRCODE = 'TBBLK';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER matches_refuse_blocked_pair_ins BEFORE INSERT ON matches FOR EACH ROW
  WHEN (NEW.id2 IS NOT NULL AND NEW.status IN ('pending', 'confirmed'))
  EXECUTE FUNCTION matches_refuse_blocked_pair();
--> statement-breakpoint
CREATE TRIGGER matches_refuse_blocked_pair_upd BEFORE UPDATE ON matches FOR EACH ROW
  WHEN (NEW.id2 IS NOT NULL AND NEW.status IN ('pending', 'confirmed')
        AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.id2 IS DISTINCT FROM NEW.id2))
  EXECUTE FUNCTION matches_refuse_blocked_pair();
--> statement-breakpoint
CREATE FUNCTION messages_refuse_blocked_pair() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE other text;
BEGIN
  SELECT p INTO other FROM matches m, unnest(m.participants) p WHERE m.id = NEW.match_id AND p <> NEW.sender_id LIMIT 1;
  IF other IS NOT NULL THEN
    PERFORM safety_pair_lock(NEW.sender_id, other);
    IF safety_pair_blocked(NEW.sender_id, other) THEN
      RAISE EXCEPTION 'these two people are blocked' USING ERRCODE = 'TBBLK';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_refuse_blocked_pair BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION messages_refuse_blocked_pair();
--> statement-breakpoint
-- The audit log cannot be edited: not by the application, not by a cascade, not by hand.
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only' USING ERRCODE = 'TBAUD';
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only();
