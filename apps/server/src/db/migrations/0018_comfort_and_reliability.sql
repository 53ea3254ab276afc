-- Matching that respects comfort (ADR 0031). A person's comfort preferences and languages; the
-- structured answers of feedback; the reliability counts and the badge they give, kept by triggers
-- so no code path can forget them; and, as ADR 0015 does for the compatibility traits, a copy of
-- the searcher's badge and comfort facts on a searching match, so Best Matches filters and ranks
-- with plain column comparisons read from its indexes.
ALTER TABLE "profiles" ADD COLUMN "comfort_same_gender" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "comfort_age_min" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "comfort_age_max" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reliability_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reliability_good" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "late_cancels" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The badge: at least 3 reported hikes, and at least 80% of them plus the late cancellations went well.
ALTER TABLE "profiles" ADD COLUMN "reliable" boolean GENERATED ALWAYS AS (reliability_reviews >= 3 AND reliability_good * 5 >= (reliability_reviews + late_cancels) * 4) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD COLUMN "partner_showed_up" boolean;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD COLUMN "partner_on_time" boolean;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD COLUMN "partner_pace_as_described" boolean;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_reliable" boolean;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_gender" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_age" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_same_gender" boolean;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_age_min" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_age_max" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_languages" text[];--> statement-breakpoint
-- The partner's answers about a hike the reviewer attended count for the partner, once (feedback is
-- inserted once per person and match).
CREATE FUNCTION match_feedback_reliability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p
     SET reliability_reviews = p.reliability_reviews + 1,
         reliability_good = p.reliability_good
           + (NEW.partner_showed_up AND NEW.partner_on_time IS NOT FALSE AND NEW.partner_pace_as_described IS NOT FALSE)::int
    FROM matches m
   WHERE m.id = NEW.match_id AND p.user_id = ANY (m.participants) AND p.user_id <> NEW.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER match_feedback_reliability AFTER INSERT ON match_feedback
  FOR EACH ROW WHEN (NEW.attended AND NEW.partner_showed_up IS NOT NULL)
  EXECUTE FUNCTION match_feedback_reliability();--> statement-breakpoint
-- A late cancellation (ADR 0027 records it when the hike is cancelled) counts against its author.
CREATE FUNCTION matches_late_cancel_reliability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET late_cancels = late_cancels + 1 WHERE user_id = NEW.cancelled_by;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER matches_late_cancel_reliability AFTER INSERT OR UPDATE OF late_cancel ON matches
  FOR EACH ROW WHEN (NEW.late_cancel AND NEW.cancelled_by IS NOT NULL)
  EXECUTE FUNCTION matches_late_cancel_reliability();--> statement-breakpoint
-- The searcher copy of migration 0010, extended: traits, badge and comfort facts, taken together.
CREATE OR REPLACE FUNCTION matches_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'searching' THEN
    SELECT p.skill_hiking, p.skill_running, p.pace, p.communication, p.adventure_level, p.reliable,
           p.gender, p.age, p.comfort_same_gender, p.comfort_age_min, p.comfort_age_max, p.languages
      INTO NEW.searcher_skill_hiking, NEW.searcher_skill_running, NEW.searcher_pace, NEW.searcher_communication, NEW.searcher_adventure_level,
           NEW.searcher_reliable, NEW.searcher_gender, NEW.searcher_age, NEW.searcher_same_gender, NEW.searcher_age_min,
           NEW.searcher_age_max, NEW.searcher_languages
      FROM profiles p WHERE p.user_id = NEW.id1
      FOR SHARE;
  ELSE
    NEW.searcher_skill_hiking := NULL;
    NEW.searcher_skill_running := NULL;
    NEW.searcher_pace := NULL;
    NEW.searcher_communication := NULL;
    NEW.searcher_adventure_level := NULL;
    NEW.searcher_reliable := NULL;
    NEW.searcher_gender := NULL;
    NEW.searcher_age := NULL;
    NEW.searcher_same_gender := NULL;
    NEW.searcher_age_min := NULL;
    NEW.searcher_age_max := NULL;
    NEW.searcher_languages := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matches
     SET searcher_skill_hiking = NEW.skill_hiking, searcher_skill_running = NEW.skill_running, searcher_pace = NEW.pace,
         searcher_communication = NEW.communication, searcher_adventure_level = NEW.adventure_level,
         searcher_reliable = NEW.reliable, searcher_gender = NEW.gender, searcher_age = NEW.age,
         searcher_same_gender = NEW.comfort_same_gender, searcher_age_min = NEW.comfort_age_min,
         searcher_age_max = NEW.comfort_age_max, searcher_languages = NEW.languages
   WHERE id1 = NEW.user_id AND status = 'searching';
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER profiles_searcher_traits ON profiles;--> statement-breakpoint
-- reliable is generated from the three counts, so a change of the badge is an update of them.
CREATE TRIGGER profiles_searcher_traits AFTER UPDATE OF skill_hiking, skill_running, pace, communication, adventure_level,
    gender, age, comfort_same_gender, comfort_age_min, comfort_age_max, languages, reliability_reviews, reliability_good, late_cancels
  ON profiles
  FOR EACH ROW
  WHEN ((OLD.skill_hiking, OLD.skill_running, OLD.pace, OLD.communication, OLD.adventure_level, OLD.reliable, OLD.gender, OLD.age,
         OLD.comfort_same_gender, OLD.comfort_age_min, OLD.comfort_age_max, OLD.languages)
        IS DISTINCT FROM (NEW.skill_hiking, NEW.skill_running, NEW.pace, NEW.communication, NEW.adventure_level, NEW.reliable, NEW.gender,
         NEW.age, NEW.comfort_same_gender, NEW.comfort_age_min, NEW.comfort_age_max, NEW.languages))
  EXECUTE FUNCTION profiles_searcher_traits();--> statement-breakpoint
UPDATE profiles p SET late_cancels = c.n
  FROM (SELECT cancelled_by, count(*)::int AS n FROM matches WHERE late_cancel AND cancelled_by IS NOT NULL GROUP BY cancelled_by) c
 WHERE p.user_id = c.cancelled_by;--> statement-breakpoint
UPDATE matches m
   SET searcher_reliable = p.reliable, searcher_gender = p.gender, searcher_age = p.age, searcher_same_gender = p.comfort_same_gender,
       searcher_age_min = p.comfort_age_min, searcher_age_max = p.comfort_age_max, searcher_languages = p.languages
  FROM profiles p
 WHERE p.user_id = m.id1 AND m.status = 'searching';--> statement-breakpoint
-- The comfort facts ride along in the kind indexes (INCLUDE), so the filters read them there.
DROP INDEX "matches_searching_kind_recent_idx";--> statement-breakpoint
CREATE INDEX "matches_searching_kind_recent_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_hiking","searcher_skill_running","searcher_pace","searcher_communication","searcher_adventure_level","searcher_reliable","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("id1","searcher_gender","searcher_age","searcher_same_gender","searcher_age_min","searcher_age_max","searcher_languages") WHERE status = 'searching';--> statement-breakpoint
DROP INDEX "profiles_match_kind_idx";--> statement-breakpoint
CREATE INDEX "profiles_match_kind_idx" ON "profiles" USING btree ("skill_hiking","skill_running","pace","communication","adventure_level","reliable","user_id")
  INCLUDE ("gender","age","comfort_same_gender","comfort_age_min","comfort_age_max","languages") WHERE registration_completed_at IS NOT NULL;
