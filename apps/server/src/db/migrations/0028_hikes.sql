CREATE TABLE "hike_bookings" (
	"user_id" text NOT NULL,
	"match_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"period" "tstzrange" NOT NULL,
	"confirmed" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "hike_bookings_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "hike_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "hike_bookings" ADD CONSTRAINT "hike_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hike_bookings" ADD CONSTRAINT "hike_bookings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hike_requests" ADD CONSTRAINT "hike_requests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hike_requests" ADD CONSTRAINT "hike_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hike_requests" ADD CONSTRAINT "hike_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hike_bookings_match_idx" ON "hike_bookings" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "hike_requests_match_idx" ON "hike_requests" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "hike_requests_user_idx" ON "hike_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hike_requests_one_open_uq" ON "hike_requests" USING btree ("match_id","user_id") WHERE status = 'pending';--> statement-breakpoint
-- One hike at a time (ADR 0054). Written by hand after drizzle-kit's DDL above.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_capacity_check" CHECK ("capacity" >= 2);
--> statement-breakpoint
-- The people a match books, by its state: a search books its owner; a pending match its owner and
-- the one who asked (an invitation received books nobody until it is accepted); a confirmed hike
-- everyone on it and everyone who asked to join it.
CREATE FUNCTION hike_booked_users(m matches) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_remove(CASE m.status
    WHEN 'searching' THEN ARRAY[m.id1]
    WHEN 'pending' THEN ARRAY[m.id1, m.requested_by]
    WHEN 'confirmed' THEN m.participants || ARRAY(SELECT r.user_id FROM hike_requests r WHERE r.match_id = m.id AND r.status = 'pending')
    ELSE '{}'::text[] END, NULL)
$$;
--> statement-breakpoint
-- Brings one match's bookings in line with it. A clash from before the rule keeps `active` false.
CREATE FUNCTION sync_hike_bookings(hike uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m matches;
  wanted text[];
BEGIN
  SELECT * INTO m FROM matches WHERE id = hike;
  IF NOT FOUND THEN RETURN; END IF;
  wanted := hike_booked_users(m);
  DELETE FROM hike_bookings b WHERE b.match_id = hike AND NOT (b.user_id = ANY (wanted));
  INSERT INTO hike_bookings (user_id, match_id, slot, period, confirmed)
    SELECT DISTINCT u, hike, m.trail_id::text || '@' || m.start_time::text, tstzrange(m.start_time, m.end_time), m.status = 'confirmed'
    FROM unnest(wanted) AS u
  ON CONFLICT (user_id, match_id) DO UPDATE
    SET slot = EXCLUDED.slot, period = EXCLUDED.period, confirmed = EXCLUDED.confirmed
    WHERE (hike_bookings.slot, hike_bookings.period, hike_bookings.confirmed) IS DISTINCT FROM (EXCLUDED.slot, EXCLUDED.period, EXCLUDED.confirmed);
END
$$;
--> statement-breakpoint
-- 1. The pairs that share a person, a trail and a start time become one hike: the first confirmed
-- keeps everyone, its capacity grows to fit them, and the other's conversation, reads, trip
-- check-ins, feedback and notifications move to it; the other is cancelled as 'merged'.
DO $$
DECLARE
  keep matches;
  gone matches;
BEGIN
  LOOP
    SELECT a.* INTO keep
      FROM matches a JOIN matches b
        ON b.trail_id = a.trail_id AND b.start_time = a.start_time AND b.id <> a.id
       AND b.participants && a.participants
       AND (coalesce(a.confirmed_at, a.created_at), a.id) < (coalesce(b.confirmed_at, b.created_at), b.id)
     WHERE a.status = 'confirmed' AND b.status = 'confirmed'
     LIMIT 1;
    EXIT WHEN NOT FOUND;
    SELECT b.* INTO gone FROM matches a JOIN matches b
        ON b.trail_id = a.trail_id AND b.start_time = a.start_time AND b.id <> a.id
       AND b.participants && a.participants AND (coalesce(a.confirmed_at, a.created_at), a.id) < (coalesce(b.confirmed_at, b.created_at), b.id)
     WHERE a.id = keep.id AND a.status = 'confirmed' AND b.status = 'confirmed'
     ORDER BY coalesce(b.confirmed_at, b.created_at), b.id LIMIT 1;
    UPDATE matches SET
        participants = ARRAY(SELECT DISTINCT p FROM unnest(keep.participants || gone.participants) AS p ORDER BY p),
        capacity = GREATEST(capacity, cardinality(ARRAY(SELECT DISTINCT p FROM unnest(keep.participants || gone.participants) AS p)))
      WHERE id = keep.id;
    UPDATE messages SET match_id = keep.id WHERE match_id = gone.id;
    INSERT INTO conversation_reads SELECT keep.id, r.user_id, r.last_read_message_id, r.last_read_seq, r.read_at
      FROM conversation_reads r WHERE r.match_id = gone.id ON CONFLICT DO NOTHING;
    INSERT INTO trip_participations SELECT keep.id, t.user_id, t.shared_at, t.share_token_hash, t.share_expires_at, t.checked_in_at, t.checked_out_at, t.overdue_alerted_at
      FROM trip_participations t WHERE t.match_id = gone.id
      AND NOT EXISTS (SELECT 1 FROM trip_participations k WHERE k.match_id = keep.id AND k.user_id = t.user_id);
    DELETE FROM trip_participations WHERE match_id = gone.id;
    UPDATE match_feedback f SET match_id = keep.id WHERE f.match_id = gone.id
      AND NOT EXISTS (SELECT 1 FROM match_feedback k WHERE k.match_id = keep.id AND k.user_id = f.user_id);
    UPDATE notifications SET match_id = keep.id WHERE match_id = gone.id;
    UPDATE matches SET status = 'cancelled', cancel_reason = 'merged', cancelled_at = now(), meeting_point = NULL
      WHERE id = gone.id;
    UPDATE matches SET meeting_point = COALESCE(keep.meeting_point, gone.meeting_point) WHERE id = keep.id;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A person's active bookings of overlapping times are all of one slot, and one at most is confirmed.
-- Deferrable only so that the demo seed, which moves its rows a week at a time, can check them at
-- its commit; everything else is checked at each statement.
ALTER TABLE "hike_bookings" ADD CONSTRAINT "hike_bookings_one_slot_at_a_time"
  EXCLUDE USING gist ("user_id" WITH =, "period" WITH &&, "slot" WITH <>) WHERE ("active") DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "hike_bookings" ADD CONSTRAINT "hike_bookings_one_hike_at_a_time"
  EXCLUDE USING gist ("user_id" WITH =, "period" WITH &&) WHERE ("active" AND "confirmed") DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
-- 2. Everyone's bookings, confirmed hikes first (the earliest confirmed first), then pending
-- matches and searches, oldest first. A confirmed hike that overlaps one of its people's earlier
-- hikes is kept, booked inactive, and both hikes' people are told of the clash; a search or a
-- pending match that overlaps a hike of another slot ends as 'superseded'.
DO $$
DECLARE
  r record;
  clash record;
BEGIN
  FOR r IN
    SELECT id, status FROM matches WHERE status IN ('searching', 'pending', 'confirmed')
    ORDER BY status <> 'confirmed', confirmed_at NULLS LAST, created_at, id
  LOOP
    BEGIN
      PERFORM sync_hike_bookings(r.id);
    EXCEPTION WHEN exclusion_violation THEN
      IF r.status = 'confirmed' THEN
        INSERT INTO hike_bookings (user_id, match_id, slot, period, confirmed, active)
          SELECT u, m.id, m.trail_id::text || '@' || m.start_time::text, tstzrange(m.start_time, m.end_time), true, false
          FROM matches m, unnest(m.participants) AS u WHERE m.id = r.id
          ON CONFLICT (user_id, match_id) DO NOTHING;
        FOR clash IN
          SELECT DISTINCT other.match_id AS other_id
          FROM hike_bookings mine JOIN hike_bookings other
            ON other.user_id = mine.user_id AND other.period && mine.period AND other.match_id <> mine.match_id AND other.active
          WHERE mine.match_id = r.id
        LOOP
          INSERT INTO notifications (recipient_id, kind, match_id, actor_id, params, in_app, mail_status)
            SELECT u, 'hike-clash', h.id, NULL,
                   jsonb_build_object('actorName', 'Someone', 'trailName', coalesce(t.name, 'your trail')), true, 'none'
            FROM matches h LEFT JOIN trails t ON t.id = h.trail_id, unnest(h.participants) AS u
            WHERE h.id IN (r.id, clash.other_id)
              AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.recipient_id = u AND n.kind = 'hike-clash' AND n.match_id = h.id);
        END LOOP;
      ELSE
        UPDATE matches SET status = 'cancelled', cancel_reason = 'superseded', cancelled_at = now() WHERE id = r.id;
      END IF;
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION matches_sync_hike_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_hike_bookings(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER matches_sync_hike_bookings AFTER INSERT OR UPDATE OF status, participants, id1, requested_by, start_time, end_time, trail_id ON matches
  FOR EACH ROW EXECUTE FUNCTION matches_sync_hike_bookings();
--> statement-breakpoint
CREATE FUNCTION hike_requests_sync_hike_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_hike_bookings(CASE WHEN TG_OP = 'DELETE' THEN OLD.match_id ELSE NEW.match_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hike_requests_sync_hike_bookings AFTER INSERT OR UPDATE OR DELETE ON hike_requests
  FOR EACH ROW EXECUTE FUNCTION hike_requests_sync_hike_bookings();
--> statement-breakpoint
-- Leaving a hike that goes on with the others less than 24 hours before it counts like a late
-- cancellation (ADR 0027) against the one who left.
CREATE FUNCTION hike_requests_late_leave_reliability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET late_cancels = late_cancels + 1 WHERE user_id = NEW.user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hike_requests_late_leave_reliability AFTER INSERT ON hike_requests
  FOR EACH ROW WHEN (NEW.status = 'left' AND NEW.late)
  EXECUTE FUNCTION hike_requests_late_leave_reliability();
