-- Issue 23: profiles have a biking skill, and Best Matches ranks a biking trail's candidates by it.
ALTER TABLE "profiles" ADD COLUMN "skill_biking" text DEFAULT 'beginner' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_skill_biking" text;--> statement-breakpoint
-- A biking trail's kinds are the biking skill and the preferences (services/best-matches.ts); the
-- comfort facts ride along (INCLUDE) as in the other kind indexes (migration 0018).
CREATE INDEX "profiles_biking_kind_idx" ON "profiles" USING btree ("skill_biking","pace","communication","adventure_level","reliable","user_id")
  INCLUDE ("gender","age","comfort_same_gender","comfort_age_min","comfort_age_max","languages") WHERE registration_completed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "matches_searching_biking_kind_recent_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_biking","searcher_pace","searcher_communication","searcher_adventure_level","searcher_reliable","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("id1","searcher_gender","searcher_age","searcher_same_gender","searcher_age_min","searcher_age_max","searcher_languages") WHERE status = 'searching';--> statement-breakpoint
-- The searcher copy of migrations 0010 and 0018, with the biking skill beside the other two.
CREATE OR REPLACE FUNCTION matches_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'searching' THEN
    SELECT p.skill_hiking, p.skill_running, p.skill_biking, p.pace, p.communication, p.adventure_level, p.reliable,
           p.gender, p.age, p.comfort_same_gender, p.comfort_age_min, p.comfort_age_max, p.languages
      INTO NEW.searcher_skill_hiking, NEW.searcher_skill_running, NEW.searcher_skill_biking, NEW.searcher_pace, NEW.searcher_communication,
           NEW.searcher_adventure_level, NEW.searcher_reliable, NEW.searcher_gender, NEW.searcher_age, NEW.searcher_same_gender,
           NEW.searcher_age_min, NEW.searcher_age_max, NEW.searcher_languages
      FROM profiles p WHERE p.user_id = NEW.id1
      FOR SHARE;
  ELSE
    NEW.searcher_skill_hiking := NULL;
    NEW.searcher_skill_running := NULL;
    NEW.searcher_skill_biking := NULL;
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
     SET searcher_skill_hiking = NEW.skill_hiking, searcher_skill_running = NEW.skill_running, searcher_skill_biking = NEW.skill_biking,
         searcher_pace = NEW.pace, searcher_communication = NEW.communication, searcher_adventure_level = NEW.adventure_level,
         searcher_reliable = NEW.reliable, searcher_gender = NEW.gender, searcher_age = NEW.age,
         searcher_same_gender = NEW.comfort_same_gender, searcher_age_min = NEW.comfort_age_min,
         searcher_age_max = NEW.comfort_age_max, searcher_languages = NEW.languages
   WHERE id1 = NEW.user_id AND status = 'searching';
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER profiles_searcher_traits ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_searcher_traits AFTER UPDATE OF skill_hiking, skill_running, skill_biking, pace, communication, adventure_level,
    gender, age, comfort_same_gender, comfort_age_min, comfort_age_max, languages, reliability_reviews, reliability_good, late_cancels
  ON profiles
  FOR EACH ROW
  WHEN ((OLD.skill_hiking, OLD.skill_running, OLD.skill_biking, OLD.pace, OLD.communication, OLD.adventure_level, OLD.reliable, OLD.gender,
         OLD.age, OLD.comfort_same_gender, OLD.comfort_age_min, OLD.comfort_age_max, OLD.languages)
        IS DISTINCT FROM (NEW.skill_hiking, NEW.skill_running, NEW.skill_biking, NEW.pace, NEW.communication, NEW.adventure_level,
         NEW.reliable, NEW.gender, NEW.age, NEW.comfort_same_gender, NEW.comfort_age_min, NEW.comfort_age_max, NEW.languages))
  EXECUTE FUNCTION profiles_searcher_traits();--> statement-breakpoint
UPDATE matches m SET searcher_skill_biking = p.skill_biking FROM profiles p WHERE p.user_id = m.id1 AND m.status = 'searching';
